import SceneCore

/// Builds keyframes for a property whose value at time t is `evaluate(t)` and whose inputs are written by the
/// tracks `drivers` (their timing pieces).
///
/// Between consecutive piece boundaries of all drivers, a property that only one driver moves is a single eased
/// move (the driver's easing, cut to the interval): one keyframe, exact — its values come from sampling the
/// scene at the ends, so anything affine in the driver's value (anchor from bounds, degrees from radians,
/// percent from opacity) is exact too. Nothing moving: a hold keyframe. Anything else (two drivers at once, a
/// spring, cubic keyframes, …) is sampled at every frame and simplified (Douglas–Peucker) until every frame is
/// within `tolerance` × the property's range. Every exact piece is verified at every frame; one that misses is
/// sampled instead. A jump at a boundary becomes a hold 0.1 ms before it.
struct KeyframeBuilder {
  /// Lottie's usual rate, and what every export has used so far.
  static let defaultFrameRate = 60.0
  /// Baked keyframes stay within this fraction of the property's range (max − min over the export) at every frame.
  static let tolerance = 1e-3
  static let epsilon = 1e-9
  static let jumpLead = 1e-4
  /// At most this many animations moving a value at once are named in its warning.
  static let namedMovers = 8

  let end: Double
  let evaluate: (Double) -> [Double]
  /// The frames per second sampled parts are taken at and exact parts verified at.
  var frameRate = KeyframeBuilder.defaultFrameRate

  private var frameTimes: [Double] { Self.frameTimes(end: end, frameRate: frameRate) }

  /// Every frame from 0 through `end`, and `end` itself when it falls between frames.
  static func frameTimes(end: Double, frameRate: Double) -> [Double] {
    let count = Int((end * frameRate + 1e-9).rounded(.down))
    var times = (0...max(count, 0)).map { Double($0) / frameRate }
    if let last = times.last, end - last > 1e-9 { times.append(end) }
    return times
  }

  enum Segment {
    case hold
    case eased(BezierEasing)
    case sampled(String)
  }

  func build(drivers: [[TimingPiece]], driverNames: [String]) -> AnimatedValue {
    let initial = evaluate(0)
    guard end > 0 else { return AnimatedValue(initial: initial, keyframes: [], bakedReasons: []) }
    let frames = frameTimes
    let frameValues = frames.map(evaluate)
    var boundaries = Set<Double>()
    for pieces in drivers {
      for piece in pieces {
        if piece.start > 0 && piece.start < end { boundaries.insert(piece.start) }
        if piece.end > 0 && piece.end < end { boundaries.insert(piece.end) }
      }
    }
    var cuts = [0.0] + boundaries.sorted() + [end]
    cuts = cuts.reduce(into: [Double]()) { result, t in
      if let last = result.last, t - last < Self.epsilon * 10 { return }
      result.append(t)
    }
    if cuts.last != end { cuts[cuts.count - 1] = end }
    // The range of values over the export, for the tolerance.
    var lows = initial
    var highs = initial
    for value in frameValues + cuts.map(evaluate) {
      for (index, component) in value.enumerated() where index < lows.count {
        lows[index] = min(lows[index], component)
        highs[index] = max(highs[index], component)
      }
    }
    let range = zip(lows, highs).map { $1 - $0 }.max() ?? 0
    if range <= 1e-12 { return AnimatedValue(initial: initial, keyframes: [], bakedReasons: []) }
    let tolerance = max(Self.tolerance * range, 1e-9)

    // Classify each interval between cuts.
    var intervals: [(t0: Double, t1: Double, segment: Segment)] = []
    var sweep = DriverSweep(drivers: drivers)
    for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
      sweep.advance(to: (t0 + t1) / 2)
      // Several movers are named only when few (their names are not needed otherwise).
      let movers = sweep.moving.count <= Self.namedMovers ? sweep.moving.sorted { $0.key < $1.key } : []
      if sweep.moving.isEmpty {
        intervals.append((t0, t1, .hold))
      } else if sweep.stepCount == sweep.moving.count {
        for part in stepParts(t0: t0, t1: t1, frames: frames, values: frameValues, tolerance: tolerance) {
          intervals.append((part.0, part.1, .hold))
        }
      } else if movers.count == 1, case .eased(let easing) = movers[0].value.kind {
        let piece = movers[0].value
        let span = piece.end - piece.start
        let a = (t0 - piece.start) / span
        let b = (t1 - piece.start) / span
        if let part = easing.part(fromX: max(a, 0), toX: min(b, 1)) {
          intervals.append((t0, t1, .eased(part)))
        } else {
          intervals.append((t0, t1, .hold))
        }
      } else if movers.count == 1, case .complex(let reason) = movers[0].value.kind {
        intervals.append((t0, t1, .sampled(reason)))
      } else if movers.isEmpty {
        intervals.append((t0, t1, .sampled("several animations change it at once (more than \(Self.namedMovers))")))
      } else {
        let names = Set(movers.map { driverNames[$0.key] }).sorted().joined(separator: ", ")
        intervals.append((t0, t1, .sampled("several animations change it at once (\(names))")))
      }
    }

