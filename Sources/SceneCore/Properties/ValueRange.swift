/// The values a numeric property accepts, beyond its kind: the checker refuses the others, and random specs are
/// drawn from inside it.
///
/// For a one-number property the range bounds that number; for a `rect` it bounds the width and height (an
/// origin may be anywhere).
public struct ValueRange: Sendable, Hashable {
  public let lowerBound: Double
  public let upperBound: Double
  /// Only whole numbers (a count, not a length).
  public let integer: Bool

  public init(_ lowerBound: Double, _ upperBound: Double = .greatestFiniteMagnitude, integer: Bool = false) {
    self.lowerBound = lowerBound
    self.upperBound = upperBound
    self.integer = integer
  }

  /// 0 to 1: opacities and fractions of a path's length.
  public static let unit = ValueRange(0, 1)
  /// Lengths and sizes.
  public static let nonNegative = ValueRange(0)
  /// Font sizes, in points: text renderers draw none much larger (Pango, which librsvg uses, stops below 2^21;
  /// rsvg-convert aborted on 3.4e38).
  public static let fontSize = ValueRange(0, 1_000_000)
  /// Whole numbers ≥ 0: counts of copies.
  public static let count = ValueRange(0, integer: true)

  public var closedRange: ClosedRange<Double> { lowerBound...upperBound }
  public var isBoundedAbove: Bool { upperBound < .greatestFiniteMagnitude }

  public func contains(_ value: Double) -> Bool {
    closedRange.contains(value) && (!integer || value == value.rounded())
  }
}
