import SceneCore
import SceneRuntime

/// Runs scene time through a track's stages (docs/semantics.md, "CAMediaTiming of one node") piece by piece,
/// exactly as the sampler does point by point, to find where its value is a single eased move.
///
/// Within each stage, parent time maps to local time linearly between phase changes, cycle wraps and reversals;
/// a group's timing curve would bend its children's time (kept only when constant: otherwise `complex`), and the
/// leaf's curve and its keyframe segments' curves give the easing of each piece (a part of a Bézier is a Bézier).
enum TrackTiming {
  /// The most pieces one track may produce before it is treated as sampled (a cycle far shorter than a frame).
  static let pieceLimit = 50_000

  static func pieces(plan: Plan, track: Int, end: Double, limit: Int = pieceLimit) -> [TimingPiece] {
    let tracks = plan.tracks
    let first = tracks.stageStarts[track]
    let last = tracks.stageStarts[track + 1] - 1
    guard last >= first, end > 0 else { return [TimingPiece(start: 0, end: max(end, 0), kind: .constant)] }
    var maps = [TimeMap(t0: 0, t1: end, x0: 0, x1: end, state: .active)]
    var leaves: [LeafMap] = []
    for stage in first...last {
      let isLeaf = stage == last
      var next: [TimeMap] = []
      for map in maps {
        guard case .active = map.state else {
          next.append(map)
          continue
        }
        let result = apply(Stage(tracks.stages[stage]), to: map, isLeaf: isLeaf, limit: limit)
        next += result.maps
        leaves += result.leaves
        if next.count + leaves.count > limit {
          return [TimingPiece(start: 0, end: end, kind: .complex("repeats faster than the frame rate"))]
        }
      }
      maps = next
    }
    var pieces: [TimingPiece] = []
    for map in maps {
      switch map.state {
      case .inactive, .active: pieces.append(TimingPiece(start: map.t0, end: map.t1, kind: .constant))
      case .complex(let reason): pieces.append(TimingPiece(start: map.t0, end: map.t1, kind: .complex(reason)))
      }
    }
    for leaf in leaves { pieces += segmentPieces(plan: plan, track: track, leaf: leaf) }
    pieces.sort { $0.start < $1.start }
    // Adjacent constant pieces stay apart: a hold keyframe's value changes at the boundary.
    return pieces.filter { $0.end > $0.start }
  }

  // MARK: - Stages

  /// Scene time [t0, t1] ↦ this stage's parent time, linear from x0 to x1.
  struct TimeMap {
    var t0: Double
    var t1: Double
    var x0: Double
    var x1: Double
    var state: State

    enum State {
      case active
      case inactive
      case complex(String)
    }

    func time(atX x: Double) -> Double {
      x1 == x0 ? t0 : t0 + (x - x0) / (x1 - x0) * (t1 - t0)
    }
  }

  /// Scene time [t0, t1] ↦ the leaf's fraction τ/d, linear from f0 to f1, before the leaf's own curve.
  struct LeafMap {
    var t0: Double
    var t1: Double
    var f0: Double
    var f1: Double
    var curve: BezierEasing?
  }

  struct Stage {
    var begin, speed, offset, duration, cycle, active: Double
    var flags: TimeStage.Flags
    var curve: BezierEasing?

    init(_ stage: TimeStage) {
      begin = stage.beginTime
      speed = stage.speed
      offset = stage.timeOffset
      duration = stage.duration
      cycle = stage.cycle
      active = stage.activeDuration
      flags = stage.flags
      let function = stage.timingFunction
      curve = stage.isEased ? BezierEasing(x1: function.x1, y1: function.y1, x2: function.x2, y2: function.y2) : nil
    }

    /// τ for a local time held constant (before the start with a backward fill, or speed 0).
    func tau(local: Double) -> Double {
      guard cycle.isFinite else { return local }
      return folded(CycleClock.entering(local, cycle: cycle).position)
    }

