import Foundation
import SceneCore

/// Finding a track's keyframe segment (its hot record, refilled when the progress leaves it) and evaluating it.
extension SamplerProgram {
  /// The hot record of track `index` for progress `p`: as it stands when p lies in its segment, refilled from the
  /// plan otherwise.
  @inline(__always)
  func hotSegment(track index: Int, progress p: Double, workspace: SamplerWorkspace) -> UnsafeMutablePointer<HotSegment>
  {
    let hot = workspace.hot.base + index
    if hot.pointee.lo <= p && p < hot.pointee.hi { return hot }
    refill(hot, track: index, progress: p, workspace: workspace)
    return hot
  }

  /// Moves the track's cursor to the segment of progress `p` and copies that segment into `hot`.
  ///
  /// The segment i with k_i ≤ p < k_{i+1} (the first for p below every key time, the last from its key time on):
  /// the cursor (the segment used last) is tried first, then its successor, then binary search; playback mostly
  /// stays in a segment or moves to the next.
  @inline(never)
  func refill(
    _ hot: UnsafeMutablePointer<HotSegment>, track index: Int, progress p: Double, workspace: SamplerWorkspace
  ) {
    let info = workspace.trackCursors.base + index
    let segmentCount = Int(info.pointee.segmentCount)
    let firstSegment = Int(info.pointee.firstSegment)
    let entries = segmentEntries.base + firstSegment
    // A track has one key time more than segments, so its first key is its first segment plus its index.
    let keys = keyTimes.base + firstSegment + index
    var local = -1
    var candidate = Int(info.pointee.cursor)
    let last = min(candidate + 1, segmentCount - 1)
    while candidate <= last {
      let aboveStart = candidate == 0 || keys[candidate] <= p
      let belowEnd = candidate == segmentCount - 1 || p < keys[candidate + 1]
      if aboveStart && belowEnd {
        local = candidate
        break
      }
      candidate += 1
    }
    if local < 0 {
      // Largest i in [0, count) with k_i ≤ p; 0 when there is none (k_0 is never tested, NaN passes no test).
      // Without a branch per step: random access refills nearly every track, and the steps do not predict.
      var base = 0
      var length = segmentCount
      while length > 1 {
        let half = length >> 1
        base = keys[base + half] <= p ? base + half : base
        length -= half
      }
      local = base
    }
    info.pointee.cursor = Int32(local)
    fill(
      hot, entry: entries + local, keys: keys + local, local: local, segmentCount: segmentCount,
      count: Int(hot.pointee.count), firstValue: Int(info.pointee.firstValue))
  }

  /// Copies segment `local` of the track (relative to its first; its entry `entry`, its key times from `keys`)
  /// into `hot`.
  @inline(__always)
  func fill(
    _ hot: UnsafeMutablePointer<HotSegment>, entry: UnsafePointer<SegmentEntry>, keys: UnsafePointer<Double>,
    local: Int, segmentCount: Int, count: Int, firstValue: Int
  ) {
    let byte = entry.pointee.byte
    let kind = byte & SegmentKind.kindMask
    var c = UnsafePointer(coefficients.base + Int(entry.pointee.coefficientStart))
    let tail = HotSegments.tail(of: hot)
    var used = 0
    if byte & SegmentKind.eased != 0 {
      let curve = curveTables.base + Int(entry.pointee.curve) * CurveTables.stride
      for index in 0..<CurveTables.stride { tail[HotSegment.curveSlot + index] = curve[index] }
      used = HotSegment.easedSlots
      c += SegmentKind.easingCount
    }
    var current = UnsafePointer(values.base + firstValue + local * count)
    let valueCount: Int
    switch kind {
    case SegmentKind.hold: valueCount = count
    case SegmentKind.linear, SegmentKind.hermite, SegmentKind.spring, SegmentKind.basic: valueCount = 2 * count
    default: valueCount = 0
    }
    if valueCount > 0 && used + valueCount <= HotSegment.valueSlots {
      for index in 0..<valueCount { tail[used + index] = current[index] }
      current = UnsafePointer(tail + used)
      used += valueCount
    }
    if kind == SegmentKind.hermite && used + 2 * count <= HotSegment.valueSlots {
      for index in 0..<2 * count { tail[used + index] = c[index] }
      c = UnsafePointer(tail + used)
      used += 2 * count
    }
    let k0 = keys[0]
    let k1 = keys[1]
    hot.pointee.lo = local == 0 ? -.infinity : k0
    hot.pointee.hi = local == segmentCount - 1 ? .infinity : k1
    hot.pointee.k0 = k0
    hot.pointee.k1 = k1
    hot.pointee.current = current
    hot.pointee.coefficients = c
    if kind == SegmentKind.spring {
      hot.pointee.coefficients = UnsafeRawPointer(springs.base + Int(entry.pointee.curve))
        .assumingMemoryBound(to: Double.self)
    }
    hot.pointee.byte = byte
  }

