/// Where a node's local time falls among its repeat cycles, with cycle boundaries decided as the exact decimal
/// inputs would decide them rather than as their rounded products happen to fall (docs/semantics.md, "Exact
/// boundaries").
///
/// `repeatCount: 3, duration: 0.1` gives an active duration of 0.30000000000000004 in doubles, and that divided back
/// by 0.1 is 3.0000000000000004, whose ceiling is 4: a floor/ceil on the raw quotient ends such an animation in a
/// fourth repeat at u ≈ 0, on its start value, where Core Animation ends on the end value. About 4 % of
/// durations × counts do this. So a quotient within `tolerance` (relative) of a whole number is treated as that
/// whole number: a boundary.
///
/// Public so that every consumer of the plan's `TimeStage`s (the sampler, the Lottie exporter) decides ends alike:
/// `TimeStage.terminal` for a stage's end, `entering` / `leaving` for a local time.
public enum CycleClock {
  /// Relative distance from a whole number of cycles within which a quotient counts as on the boundary. Rounding
  /// of decimal inputs and their products is ~1e-16 relative; 1e-12 leaves four orders of margin, and only inputs
  /// absurdly close to a boundary (a repeatCount of 3.000000000001) would be moved by it.
  public static let tolerance = 1e-12

  /// The cycle local time `t` is in and its position `u ∈ [0, C)` in it: a boundary starts the next cycle (the
  /// active phase, the backward fill, the end going backwards). An endless cycle never wraps; a zero cycle gives
  /// (0, 0).
  @inlinable
  public static func entering(_ t: Double, cycle: Double) -> (iteration: Double, position: Double) {
    entering(t, cycle: cycle, atEnd: false)
  }

  @inlinable
  static func entering(_ t: Double, cycle: Double, atEnd: Bool) -> (iteration: Double, position: Double) {
    guard cycle.isFinite else { return (0, t) }
    guard cycle > 0 else { return (0, 0) }
    let quotient = t / cycle
    let iteration = floor(quotient)
    let slack = slack(quotient, atEnd: atEnd)
    let fraction = quotient - iteration
    if fraction >= 1 - slack { return (iteration + 1, 0) }
    if fraction <= slack { return (iteration, 0) }
    return (iteration, min(max(t - cycle * iteration, 0), cycle))
  }

  /// The limit from below: the cycle `t` closes and its position `u ∈ (0, C]`: a boundary ends the cycle before it
  /// (the end going forwards).
  @inlinable
  public static func leaving(_ t: Double, cycle: Double) -> (iteration: Double, position: Double) {
    leaving(t, cycle: cycle, atEnd: false)
  }

  @inlinable
  static func leaving(_ t: Double, cycle: Double, atEnd: Bool) -> (iteration: Double, position: Double) {
    guard cycle.isFinite else { return (0, t) }
    guard cycle > 0 else { return (0, 0) }
    let quotient = t / cycle
    let above = ceil(quotient)
    let slack = slack(quotient, atEnd: atEnd)
    let shortfall = above - quotient
    if shortfall >= 1 - slack { return (above - 2, cycle) }
    if shortfall <= slack { return (above - 1, cycle) }
    let iteration = above - 1
    return (iteration, min(max(t - cycle * iteration, 0), cycle))
  }

