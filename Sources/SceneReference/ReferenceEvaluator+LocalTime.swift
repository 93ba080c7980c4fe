import SceneModel

/// One node's CAMediaTiming, written as the formulas of docs/semantics.md read, one step per line.
extension ReferenceEvaluator {
  /// Relative distance from a cycle boundary (or the end of the window) within which a rounded time counts as on
  /// it (docs/semantics.md, "Exact boundaries"): decimal inputs and their products round by ~1e-16 relative.
  static let boundaryTolerance = 1e-12

  /// The phase of a node with `timing` at parent time `parentTime`.
  public static func phase(of timing: Timing, at parentTime: Double) -> Phase {
    // Speed 0 freezes the node at e = 0 and keeps it active whatever the parent time.
    if timing.speed == 0 { return .active }
    let sinceBegin = elapsedSinceBegin(timing, parentTime)
    if sinceBegin < 0 { return .before }
    let window = timing.activeDuration
    guard window.isFinite else { return .active }
    // Within rounding of the end is the end.
    return sinceBegin < window / abs(timing.speed) - phaseSlack(timing) ? .active : .after
  }

  /// `tp − beginTime`, with a parent time within rounding of the begin taken as the begin.
  static func elapsedSinceBegin(_ timing: Timing, _ parentTime: Double) -> Double {
    let sinceBegin = parentTime - timing.beginTime
    return sinceBegin < 0 && sinceBegin >= -phaseSlack(timing) ? 0 : sinceBegin
  }

  /// How far a parent time may round past the begin or the end and still count as on it: a parent time meant to
  /// land there (a sequence's boundaries, a group's end passed to its children) carries the rounding of
  /// beginTime + activeDuration / |speed|.
  static func phaseSlack(_ timing: Timing) -> Double {
    let window = timing.activeDuration.isFinite ? timing.activeDuration : timing.cycle.isFinite ? timing.cycle : 0
    return boundaryTolerance * ((timing.speed != 0 ? window / abs(timing.speed) : 0) + abs(timing.beginTime))
  }

  /// The node's contribution at `parentTime`. `isRoot` is true for a timeline's root (and the copies of a root
  /// `instances` node): only there does `removedOnCompletion` remove the node after its active window, as Core
  /// Animation ignores the flag on group members.
  public static func localTime(of timing: Timing, at parentTime: Double, isRoot: Bool) -> Contribution {
    switch phase(of: timing, at: parentTime) {
    case .active:
      let elapsed = timing.speed == 0 ? 0 : elapsedSinceBegin(timing, parentTime) * timing.speed
      return inside(timing, t: elapsed + timing.timeOffset)
    case .before:
      guard timing.fillMode.fillsBackwards else { return .none }
      // Evaluated as the active phase at e = 0.
      return inside(timing, t: timing.timeOffset)
    case .after:
      if isRoot && timing.removedOnCompletion { return .none }
      guard timing.fillMode.fillsForwards else { return .none }
      return terminal(timing)
    }
  }

  /// The active phase at local time t: the floor-mod, with a time within rounding of a boundary on it; a time
  /// within rounding of the end that would wrap into a repeat past the last ends as the terminal rule does.
  static func inside(_ timing: Timing, t: Double) -> Contribution {
    let cycle = timing.cycle
    guard cycle > 0, cycle.isFinite else { return basic(timing, u: floorMod(t, cycle), repeatIndex: 0) }
    let index = cycles(t, cycle)
    // On a boundary (within rounding) the cycle starts at u = 0 exactly.
    let onBoundary = abs(t / cycle - index) <= slack(t / cycle)
    if timing.speed != 0 && timing.activeDuration.isFinite, case .at(_, _, let last) = terminal(timing),
      timing.speed > 0 ? index > last : index < last
    {
      return terminal(timing)
    }
    return basic(timing, u: onBoundary ? 0 : t - cycle * index, repeatIndex: index)
  }

  /// The terminal rule: the limit of u as e approaches the end of the window from inside it, decided from the
  /// number of cycles the window spans (the repeat count itself when no repeatDuration is set) so that n whole
  /// cycles end in repeat n − 1 at u = C however n·C rounds.
  static func terminal(_ timing: Timing) -> Contribution {
    let cycle = timing.cycle
    let end = (timing.speed > 0 ? 1 : -1) * timing.activeDuration + timing.timeOffset
    guard cycle > 0 else { return basic(timing, u: 0, repeatIndex: 0) }
    guard cycle.isFinite else { return basic(timing, u: end, repeatIndex: 0) }
    let spanned =
      timing.repeatDuration > 0 ? timing.repeatDuration / cycle : (timing.repeatCount > 0 ? timing.repeatCount : 1)
    let position = (timing.speed > 0 ? spanned : -spanned) + timing.timeOffset / cycle  // end / C
    let whole = position.rounded()
    let slack = max(slack(position), 4 * abs(position).ulp)
    let onBoundary = abs(position - whole) <= slack
    if timing.speed > 0 {
      // Going forwards the window closes a cycle: (0, C].
      let index = onBoundary ? whole - 1 : position.rounded(.up) - 1
      return basic(timing, u: onBoundary ? cycle : (position - index) * cycle, repeatIndex: index)
    }
    // Going backwards it opens one: [0, C).
    let index = onBoundary ? whole : position.rounded(.down)
    return basic(timing, u: onBoundary ? 0 : (position - index) * cycle, repeatIndex: index)
  }

  /// τ and f' from the position `u` in the cycle.
  static func basic(_ timing: Timing, u rawU: Double, repeatIndex: Double) -> Contribution {
    let d = timing.duration
    let cycle = timing.cycle
    // A zero-length animation is always at its end: there is no time inside it to be anywhere else.
    guard d > 0, cycle > 0 else { return .at(tau: 0, progress: 1, repeatIndex: 0) }
    guard d.isFinite else { return .at(tau: rawU, progress: 0, repeatIndex: 0) }
    // Rounding in the floor-mod can land a hair outside [0, C]; the cycle is closed at both ends.
    let u = min(max(rawU, 0), cycle)
    let tau = timing.autoreverses && u > d ? cycle - u : u
    let f = tau / d
    let eased = timing.timingFunction?.progress(at: f) ?? f
    return .at(tau: tau, progress: eased, repeatIndex: repeatIndex)
  }

  /// `t − C·floor(t / C)`, so negative t wraps into the cycle; an endless cycle never wraps.
  static func floorMod(_ t: Double, _ cycle: Double) -> Double {
    guard cycle > 0 else { return 0 }
    guard cycle.isFinite else { return t }
    return t - cycle * cycles(t, cycle)
  }

  /// `floor(t / C)`, the repeat index of the active phase, with a quotient within rounding of a whole number
  /// taken as that number (a boundary starts the next repeat).
  static func cycles(_ t: Double, _ cycle: Double) -> Double {
    guard cycle > 0, cycle.isFinite else { return 0 }
    let quotient = t / cycle
    let whole = quotient.rounded()
    if abs(quotient - whole) <= slack(quotient) { return whole }
    return quotient.rounded(.down)
  }

  /// How near a whole number a quotient of cycles must be to count as one: `boundaryTolerance` relative, at most
  /// a thousandth of a cycle.
  static func slack(_ quotient: Double) -> Double {
    min(boundaryTolerance * max(1, abs(quotient)), 1e-3)
  }
}