    /// τ at the end of the active window (the terminal rule: the limit from inside).
    /// Decided from the repeat count as the sampler decides it (CycleClock: n whole repeats end on the end value
    /// however n·d rounds), so that a Lottie export ends where `scenec sample` does.
    var terminalTau: Double {
      guard cycle.isFinite else { return (speed > 0 ? active : -active) + offset }
      let end = CycleClock.terminal(activeDuration: active, timeOffset: offset, cycle: cycle, speed: speed)
      return folded(end.position)
    }

    /// A position in the cycle as τ: the second half of an autoreversing cycle runs back.
    private func folded(_ u: Double) -> Double {
      flags.contains(.autoreverses) && u > duration ? cycle - u : u
    }

    /// The children's parent time for a constant τ.
    func childTime(tau: Double) -> Double {
      guard duration.isFinite else { return tau }
      guard duration > 0 else { return 0 }
      let fraction = tau / duration
      let progress = curve.map { $0.value(at: fraction) } ?? fraction
      return progress * duration
    }
  }

  /// One stage applied to one linear piece of parent time.
  static func apply(_ stage: Stage, to map: TimeMap, isLeaf: Bool, limit: Int) -> (maps: [TimeMap], leaves: [LeafMap]) {
    var maps: [TimeMap] = []
    var leaves: [LeafMap] = []
    func constant(_ t0: Double, _ t1: Double, tau: Double) {
      let child = stage.childTime(tau: tau)
      if isLeaf {
        let fraction = stage.duration.isFinite && stage.duration > 0 ? tau / stage.duration : 0
        leaves.append(LeafMap(t0: t0, t1: t1, f0: fraction, f1: fraction, curve: stage.curve))
      } else {
        maps.append(TimeMap(t0: t0, t1: t1, x0: child, x1: child, state: .active))
      }
    }
    // Phase boundaries in parent time.
    var cuts: [Double] = []
    if stage.speed != 0 {
      cuts.append(stage.begin)
      if stage.active.isFinite { cuts.append(stage.begin + stage.active / abs(stage.speed)) }
    }
    for (t0, t1) in split(map, atX: cuts) {
      let xMiddle = map.x0 + (map.x1 - map.x0) * (((t0 + t1) / 2 - map.t0) / max(map.t1 - map.t0, 1e-300))
      let xa = map.x1 == map.x0 ? map.x0 : map.x0 + (map.x1 - map.x0) * ((t0 - map.t0) / (map.t1 - map.t0))
      let xb = map.x1 == map.x0 ? map.x0 : map.x0 + (map.x1 - map.x0) * ((t1 - map.t0) / (map.t1 - map.t0))
      let sinceBegin = xMiddle - stage.begin
      if stage.speed == 0 {
        constant(t0, t1, tau: stage.tau(local: stage.offset))
      } else if sinceBegin < 0 {
        if stage.flags.contains(.fillsBackwards) {
          constant(t0, t1, tau: stage.tau(local: stage.offset))
        } else {
          maps.append(TimeMap(t0: t0, t1: t1, x0: 0, x1: 0, state: .inactive))
        }
      } else if abs(sinceBegin * stage.speed) < stage.active {
        let l0 = (xa - stage.begin) * stage.speed + stage.offset
        let l1 = (xb - stage.begin) * stage.speed + stage.offset
        activePieces(
          stage, t0: t0, t1: t1, l0: l0, l1: l1, isLeaf: isLeaf, limit: limit, maps: &maps, leaves: &leaves)
      } else if !stage.flags.contains(.removed) && stage.flags.contains(.fillsForwards) {
        constant(t0, t1, tau: stage.terminalTau)
      } else {
        maps.append(TimeMap(t0: t0, t1: t1, x0: 0, x1: 0, state: .inactive))
      }
    }
    return (maps, leaves)
  }

