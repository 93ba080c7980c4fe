import Foundation
import SceneCore

/// Finding a track's keyframe segment and evaluating it into `value`.
extension Sampler {
  /// The segment i with k_i ≤ p < k_{i+1} (the first for p below every key time, the last from its key time on),
  /// as a global index into `segmentKinds`. The cursor is tried first, then its successor, then binary search.
  mutating func segmentIndex(track: Int, progress p: Double) -> Int {
    let tracks = plan.tracks
    let first = tracks.segmentStarts[track]
    let count = tracks.segmentStarts[track + 1] - first
    let keys = tracks.keyStarts[track]
    let cursor = cursors[track]
    for candidate in cursor...(cursor + 1) where candidate < count {
      let aboveStart = candidate == 0 || tracks.keyTimes[keys + candidate] <= p
      let belowEnd = candidate == count - 1 || p < tracks.keyTimes[keys + candidate + 1]
      if aboveStart && belowEnd {
        cursors[track] = candidate
        return first + candidate
      }
    }
    // Largest i in [0, count) with k_i ≤ p; 0 when there is none.
    var low = 0
    var high = count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if tracks.keyTimes[keys + middle] <= p { low = middle } else { high = middle - 1 }
    }
    cursors[track] = low
    return first + low
  }

  /// Writes segment `segment`'s value at the leaf's progress into `value`; returns the motion tangent angle when
  /// `wantsAngle` (0 otherwise).
  mutating func evaluate(track: Int, segment: Int, leaf: LeafTime, wantsAngle: Bool) -> Double {
    let tracks = plan.tracks
    let count = tracks.components[track]
    let local = segment - tracks.segmentStarts[track]
    let keys = tracks.keyStarts[track] + local
    let current = tracks.valueStarts[track] + local * count
    let next = current + count
    let byte = tracks.segmentKinds[segment]
    let kind = byte & SegmentKind.kindMask
    var coefficient = tracks.coefficientStarts[segment]

    let k0 = tracks.keyTimes[keys]
    let k1 = tracks.keyTimes[keys + 1]
    let span = k1 - k0
    var s = span > 0 ? (leaf.progress - k0) / span : (leaf.progress >= k1 ? 1 : 0)
    if byte & SegmentKind.eased != 0 {
      let c = tracks.coefficients
      let curve = CubicTimingCurve(
        ax: c[coefficient], bx: c[coefficient + 1], cx: c[coefficient + 2], ay: c[coefficient + 3],
        by: c[coefficient + 4], cy: c[coefficient + 5])
      s = curve.progress(at: s)
      coefficient += 6
    }
    // Without a segment curve s is not clamped: an overshooting animation-level curve extrapolates.

    switch kind {
    case SegmentKind.hold:
      for component in 0..<count { value[component] = tracks.values[current + component] }
    case SegmentKind.basic:
      let p = leaf.progress
      for component in 0..<count {
        let a = tracks.values[current + component]
        value[component] = a + (tracks.values[next + component] - a) * p
      }
    case SegmentKind.linear:
      for component in 0..<count {
        let a = tracks.values[current + component]
        value[component] = a + (tracks.values[next + component] - a) * s
      }
    case SegmentKind.hermite:
      let weights = Hermite.basis(at: s)
      for component in 0..<count {
        value[component] =
          weights.startValue * tracks.values[current + component]
          + weights.startTangent * tracks.coefficients[coefficient + component]
          + weights.endValue * tracks.values[next + component]
          + weights.endTangent * tracks.coefficients[coefficient + count + component]
      }
    case SegmentKind.spring:
      let progress = springProgress(segment: segment, seconds: leaf.seconds)
      for component in 0..<count {
        let a = tracks.values[current + component]
        value[component] = a + (tracks.values[next + component] - a) * progress
      }
    case SegmentKind.motion, SegmentKind.motionHold:
      let parameter = kind == SegmentKind.motionHold ? tracks.coefficients[coefficient + 9] : s
      let point = MotionGeometry.point(tracks.coefficients, at: coefficient, s: parameter)
      value[0] = point.x
      value[1] = point.y
      if wantsAngle {
        let tangent = MotionGeometry.tangent(tracks.coefficients, at: coefficient, s: parameter)
        return tangent.x == 0 && tangent.y == 0 ? .nan : atan2(tangent.y, tangent.x)
      }
    default:
      break
    }
    return 0
  }
}
