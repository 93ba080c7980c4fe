import SceneCore

/// One key the language accepts in one place, with its type, default and meaning.
///
/// The tables in `SpecSchema` drive the checker's unknown-key diagnostics and suggestions, `scenec schema`
/// (the JSON Schema editors use), and a test that holds Grammar.md to them.
public struct SchemaKey: Sendable, Hashable {
  public enum Shape: Sendable, Hashable {
    /// A value of a property type (number, colour, path, …).
    case value(ValueKind)
    /// A list of layer entries.
    case layers
    /// A single layer entry (`mask`).
    case layer
    /// A mapping from names to values (`let`, `paths`, `timelines`, `states`).
    case namedMap
    /// A list of timeline entries (`group`, `sequence`).
    case animations
    /// A list of values of the key path's type (`values`).
    case keyPathValues
    /// A single value of the key path's type (`from`, `to`, `by`).
    case keyPathValue
    /// A list of numbers (`keyTimes`, `tension`).
    case numbers
    /// A list of timing functions.
    case timingFunctions
    /// `spring: {…}`.
    case spring
    /// A timing function name or `[x1, y1, x2, y2]`.
    case timingFunction
    /// A word naming a layer (`target`).
    case layerReference
    /// A word naming something (ids, loop variables).
    case name
    /// A word from `cases`.
    case word
    /// Free text.
    case text
    /// A number that may also be `inf`.
    case count
  }

  public let name: String
  public let shape: Shape
  public let required: Bool
  public let defaultText: String
  public let cases: [String]
  public let summary: String
  /// `name.utf8.count`, kept so that matching a mapping's keys against a schema compares lengths without counting.
  public let nameLength: Int

  public init(
    _ name: String, _ shape: Shape, required: Bool = false, default defaultText: String = "", cases: [String] = [],
    _ summary: String
  ) {
    self.name = name
    self.shape = shape
    self.required = required
    self.defaultText = defaultText
    self.cases = cases
    self.summary = summary
    self.nameLength = name.utf8.count
  }
}
