import SceneCore

/// The builder's helpers for one interval: its end values, its boolean switches, its simplification (Douglas–Peucker)
/// and the compaction of the keyframes written.
extension KeyframeBuilder {
  /// The value at the start of an interval: the value at t, or just after t when the value jumps at t.
  func startValue(_ t: Double, tolerance: Double) -> [Double] {
    let at = evaluate(t)
    let after = evaluate(t + Self.epsilon)
    return maxError(at, after) > tolerance ? after : at
  }

  /// The value at the end of an interval: the value just before t (the left limit, for a jump at t), or the
  /// value at t itself when they agree (so an animation's end is its exact `to`, not a value 1 ns short of it).
  func endValue(_ t: Double, tolerance: Double) -> [Double] {
    let before = evaluate(t - Self.epsilon)
    let at = evaluate(t)
    return at.count == before.count && maxError(at, before) <= tolerance / 10 ? at : before
  }

  /// Hold parts of an interval where only boolean tracks move: switches located by bisection between frames.
  func stepParts(t0: Double, t1: Double, frames: [Double], values: [[Double]], tolerance: Double)
    -> [(Double, Double)]
  {
    var probes: [Double] = [t0]
    for index in Self.indices(frames, after: t0, before: t1) { probes.append(frames[index]) }
    probes.append(t1 - Self.epsilon)
    var switches: [Double] = []
    var previous = evaluate(probes[0])
    for (position, time) in probes.enumerated().dropFirst() {
      let current = evaluate(time)
      if maxError(previous, current) > tolerance {
        var low = switches.last ?? t0
        // The probe before this one (the first probe equal to it, as a search from the start would find).
        let before = probes[..<position].lastIndex { $0 != time }.map { probes[$0] } ?? probes[0]
        low = max(low, before)
        var high = time
        while high - low > 1e-7 {
          let middle = (low + high) / 2
          if maxError(evaluate(middle), previous) > tolerance { high = middle } else { low = middle }
        }
        switches.append(high)
      }
      previous = current
    }
    let bounds = [t0] + switches + [t1]
    return zip(bounds, bounds.dropFirst()).filter { $0.1 > $0.0 }.map { ($0.0, $0.1) }
  }

  /// The indices of the sorted `times` strictly between `low` and `high` (binary search: each interval costs its
  /// own frames, not all of them).
  static func indices(_ times: [Double], after low: Double, before high: Double) -> Range<Int> {
    func firstIndex(_ isPast: (Double) -> Bool) -> Int {
      var lower = 0
      var upper = times.count
      while lower < upper {
        let middle = (lower + upper) / 2
        if isPast(times[middle]) { upper = middle } else { lower = middle + 1 }
      }
      return lower
    }
    let first = firstIndex { $0 > low }
    let last = firstIndex { $0 >= high }
    return first..<max(first, last)
  }

  /// Douglas–Peucker runs over windows of at most this many points (their ends kept): its worst case is
  /// quadratic in the points (a slowly decaying spring splits off one peak at a time), so windows keep the cost
  /// linear in the frames exported, at most one extra keyframe per window.
  static let simplifyWindow = 512

  /// Douglas–Peucker on (time, value) with the maximum component error, window by window.
  func simplify(_ points: [(Double, [Double])], tolerance: Double) -> [(Double, [Double])] {
    guard points.count > Self.simplifyWindow else { return simplifyWindow(points[...], tolerance: tolerance) }
    var result: [(Double, [Double])] = []
    var start = 0
    while start < points.count - 1 {
      let end = min(start + Self.simplifyWindow - 1, points.count - 1)
      let kept = simplifyWindow(points[start...end], tolerance: tolerance)
      result += result.isEmpty ? kept[...] : kept.dropFirst()
      start = end
    }
    return result
  }

  private func simplifyWindow(_ window: ArraySlice<(Double, [Double])>, tolerance: Double) -> [(Double, [Double])] {
    let points = Array(window)
    guard points.count > 2 else { return points }
    var keep = [Bool](repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var stack = [(0, points.count - 1)]
    while let (first, last) = stack.popLast() {
      guard last - first > 1 else { continue }
      let (ta, va) = points[first]
      let (tb, vb) = points[last]
      var worst = -1.0
      var worstIndex = first
      for index in (first + 1)..<last {
        let (t, v) = points[index]
        let x = tb > ta ? (t - ta) / (tb - ta) : 0
        let predicted = zip(va, vb).map { $0 + ($1 - $0) * x }
        let error = maxError(predicted, v)
        if error > worst {
          worst = error
          worstIndex = index
        }
      }
      if worst > tolerance {
        keep[worstIndex] = true
        stack.append((first, worstIndex))
        stack.append((worstIndex, last))
      }
    }
    return points.indices.filter { keep[$0] }.map { points[$0] }
  }

  /// Drops keyframes that repeat a held value and keyframes too close in time to matter.
  func compacted(_ keyframes: [Keyframe], tolerance: Double) -> [Keyframe] {
    var result: [Keyframe] = []
    for keyframe in keyframes {
      if let last = result.last {
        if keyframe.time - last.time < 1e-7 {
          result[result.count - 1] = keyframe
          continue
        }
        if case .hold = last.motion, maxError(last.value, keyframe.value) <= tolerance / 10,
          case .hold = keyframe.motion
        {
          continue
        }
      }
      result.append(keyframe)
    }
    if result.count == 2, case .hold = result[0].motion, maxError(result[0].value, result[1].value) <= tolerance / 10 {
      return []
    }
    return result.count >= 2 ? result : []
  }
}

func maxError(_ a: [Double], _ b: [Double]) -> Double {
  var worst = 0.0
  for (x, y) in zip(a, b) { worst = max(worst, abs(x - y)) }
  return worst
}
