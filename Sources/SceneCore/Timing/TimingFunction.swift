/// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2).
public struct TimingFunction: Sendable, Hashable {
  /// The largest |y1| and |y2| the checker accepts (Grammar.md, Limits).
  public static let overshootBound = 1e6

  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  public static let linear = TimingFunction(0, 0, 1, 1)
  public static let easeIn = TimingFunction(0.42, 0, 1, 1)
  public static let easeOut = TimingFunction(0, 0, 0.58, 1)
  public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
  /// "The curve used by implicit animations created by Core Animation."
  public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

  /// The names the language accepts, with their curves.
  public static let named: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
    ("default", .default),
  ]

  public var isLinear: Bool { x1 == y1 && x2 == y2 }
}