  /// The repeat and position a node ends in (its after phase, filling forwards): the limit from inside the active
  /// window, as `leaving(AD + timeOffset)` going forwards and `entering(timeOffset − AD)` going backwards would give
  /// it in exact arithmetic. With whole repeats and no offset that is repeat n − 1 at u = C: the end value, or the
  /// start value when autoreversing. Not meaningful for speed 0 (never after) or an endless active duration.
  @inlinable
  public static func terminal(activeDuration: Double, timeOffset: Double, cycle: Double, speed: Double)
    -> (iteration: Double, position: Double)
  {
    guard cycle.isFinite, cycle > 0 else {
      if speed > 0 { return leaving(activeDuration + timeOffset, cycle: cycle, atEnd: true) }
      return entering(timeOffset - activeDuration, cycle: cycle, atEnd: true)
    }
    // The end in cycles as a sum of quotients, each near the decimal it stands for (AD / C near the repeat count,
    // timeOffset / C near its own ratio), and u from its fraction: the sum divided once rounds off them, so
    // timeOffset 0.25 on a 0.1 s cycle ended at u = 0.0499…, short of a key time at ½ that exact arithmetic meets.
    let quotient = (speed > 0 ? activeDuration : -activeDuration) / cycle + timeOffset / cycle
    let whole = quotient.rounded()
    let onBoundary = abs(quotient - whole) <= slack(quotient, atEnd: true)
    if speed > 0 {
      // Going forwards the window closes a cycle: (0, C].
      let iteration = onBoundary ? whole - 1 : ceil(quotient) - 1
      return (iteration, onBoundary ? cycle : min(max((quotient - iteration) * cycle, 0), cycle))
    }
    // Going backwards it opens one: [0, C).
    let iteration = onBoundary ? whole : floor(quotient)
    return (iteration, onBoundary ? 0 : min(max((quotient - iteration) * cycle, 0), cycle))
  }

  /// How near a whole number `quotient` must be to count as one: `tolerance` relative, never more than a
  /// thousandth of a cycle (past ~1e9 cycles a double no longer resolves a cycle finely anyway). An end (decided
  /// once per node) also allows four units in the last place, so that `repeatCount: 1e15`, whose n·C/C is off by
  /// a fraction of a cycle, still ends where the count says.
  @inlinable
  static func slack(_ quotient: Double, atEnd: Bool) -> Double {
    let relative = min(tolerance * max(1, abs(quotient)), 1e-3)
    return atEnd ? max(relative, 4 * abs(quotient).ulp) : relative
  }

  /// How far, in parent time, a parent time may round past a node's begin or the end of its active window and
  /// still count as on it: a parent time meant to land exactly there (a sequence's child boundaries, a group's
  /// end or terminal position passed to its children) carries the rounding of sums like beginTime +
  /// activeDuration / |speed|, so the slack scales with both.
  @inlinable
  public static func phaseSlack(activeDuration: Double, cycle: Double, beginTime: Double, speed: Double) -> Double {
    // An endless window (repeatCount inf) still has the rounding of its cycles.
    let extent = activeDuration.isFinite ? activeDuration : cycle.isFinite ? cycle : 0
    return tolerance * ((speed != 0 ? extent / abs(speed) : 0) + abs(beginTime))
  }

  /// The elapsed local time `|e| = |(tp − beginTime)·speed|` below which a node is active: its active duration
  /// less the `phaseSlack`, so that a parent time within rounding of the end is the end.
  @inlinable
  public static func activeLimit(activeDuration: Double, cycle: Double, beginTime: Double, speed: Double) -> Double {
    guard activeDuration.isFinite else { return activeDuration }
    let slack = phaseSlack(activeDuration: activeDuration, cycle: cycle, beginTime: beginTime, speed: speed)
    return activeDuration - abs(speed) * slack
  }

  /// `x.rounded(.down)` without a call into libm: exact for every double (integral values, zeros, infinities and
  /// NaN come back unchanged).
  @inlinable
  public static func floor(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496, x != 0 else { return x }  // 2^52: larger doubles are integers
    let truncated = Double(Int64(x))
    return truncated > x ? truncated - 1 : truncated == 0 && x < 0 ? -0.0 : truncated
  }

  /// `x.rounded(.up)`, likewise.
  @inlinable
  public static func ceil(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496, x != 0 else { return x }
    let truncated = Double(Int64(x))
    return truncated < x ? truncated + 1 : truncated == 0 && x < 0 ? -0.0 : truncated
  }
}
