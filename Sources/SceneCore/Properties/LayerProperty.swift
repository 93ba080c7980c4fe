/// One property a layer can set in a spec, with Core Animation's name, type and default: the runtime's part of the
/// property table (`LayerProperty.all`). How Grammar.md and the schema describe it is the front end's
/// (SceneChecker's `PropertyDocs`).
///
/// This table is the single source of truth for layer properties: the runtime lays out its per-layer value slots
/// by it, the checker validates against it (kinds, ranges, words), `scenec sample` prints by it, the JSON Schema
/// for editors is generated from it, and tests hold Grammar.md and the random specs of the differential test to it.
///
/// A class, for the reason `AnimatableKeyPath` is one: the checker reads a row per key of every layer, and a struct
/// of a set and three arrays cost four reference counts per copy. Equal when the keys are (one row per key).
public final class LayerProperty: Sendable, Hashable {
  public let key: PropertyName
  public var name: String { key.rawValue }
  public let kind: ValueKind
  public let layerTypes: Set<LayerType>
  /// Whether a timeline may animate it (through a key path of the same name).
  public let animatable: Bool
  /// For animatable numeric properties (and a few fixed numbers the plan carries): where the value's components
  /// start in a layer's slots (`SlotLayout`).
  /// Assigned from the table's order, never written by hand.
  public let slot: Int?
  /// The default, flattened; `nil` for non-numeric properties (their default is the style's).
  public let defaultValue: [Double]?
  /// The values the checker accepts, when the kind alone allows too many.
  public let range: ValueRange?
  /// For `.enumeration`: the allowed words, the first being the default.
  public let cases: [String]

  /// How many slots the property takes: its kind's component count, 0 when it has no slot.
  public var width: Int { slot == nil ? 0 : kind.componentCount ?? 0 }
  /// The property's slots, empty when it has none.
  public var slots: Range<Int> { (slot ?? 0)..<((slot ?? 0) + width) }

  init(row: Row, slot: Int?) {
    key = row.key
    kind = row.kind
    layerTypes = row.layerTypes
    animatable = row.animatable
    self.slot = slot
    defaultValue = row.defaultValue
    range = row.range
    cases = row.cases
  }

  public static func == (lhs: LayerProperty, rhs: LayerProperty) -> Bool { lhs === rhs || lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// One row of the table as written, before slots are assigned.
  struct Row {
    let key: PropertyName
    let kind: ValueKind
    let layerTypes: Set<LayerType>
    let animatable: Bool
    let defaultValue: [Double]?
    let range: ValueRange?
    let cases: [String]
    /// Keeps a slot although not animatable: a number the plan must carry per layer (a replicator's count).
    let slotted: Bool

    init(
      _ key: PropertyName, _ kind: ValueKind, _ layerTypes: Set<LayerType>, animatable: Bool, slotted: Bool = false,
      default defaultValue: [Double]? = nil, range: ValueRange? = nil, cases: [String] = []
    ) {
      self.key = key
      self.kind = kind
      self.layerTypes = layerTypes
      self.animatable = animatable
      self.slotted = slotted
      self.defaultValue = defaultValue
      self.range = range
      self.cases = cases
    }

    /// Animatable properties that flatten to numbers live in the slots (and the few numbers marked `slotted`);
    /// paths, words, strings and lists do not.
    var hasSlots: Bool { (animatable || slotted) && kind.componentCount != nil }
  }
}