    // Verify the exact intervals at every frame inside them; sample those that miss.
    var reasons: [String] = []
    for index in intervals.indices {
      let (t0, t1, segment) = intervals[index]
      let v0 = startValue(t0, tolerance: tolerance)
      let v1 = evaluate(t1 - Self.epsilon)
      let easing: BezierEasing
      switch segment {
      case .sampled(let reason):
        reasons.append(reason)
        continue
      case .hold: easing = .linear
      case .eased(let e): easing = e
      }
      var fits = true
      if case .hold = segment, maxError(v0, v1) > tolerance { fits = false }
      for index in Self.indices(frames, after: t0, before: t1) where fits {
        let (time, value) = (frames[index], frameValues[index])
        let x = (time - t0) / (t1 - t0)
        let predicted: [Double]
        if case .hold = segment {
          predicted = v0
        } else {
          let y = easing.value(at: x)
          predicted = zip(v0, v1).map { $0 + ($1 - $0) * y }
        }
        if maxError(predicted, value) > tolerance { fits = false }
      }
      if !fits {
        let reason = "a value that is not linear in the animated one"
        intervals[index].segment = .sampled(reason)
        reasons.append(reason)
      }
    }

    // Emit keyframes.
    var keyframes: [Keyframe] = []
    for (position, interval) in intervals.enumerated() {
      let (t0, t1) = (interval.t0, interval.t1)
      let v0 = startValue(t0, tolerance: tolerance)
      let left = endValue(t1, tolerance: tolerance)
      let isLast = position == intervals.count - 1
      let next = isLast ? left : startValue(t1, tolerance: tolerance)
      let jumps = maxError(left, next) > tolerance
      switch interval.segment {
      case .hold:
        keyframes.append(Keyframe(time: t0, value: v0, motion: .hold))
      case .eased(let easing):
        if maxError(v0, left) <= tolerance / 10 {
          keyframes.append(Keyframe(time: t0, value: v0, motion: .hold))
        } else if jumps {
          let lead = min(Self.jumpLead, (t1 - t0) / 10)
          let cut = (t1 - lead - t0) / (t1 - t0)
          keyframes.append(Keyframe(time: t0, value: v0, motion: .eased(easing.part(fromX: 0, toX: cut) ?? easing)))
          keyframes.append(Keyframe(time: t1 - lead, value: evaluate(t1 - lead), motion: .hold))
        } else {
          keyframes.append(Keyframe(time: t0, value: v0, motion: .eased(easing)))
        }
      case .sampled:
        var points: [(Double, [Double])] = [(t0, v0)]
        for index in Self.indices(frames, after: t0 + Self.epsilon, before: t1 - Self.epsilon) {
          points.append((frames[index], frameValues[index]))
        }
        let lead = min(Self.jumpLead, (t1 - t0) / 10)
        points.append(jumps ? (t1 - lead, evaluate(t1 - lead)) : (t1, left))
        let kept = simplify(points, tolerance: tolerance)
        for point in kept.dropLast() {
          keyframes.append(Keyframe(time: point.0, value: point.1, motion: .eased(.linear)))
        }
        if jumps, let last = kept.last { keyframes.append(Keyframe(time: last.0, value: last.1, motion: .hold)) }
      }
      if isLast { keyframes.append(Keyframe(time: t1, value: left, motion: .hold)) }
    }
    return AnimatedValue(
      initial: initial, keyframes: compacted(keyframes, tolerance: tolerance), bakedReasons: reasons,
      frameRate: frameRate)
  }
}
