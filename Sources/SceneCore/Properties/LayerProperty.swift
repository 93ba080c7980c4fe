/// One property a layer can set in a spec, with Core Animation's name, type and default.
///
/// This table is the single source of truth for layer properties: the checker validates against it, the
/// JSON Schema for editors is generated from it, the runtime lays out its per-layer value slots by it, and a
/// test holds Grammar.md to it.
public struct LayerProperty: Sendable, Hashable {
  public let name: String
  public let kind: ValueKind
  public let layerTypes: Set<LayerType>
  /// Whether a timeline may animate it (through a key path of the same name).
  public let animatable: Bool
  /// For animatable numeric properties: where the value's components start in `SlotLayout`.
  public let slot: Int?
  /// The default, flattened; `nil` for non-numeric properties (their default is in `defaultText`).
  public let defaultValue: [Double]?
  /// How Grammar.md and the JSON Schema show the default.
  public let defaultText: String
  /// For `.enumeration`: the allowed words, the first being the default.
  public let cases: [String]
  /// One line for Grammar.md and the schema's descriptions.
  public let summary: String

  init(
    _ name: String, _ kind: ValueKind, _ layerTypes: Set<LayerType>, animatable: Bool, slot: Int? = nil,
    default defaultValue: [Double]? = nil, text: String, cases: [String] = [], _ summary: String
  ) {
    self.name = name
    self.kind = kind
    self.layerTypes = layerTypes
    self.animatable = animatable
    self.slot = slot
    self.defaultValue = defaultValue
    self.defaultText = text
    self.cases = cases
    self.summary = summary
  }
}
