/// Bounds that keep the reader fast and its memory bounded on hostile input. Each is documented in
/// Grammar.md with the command-line flag that changes it.
public struct YAMLLimits: Sendable, Hashable {
  /// Largest input accepted, in bytes.
  public var maxInputBytes: Int
  /// Deepest nesting of sequences and mappings.
  public var maxDepth: Int
  /// Longest scalar (a key or a value), in bytes.
  public var maxScalarBytes: Int

  public init(maxInputBytes: Int = 64 << 20, maxDepth: Int = 128, maxScalarBytes: Int = 1 << 20) {
    self.maxInputBytes = maxInputBytes
    self.maxDepth = maxDepth
    self.maxScalarBytes = maxScalarBytes
  }

  public static let `default` = YAMLLimits()
}