  /// Writes the hot segment at the leaf's time into `value` (the same arithmetic as `evaluate`); returns the
  /// motion tangent angle when `wantsAngle` (0 otherwise).
  @inline(__always)
  func evaluate(
    hot: UnsafeMutablePointer<HotSegment>, count: Int, leaf: LeafTime, wantsAngle: Bool,
    into value: UnsafeMutablePointer<Double>
  ) -> Double {
    let byte = hot.pointee.byte
    let current = hot.pointee.current
    let next = current + count
    if byte == SegmentKind.linear {
      let k0 = hot.pointee.k0
      let k1 = hot.pointee.k1
      let span = k1 - k0
      let s = span > 0 ? (leaf.progress - k0) / span : (leaf.progress >= k1 ? 1 : 0)
      for component in 0..<count {
        let a = current[component]
        value[component] = Interpolation.lerp(a, next[component], s)
      }
      return 0
    }
    if byte == SegmentKind.hold {
      for component in 0..<count { value[component] = current[component] }
      return 0
    }
    return evaluateOther(hot: hot, count: count, leaf: leaf, wantsAngle: wantsAngle, into: value)
  }

  /// `evaluate(hot:…)` for the kinds other than plain linear and hold.
  @inline(__always)
  func evaluateOther(
    hot: UnsafeMutablePointer<HotSegment>, count: Int, leaf: LeafTime, wantsAngle: Bool,
    into value: UnsafeMutablePointer<Double>
  ) -> Double {
    let byte = hot.pointee.byte
    let kind = byte & SegmentKind.kindMask
    let current = hot.pointee.current
    let next = current + count
    let c = hot.pointee.coefficients
    let k0 = hot.pointee.k0
    let k1 = hot.pointee.k1
    let span = k1 - k0
    var s = span > 0 ? (leaf.progress - k0) / span : (leaf.progress >= k1 ? 1 : 0)
    if byte & SegmentKind.eased != 0 {
      let tail = HotSegments.tail(of: hot)
      s = TimingCurveSolver.progress(tail + HotSegment.curveSlot, table: tail + HotSegment.tableSlot, at: s)
    }
    switch kind {
    case SegmentKind.hold:
      for component in 0..<count { value[component] = current[component] }
    case SegmentKind.basic:
      let p = leaf.progress
      for component in 0..<count {
        let a = current[component]
        value[component] = Interpolation.lerp(a, next[component], p)
      }
    case SegmentKind.linear:
      for component in 0..<count {
        let a = current[component]
        value[component] = Interpolation.lerp(a, next[component], s)
      }
    case SegmentKind.hermite:
      let weights = Hermite.basis(at: s)
      for component in 0..<count {
        value[component] =
          weights.startValue * current[component] + weights.startTangent * c[component]
          + weights.endValue * next[component] + weights.endTangent * c[count + component]
      }
    case SegmentKind.spring:
      let progress = HotSegments.spring(of: hot).pointee.progress(at: leaf.seconds)
      for component in 0..<count {
        let a = current[component]
        value[component] = Interpolation.lerp(a, next[component], progress)
      }
    case SegmentKind.motion, SegmentKind.motionHold:
      let parameter = kind == SegmentKind.motionHold ? c[9] : s
      let point = MotionGeometry.point(c, s: parameter)
      value[0] = point.x
      value[1] = point.y
      if wantsAngle {
        let tangent = MotionGeometry.tangent(c, s: parameter)
        return tangent.x == 0 && tangent.y == 0 ? .nan : atan2(tangent.y, tangent.x)
      }
    default:
      break
    }
    return 0
  }
}
