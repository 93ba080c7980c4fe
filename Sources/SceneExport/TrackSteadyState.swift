import SceneRuntime

/// What one track of a plan does in the long run, read from its stage chain (root first), for the loop rule of
/// `ExportSpan`: still from some time on, repeating with a period from some time on, or changing forever with none.
enum TrackSteadyState: Equatable {
  /// Unchanging from this scene time on (its animations have ended, or never begin).
  case ends(Double)
  /// Repeating every `period` scene seconds from scene time `start` on. `underUnboundedGroup`: the period is a
  /// child's, under a group without a duration (which passes its time through and so has no period of its own).
  case repeats(start: Double, period: Double, underUnboundedGroup: Bool)
  /// Changing forever without a period: an endless stage with an endless duration at the leaf, or an endless
  /// cumulative repeat (which grows every cycle).
  case aperiodic

  /// The steady state of track `track`; nil for a track without stages. A stage whose active duration ends after
  /// `horizon` (scene seconds) but repeats within it counts as repeating forever (`repeatCount: 1e6`, FLT_MAX).
  ///
  /// The stages above the one looked at are all groups without a duration, each passing on its local time
  /// `speed × (parent − beginTime) + timeOffset`; so the parent time of the stage looked at is
  /// `scale × t + shift` in scene time t, from the scene time `from` at which every stage above has begun.
  static func of(track: Int, in tracks: TrackTable, horizon: Double) -> TrackSteadyState? {
    let first = tracks.stageStarts[track]
    let last = tracks.stageStarts[track + 1] - 1
    guard first <= last else { return nil }
    var scale = 1.0
    var shift = 0.0
    var from = -Double.infinity
    for index in first...last {
      let stage = tracks.stages[index]
      // A stage at speed 0 holds one local time: its subtree is still.
      guard stage.speed != 0 else { return .ends(from) }
      let begin = (stage.beginTime - shift) / scale
      guard begin.isFinite else { return .ends(from) }
      let rate = abs(stage.speed) * scale
      let activeEnd = begin + stage.activeDuration / rate
      let outlasts = !(activeEnd <= horizon)
      let cycles = stage.cycle.isFinite && stage.cycle > 0
      if cycles && (!stage.activeDuration.isFinite || (outlasts && stage.cycle < stage.activeDuration)) {
        if index == last && tracks.flags[track].contains(.cumulative) { return .aperiodic }
        return .repeats(start: max(from, begin), period: stage.cycle / rate, underUnboundedGroup: index > first)
      }
      if stage.activeDuration.isFinite { return .ends(max(from, activeEnd)) }
      // Endless without a cycle: a group without a duration around endless children.
      guard index < last else { return .aperiodic }
      from = max(from, begin)
      shift = stage.speed * (shift - stage.beginTime) + stage.timeOffset
      scale *= stage.speed
      if scale < 0 {
        // Its time runs backwards: the child's parent time falls below the child's begin for good, where the
        // child becomes still (before its start).
        let childBegin = (tracks.stages[index + 1].beginTime - shift) / scale
        return .ends(max(from, childBegin.isNaN ? from : childBegin))
      }
    }
    return .aperiodic
  }
}
