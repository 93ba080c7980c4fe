import Foundation
import SceneCore

/// Where a track's leaf is in its own time at one instant: its progress after its timing function, its basic
/// local time in seconds (springs keep their own clock) and its repeat index (for `cumulative`).
struct LeafTime {
  var progress: Double
  var seconds: Double
  var iteration: Double
}

extension TrackTable {
  /// Runs scene time through track `track`'s stages, root first (docs/semantics.md, "CAMediaTiming of one node").
  /// Returns nil when some stage is not in effect: before without backward fill, after without forward fill, or
  /// after at a removed root.
  func leafTime(track: Int, sceneTime: Double) -> LeafTime? {
    var parentTime = sceneTime
    var result = LeafTime(progress: 0, seconds: 0, iteration: 0)
    let first = stageStarts[track]
    let last = stageStarts[track + 1] - 1
    if last < first { return nil }
    for stage in first...last {
      let base = stage * TimeStage.stride
      let begin = stages[base + TimeStage.beginTime]
      let speed = stages[base + TimeStage.speed]
      let offset = stages[base + TimeStage.timeOffset]
      let duration = stages[base + TimeStage.duration]
      let cycle = stages[base + TimeStage.cycle]
      let active = stages[base + TimeStage.activeDuration]
      let flags = TimeStage.Flags(rawValue: Int(stages[base + TimeStage.flags]))

      // Phase, then the local time t (or the terminal rule's u and n).
      let sinceBegin = parentTime - begin
      var localTime = offset
      var terminal = false
      if speed == 0 {
        localTime = offset
      } else if sinceBegin < 0 {
        guard flags.contains(.fillsBackwards) else { return nil }
      } else if abs(sinceBegin * speed) < active {
        localTime = sinceBegin * speed + offset
      } else {
        guard !flags.contains(.removed), flags.contains(.fillsForwards) else { return nil }
        terminal = true
      }

      var u: Double
      var iteration: Double
      if !cycle.isFinite {
        // An endless cycle never wraps (a group whose last child repeats forever).
        u = terminal ? (speed > 0 ? active : -active) + offset : localTime
        iteration = 0
      } else if terminal {
        let end = (speed > 0 ? active : -active) + offset
        // The limit from inside the window: u ∈ (0, C] going forwards, [0, C) going backwards.
        iteration = speed > 0 ? (end / cycle).rounded(.up) - 1 : (end / cycle).rounded(.down)
        u = end - cycle * iteration
      } else {
        iteration = (localTime / cycle).rounded(.down)
        u = localTime - cycle * iteration
      }
      // Rounding in the floor-mod can land a hair outside [0, C]; the cycle is closed at both ends.
      if cycle.isFinite { u = min(max(u, 0), cycle) }
      let tau = flags.contains(.autoreverses) && u > duration ? cycle - u : u
      let fraction = tau / duration
      var progress: Double
      if !duration.isFinite {
        progress = 0
      } else if stages[base + TimeStage.eased] != 0 {
        let curve = CubicTimingCurve(
          ax: stages[base + TimeStage.curve], bx: stages[base + TimeStage.curve + 1],
          cx: stages[base + TimeStage.curve + 2], ay: stages[base + TimeStage.curve + 3],
          by: stages[base + TimeStage.curve + 4], cy: stages[base + TimeStage.curve + 5])
        progress = curve.progress(at: fraction)
      } else {
        progress = fraction
      }
      // A group's children see its progress-warped local time; an unbounded group passes its time through.
      parentTime = duration.isFinite ? progress * duration : tau
      result = LeafTime(progress: progress, seconds: tau, iteration: iteration)
    }
    return result
  }
}
