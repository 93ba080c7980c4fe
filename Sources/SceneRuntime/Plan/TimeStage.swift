import SceneCore

/// One CAMediaTiming node of a track's time transform, stored as `stride` plain numbers.
///
/// A track's stages run from its timeline's root down to its leaf; each maps its parent's time to its own
/// progress, and a group's warped progress times its duration becomes its children's parent time.
public enum TimeStage {
  public static let beginTime = 0
  public static let speed = 1
  public static let timeOffset = 2
  public static let duration = 3
  /// duration, or twice it when autoreversing.
  public static let cycle = 4
  public static let activeDuration = 5
  /// A `Flags` bit set, stored as a number.
  public static let flags = 6
  /// 1 when the six timing-curve coefficients follow; 0 for linear (the coefficients are then 0).
  public static let eased = 7
  /// `CubicTimingCurve` ax, bx, cx, ay, by, cy.
  public static let curve = 8
  public static let stride = 14

  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let autoreverses = Flags(rawValue: 1)
    public static let fillsBackwards = Flags(rawValue: 2)
    public static let fillsForwards = Flags(rawValue: 4)
    /// Only a timeline's root is removed on completion; members of groups ignore the flag.
    public static let removed = Flags(rawValue: 8)
  }

  /// The numbers of one stage, in storage order.
  public static func encode(
    beginTime: Double, speed: Double, timeOffset: Double, duration: Double, cycle: Double, activeDuration: Double,
    flags: Flags, timingFunction: TimingFunction?
  ) -> [Double] {
    var numbers = [beginTime, speed, timeOffset, duration, cycle, activeDuration, Double(flags.rawValue)]
    if let function = timingFunction, !function.isLinear {
      let curve = function.curve
      numbers += [1, curve.ax, curve.bx, curve.cx, curve.ay, curve.by, curve.cy]
    } else {
      numbers += [0, 0, 0, 0, 0, 0, 0]
    }
    return numbers
  }
}
