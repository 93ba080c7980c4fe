import SceneModel

/// One node's CAMediaTiming, written as the formulas of docs/semantics.md read, one step per line.
extension ReferenceEvaluator {
  /// The phase of a node with `timing` at parent time `parentTime`.
  public static func phase(of timing: Timing, at parentTime: Double) -> Phase {
    // Speed 0 freezes the node at e = 0 and keeps it active whatever the parent time.
    if timing.speed == 0 { return .active }
    let sinceBegin = parentTime - timing.beginTime
    if sinceBegin < 0 { return .before }
    let elapsed = sinceBegin * timing.speed
    return abs(elapsed) < timing.activeDuration ? .active : .after
  }

  /// The node's contribution at `parentTime`. `isRoot` is true for a timeline's root (and the copies of a root
  /// `instances` node): only there does `removedOnCompletion` remove the node after its active window, as Core
  /// Animation ignores the flag on group members.
  public static func localTime(of timing: Timing, at parentTime: Double, isRoot: Bool) -> Contribution {
    switch phase(of: timing, at: parentTime) {
    case .active:
      let elapsed = timing.speed == 0 ? 0 : (parentTime - timing.beginTime) * timing.speed
      let t = elapsed + timing.timeOffset
      return basic(timing, u: floorMod(t, timing.cycle), repeatIndex: cycles(t, timing.cycle))
    case .before:
      guard timing.fillMode.fillsBackwards else { return .none }
      // Evaluated as the active phase at e = 0.
      let t = timing.timeOffset
      return basic(timing, u: floorMod(t, timing.cycle), repeatIndex: cycles(t, timing.cycle))
    case .after:
      if isRoot && timing.removedOnCompletion { return .none }
      guard timing.fillMode.fillsForwards else { return .none }
      return terminal(timing)
    }
  }

  /// The terminal rule: the limit of u as e approaches the end of the window from inside it.
  static func terminal(_ timing: Timing) -> Contribution {
    let cycle = timing.cycle
    let end = (timing.speed > 0 ? 1 : -1) * timing.activeDuration + timing.timeOffset
    guard cycle > 0 else { return basic(timing, u: 0, repeatIndex: 0) }
    guard cycle.isFinite else { return basic(timing, u: end, repeatIndex: 0) }
    if timing.speed > 0 {
      let index = (end / cycle).rounded(.up) - 1
      return basic(timing, u: end - cycle * index, repeatIndex: index)
    }
    let index = (end / cycle).rounded(.down)
    return basic(timing, u: end - cycle * index, repeatIndex: index)
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
    return t - cycle * (t / cycle).rounded(.down)
  }

  /// `floor(t / C)`, the repeat index of the active phase.
  static func cycles(_ t: Double, _ cycle: Double) -> Double {
    guard cycle > 0, cycle.isFinite else { return 0 }
    return (t / cycle).rounded(.down)
  }
}
