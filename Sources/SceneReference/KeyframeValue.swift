import SceneCore
import SceneFrontEnd
import SceneModel

/// CAKeyframeAnimation with `values`, evaluated from scratch at each query.
extension ReferenceEvaluator {
  static func keyframeValue(_ keyframes: Keyframes, progress p: Double) -> [Double] {
    let values = keyframes.values
    guard values.count > 1 else { return values.first ?? [] }
    // Read straight from the flat values: keyframe i is `flat[i·d ..< (i+1)·d]`.
    let flat = values.flat
    let d = values.width
    func keyframe(_ index: Int) -> ArraySlice<Double> { flat[index * d..<(index + 1) * d] }
    func lerp(_ segment: Int, _ t: Double) -> [Double] {
      (0..<d).map { component in
        let a = flat[segment * d + component]
        return Interpolation.lerp(a, flat[(segment + 1) * d + component], t)
      }
    }
    switch keyframes.calculationMode {
    case .discrete:
      let times = keyframes.keyTimes ?? PacedKeyTimes.evenlySpaced(count: values.count + 1)
      return Array(keyframe(discreteIndex(p, times: times, valueCount: values.count)))
    case .linear:
      let times = keyframes.keyTimes ?? PacedKeyTimes.evenlySpaced(count: values.count)
      let (segment, s) = locate(p, times: times)
      return lerp(segment, ease(s, segment: segment, functions: keyframes.timingFunctions))
    case .paced:
      let times = PacedKeyTimes.keyTimes(segmentLengths: PacedKeyTimes.linearLengths(Array(values)))
      let (segment, s) = locate(p, times: times)
      return lerp(segment, s)
    case .cubic:
      let tangents = cubicTangents(keyframes)
      let times = keyframes.keyTimes ?? PacedKeyTimes.evenlySpaced(count: values.count)
      let (segment, s) = locate(p, times: times)
      let eased = ease(s, segment: segment, functions: keyframes.timingFunctions)
      return KochanekBartels.value(flat: flat, dimension: d, tangents: tangents, segment: segment, at: eased)
    case .cubicPaced:
      let tangents = cubicTangents(keyframes)
      let lengths = PacedKeyTimes.hermiteLengths(Array(values), tangents: tangents)
      let (segment, s) = locate(p, times: PacedKeyTimes.keyTimes(segmentLengths: lengths))
      return KochanekBartels.value(flat: flat, dimension: d, tangents: tangents, segment: segment, at: s)
    }
  }

  static func cubicTangents(_ keyframes: Keyframes) -> [Double] {
    KochanekBartels.segmentTangents(
      flat: keyframes.values.flat, count: keyframes.values.count, dimension: keyframes.values.width,
      tension: keyframes.tension ?? [], continuity: keyframes.continuity ?? [], bias: keyframes.bias ?? [])
  }

  /// The segment i with `k_i ≤ p < k_{i+1}` and the fraction s inside it. From the last key time on, the last
  /// segment (s = 1 at its end even when it has zero length, so p = 1 shows the last value); before the first,
  /// segment 0. Outside [k_0, k_last] s is not clamped: an overshooting timing function extrapolates.
  static func locate(_ p: Double, times: [Double]) -> (segment: Int, s: Double) {
    let last = times.count - 2
    if p >= times[last + 1] {
      let length = times[last + 1] - times[last]
      return (last, length > 0 ? (p - times[last]) / length : 1)
    }
    var segment = 0
    for index in 0...last where times[index] <= p { segment = index }
    let length = times[segment + 1] - times[segment]
    return (segment, length > 0 ? (p - times[segment]) / length : 0)
  }

  /// Discrete: the last value whose key time has been reached (the first before any).
  static func discreteIndex(_ p: Double, times: [Double], valueCount: Int) -> Int {
    var index = 0
    for candidate in 0..<valueCount where times[candidate] <= p { index = candidate }
    return index
  }

  /// The segment's own timing function; a missing one is linear and leaves s as it is.
  static func ease(_ s: Double, segment: Int, functions: [TimingFunction]?) -> Double {
    // A linear segment function is no function at all: like a missing one, it leaves s as it is.
    guard let functions, segment < functions.count, !functions[segment].isLinear else { return s }
    return functions[segment].progress(at: s)
  }
}
