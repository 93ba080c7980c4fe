import SceneCore

/// One CAMediaTiming node of a track's time transform.
///
/// A track's stages run from its timeline's root down to its leaf; each maps its parent's time to its own
/// progress, and a group's warped progress times its duration becomes its children's parent time. Plain numbers
/// only, so `[TimeStage]` stays one contiguous block.
public struct TimeStage: Sendable, Hashable {
  public var beginTime: Double
  public var speed: Double
  public var timeOffset: Double
  public var duration: Double
  /// duration, or twice it when autoreversing.
  public var cycle: Double
  public var activeDuration: Double
  public var flags: Flags
  /// The stage's timing function as control points; a linear one (x1 = y1, x2 = y2) leaves progress unwarped.
  public var timingFunction: TimingFunction

  public init(
    beginTime: Double, speed: Double, timeOffset: Double, duration: Double, cycle: Double, activeDuration: Double,
    flags: Flags, timingFunction: TimingFunction
  ) {
    self.beginTime = beginTime
    self.speed = speed
    self.timeOffset = timeOffset
    self.duration = duration
    self.cycle = cycle
    self.activeDuration = activeDuration
    self.flags = flags
    self.timingFunction = timingFunction
  }

  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let autoreverses = Flags(rawValue: 1)
    public static let fillsBackwards = Flags(rawValue: 2)
    public static let fillsForwards = Flags(rawValue: 4)
    /// Only a timeline's root is removed on completion; members of groups ignore the flag.
    public static let removed = Flags(rawValue: 8)

    /// The names the plan's JSON gives the flags, in the order it writes them.
    public static let names: [(String, Flags)] = [
      ("autoreverses", .autoreverses), ("fillsBackwards", .fillsBackwards), ("fillsForwards", .fillsForwards),
      ("removed", .removed),
    ]
  }

  /// What a plan may hold, and so what its loader accepts and its compiler writes: a begin time finite or +∞ (a
  /// member of a sequence after an endless sibling never starts), speed and timeOffset finite, duration and cycle
  /// > 0 (+∞ included), activeDuration ≥ 0.
  public static func isLoadable(
    beginTime: Double, speed: Double, timeOffset: Double, duration: Double, cycle: Double, activeDuration: Double
  ) -> Bool {
    (beginTime.isFinite || beginTime == .infinity) && speed.isFinite && timeOffset.isFinite && duration > 0
      && cycle > 0 && activeDuration >= 0
  }

  public var isLoadable: Bool {
    Self.isLoadable(
      beginTime: beginTime, speed: speed, timeOffset: timeOffset, duration: duration, cycle: cycle,
      activeDuration: activeDuration)
  }

  /// Whether the timing function warps progress at all (a linear curve is the identity, not a solved cubic).
  public var isEased: Bool { !timingFunction.isLinear }

  /// The polynomial form the sampler evaluates, derived from the control points.
  public var curve: CubicTimingCurve { CubicTimingCurve(timingFunction) }

  /// Where `terminal` ends, as `CycleClock.terminal` decides it.
  public var terminal: (iteration: Double, position: Double) {
    CycleClock.terminal(activeDuration: activeDuration, timeOffset: timeOffset, cycle: cycle, speed: speed)
  }
}
