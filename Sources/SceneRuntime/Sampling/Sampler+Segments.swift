import Foundation
import SceneCore

/// Finding a track's keyframe segment and evaluating it into the scratch value.
extension SamplerProgram {
  /// The segment i with k_i ≤ p < k_{i+1} (the first for p below every key time, the last from its key time on),
  /// relative to the track's first. The cursor (the segment used last) is tried first, then its successor, then
  /// binary search; playback mostly stays in a segment or moves to the next.
  @inline(__always)
  func segment(of track: UnsafePointer<TrackRecord>, progress p: Double, cursor: inout Int) -> Int {
    let count = track.pointee.segmentCount
    let keys = keyTimes.base + track.pointee.firstKey
    var candidate = cursor
    let last = min(cursor + 1, count - 1)
    while candidate <= last {
      let aboveStart = candidate == 0 || keys[candidate] <= p
      let belowEnd = candidate == count - 1 || p < keys[candidate + 1]
      if aboveStart && belowEnd {
        cursor = candidate
        return candidate
      }
      candidate += 1
    }
    // Largest i in [0, count) with k_i ≤ p; 0 when there is none.
    var low = 0
    var high = count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if keys[middle] <= p { low = middle } else { high = middle - 1 }
    }
    cursor = low
    return low
  }

  /// Writes segment `local` of the track (relative to its first) at the leaf's time into `value`; returns the
  /// motion tangent angle when `wantsAngle` (0 otherwise).
  @inline(__always)
  func evaluate(
    _ track: UnsafePointer<TrackRecord>, segment local: Int, leaf: LeafTime, wantsAngle: Bool,
    into value: UnsafeMutablePointer<Double>
  ) -> Double {
    let count = track.pointee.count
    let segment = track.pointee.firstSegment + local
    let keys = keyTimes.base + track.pointee.firstKey + local
    let current = values.base + track.pointee.firstValue + local * count
    let next = current + count
    let byte = segmentKinds[segment]
    let kind = byte & SegmentKind.kindMask
    var c = coefficients.base + coefficientStarts[segment]

    let k0 = keys[0]
    let k1 = keys[1]
    let span = k1 - k0
    var s = span > 0 ? (leaf.progress - k0) / span : (leaf.progress >= k1 ? 1 : 0)
    if byte & SegmentKind.eased != 0 {
      let curve = CubicTimingCurve(ax: c[0], bx: c[1], cx: c[2], ay: c[3], by: c[4], cy: c[5])
      s = curve.progress(at: s)
      c += 6
    }
    // Without a segment curve s is not clamped: an overshooting animation-level curve extrapolates.

    switch kind {
    case SegmentKind.hold:
      for component in 0..<count { value[component] = current[component] }
    case SegmentKind.basic:
      let p = leaf.progress
      for component in 0..<count {
        let a = current[component]
        value[component] = a + (next[component] - a) * p
      }
    case SegmentKind.linear:
      for component in 0..<count {
        let a = current[component]
        value[component] = a + (next[component] - a) * s
      }
    case SegmentKind.hermite:
      let weights = Hermite.basis(at: s)
      for component in 0..<count {
        value[component] =
          weights.startValue * current[component] + weights.startTangent * c[component]
          + weights.endValue * next[component] + weights.endTangent * c[count + component]
      }
    case SegmentKind.spring:
      let progress = springs[springIndex[segment]].progress(at: leaf.seconds)
      for component in 0..<count {
        let a = current[component]
        value[component] = a + (next[component] - a) * progress
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
