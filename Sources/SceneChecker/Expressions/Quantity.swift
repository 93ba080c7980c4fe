/// A number with its dimension, as an expression computes it.
///
/// Angles are stored in radians and durations in seconds whatever suffix wrote them (`45deg` is π/4, `250ms` is
/// 0.25), because those are the units Core Animation reads; the unit only says which of the two it is.
public struct Quantity: Sendable, Hashable {
  public var value: Double
  public var unit: Unit

  public init(_ value: Double, _ unit: Unit = .none) {
    self.value = value
    self.unit = unit
  }
}

/// An expression value's dimension. Lengths, scales, opacities and counts are all `none`: Core Animation
/// gives them no unit, and telling them apart would reject sensible arithmetic such as `width * 0.5`.
public enum Unit: Sendable, Hashable, CaseIterable {
  case none
  case angle
  case time

  /// "a number", "an angle", "a duration", for messages.
  public var phrase: String {
    switch self {
    case .none: return "a number"
    case .angle: return "an angle"
    case .time: return "a duration"
    }
  }

  /// The unit both operands share when one is a bare number, which adopts the other's unit (a bare number is
  /// radians or seconds in Core Animation); nil when an angle meets a duration.
  func combined(with other: Unit) -> Unit? {
    switch (self, other) {
    case (.none, _): return other
    case (_, .none): return self
    default: return self == other ? self : nil
    }
  }
}
