import SceneCore

/// CAKeyframeAnimation's `cubic` calculation mode: a Kochanek–Bartels spline through the keyframe values, evaluated
/// segment by segment as cubic Hermite curves.
///
/// Each value is a vector of components (a number, a point, a colour…), all of the same length. With tension t,
/// continuity c and bias b of keyframe i (each in [−1, 1]; all 0 gives Catmull-Rom), the tangents at keyframe i are
///
///     outgoing  DD_i = (1−t)(1+b)(1+c)/2·(p_i − p_{i−1}) + (1−t)(1−b)(1−c)/2·(p_{i+1} − p_i)
///     incoming  DS_i = (1−t)(1+b)(1−c)/2·(p_i − p_{i−1}) + (1−t)(1−b)(1+c)/2·(p_{i+1} − p_i)
///
/// and segment i runs from p_i to p_{i+1} with tangents DD_i and DS_{i+1}.
///
/// End keyframes have one neighbour. The missing one is taken equal to the end point itself (p_{−1} = p_0,
/// p_n = p_{n−1}), so its difference term vanishes and only the one-sided term remains: for Catmull-Rom the end
/// tangent is half the difference to the single neighbour. (Core Animation's treatment is unconfirmed.)
///
/// Tangents are per unit of the segment parameter s ∈ [0, 1]; they are not rescaled for unequal keyTime spacing
/// (also unconfirmed for Core Animation), so a segment's shape does not depend on how long it lasts.
public enum KochanekBartels {
  /// The Hermite tangents of every segment, flattened for storage in a plan.
  ///
  /// - Parameters:
  ///   - values: n ≥ 1 keyframe values, each with the same number of components d.
  ///   - tension, continuity, bias: one number per keyframe, or empty for all zeros.
  /// - Returns: (n − 1)·2·d numbers; segment i occupies `[i·2d, (i+1)·2d)`: first its outgoing tangent at p_i
  ///   (d numbers), then its incoming tangent at p_{i+1} (d numbers). Empty for fewer than two values.
  /// - Precondition: every value has the same component count; each parameter array is empty or has n entries.
  public static func segmentTangents(
    values: [[Double]], tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
  ) -> [Double] {
    let dimension = values.first?.count ?? 0
    precondition(values.allSatisfy { $0.count == dimension }, "keyframe values differ in component count")
    return segmentTangents(
      flat: values.flatMap { $0 }, count: values.count, dimension: dimension, tension: tension, continuity: continuity,
      bias: bias)
  }

  /// As above, for `count` values of `dimension` numbers each stored one after another in `flat` (a model's
  /// `KeyframeValues`): no array per keyframe.
  public static func segmentTangents(
    flat: [Double], count: Int, dimension: Int, tension: [Double] = [], continuity: [Double] = [],
    bias: [Double] = []
  ) -> [Double] {
    guard count >= 2 else { return [] }
    precondition(flat.count == count * dimension, "keyframe values differ in component count")
    for parameters in [tension, continuity, bias] {
      precondition(parameters.isEmpty || parameters.count == count, "one tension/continuity/bias per keyframe")
    }
    var tangents = [Double](repeating: 0, count: (count - 1) * 2 * dimension)
    for keyframe in 0..<count {
      let t = tension.isEmpty ? 0 : tension[keyframe]
      let c = continuity.isEmpty ? 0 : continuity[keyframe]
      let b = bias.isEmpty ? 0 : bias[keyframe]
      let previous = max(keyframe - 1, 0) * dimension
      let current = keyframe * dimension
      let next = min(keyframe + 1, count - 1) * dimension
      let outgoingBefore = (1 - t) * (1 + b) * (1 + c) / 2
      let outgoingAfter = (1 - t) * (1 - b) * (1 - c) / 2
      let incomingBefore = (1 - t) * (1 + b) * (1 - c) / 2
      let incomingAfter = (1 - t) * (1 - b) * (1 + c) / 2
      for component in 0..<dimension {
        let before = flat[current + component] - flat[previous + component]
        let after = flat[next + component] - flat[current + component]
        if keyframe < count - 1 {
          tangents[keyframe * 2 * dimension + component] = outgoingBefore * before + outgoingAfter * after
        }
        if keyframe > 0 {
          tangents[(keyframe - 1) * 2 * dimension + dimension + component] =
            incomingBefore * before + incomingAfter * after
        }
      }
    }
    return tangents
  }

  /// The value of segment `segment` at s ∈ [0, 1] (not clamped), from values and `segmentTangents` output.
  public static func value(
    values: [[Double]], tangents: [Double], segment: Int, at s: Double
  ) -> [Double] {
    let dimension = values[segment].count
    return value(
      flat: values[segment] + values[segment + 1], dimension: dimension, tangents: tangents, segment: 0,
      tangentSegment: segment, at: s)
  }

  /// As above, with the values flat (`dimension` numbers each): segment `segment` runs from value `segment` to
  /// value `segment + 1` of `flat`, with the tangents of segment `tangentSegment` (the same one, by default).
  public static func value(
    flat: [Double], dimension: Int, tangents: [Double], segment: Int, tangentSegment: Int? = nil, at s: Double
  ) -> [Double] {
    let start = segment * dimension
    let end = start + dimension
    let base = (tangentSegment ?? segment) * 2 * dimension
    let weights = Hermite.basis(at: s)
    return (0..<dimension).map { component in
      weights.startValue * flat[start + component] + weights.startTangent * tangents[base + component]
        + weights.endValue * flat[end + component] + weights.endTangent * tangents[base + dimension + component]
    }
  }
}