  /// Local time running linearly from l0 to l1 over [t0, t1]: split at cycle wraps and reversals.
  static func activePieces(
    _ stage: Stage, t0: Double, t1: Double, l0: Double, l1: Double, isLeaf: Bool, limit: Int,
    maps: inout [TimeMap], leaves: inout [LeafMap]
  ) {
    func time(atLocal l: Double) -> Double { l1 == l0 ? t0 : t0 + (l - l0) / (l1 - l0) * (t1 - t0) }
    var spans: [(ta: Double, tb: Double, tauA: Double, tauB: Double)] = []
    if l0 == l1 {
      let tau = stage.tau(local: l0)
      spans.append((t0, t1, tau, tau))
    } else if !stage.cycle.isFinite {
      spans.append((t0, t1, l0, l1))
    } else if stage.cycle <= 0 {
      spans.append((t0, t1, 0, 0))
    } else {
      let c = stage.cycle
      let low = min(l0, l1)
      let high = max(l0, l1)
      let firstCycle = (low / c).rounded(.down)
      let lastCycle = (high / c).rounded(.up) - 1
      // Also catches a count that is not finite (a cycle of 1e-300 s): the comparison is then false.
      if !(lastCycle - firstCycle <= Double(limit)) {
        maps.append(TimeMap(t0: t0, t1: t1, x0: 0, x1: 0, state: .complex("repeats faster than the frame rate")))
        return
      }
      var n = firstCycle
      while n <= lastCycle {
        let cycleStart = n * c
        var bounds = [max(low, cycleStart), min(high, cycleStart + c)]
        if stage.flags.contains(.autoreverses) {
          let turn = cycleStart + stage.duration
          if turn > bounds[0] && turn < bounds[1] { bounds.insert(turn, at: 1) }
        }
        for index in 0..<(bounds.count - 1) where bounds[index + 1] > bounds[index] {
          let la = bounds[index]
          let lb = bounds[index + 1]
          func tau(_ l: Double) -> Double {
            let u = min(max(l - cycleStart, 0), c)
            let middle = (la + lb) / 2 - cycleStart
            return stage.flags.contains(.autoreverses) && middle > stage.duration ? c - u : u
          }
          // Ordered by scene time.
          let (ta, tb) = (time(atLocal: la), time(atLocal: lb))
          if ta <= tb { spans.append((ta, tb, tau(la), tau(lb))) } else { spans.append((tb, ta, tau(lb), tau(la))) }
        }
        n += 1
      }
    }
    for span in spans where span.tb > span.ta {
      if isLeaf {
        if stage.duration.isFinite && stage.duration > 0 {
          leaves.append(
            LeafMap(
              t0: span.ta, t1: span.tb, f0: span.tauA / stage.duration, f1: span.tauB / stage.duration,
              curve: stage.curve))
        } else {
          leaves.append(LeafMap(t0: span.ta, t1: span.tb, f0: 0, f1: 0, curve: nil))
        }
      } else if stage.curve != nil && span.tauA != span.tauB && stage.duration.isFinite {
        maps.append(
          TimeMap(t0: span.ta, t1: span.tb, x0: 0, x1: 0, state: .complex("a group's timing function")))
      } else {
        let a = stage.childTime(tau: span.tauA)
        let b = stage.childTime(tau: span.tauB)
        maps.append(TimeMap(t0: span.ta, t1: span.tb, x0: a, x1: b, state: .active))
      }
    }
  }

  /// [t0, t1] cut where x crosses any of `xs`.
  static func split(_ map: TimeMap, atX xs: [Double]) -> [(Double, Double)] {
    var times = [map.t0, map.t1]
    let low = min(map.x0, map.x1)
    let high = max(map.x0, map.x1)
    for x in xs where x > low && x < high {
      let t = map.time(atX: x)
      if t > map.t0 && t < map.t1 { times.append(t) }
    }
    times.sort()
    return zip(times, times.dropFirst()).filter { $0.1 > $0.0 }.map { ($0.0, $0.1) }
  }
}
