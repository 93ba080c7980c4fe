import SceneCore

/// A keyframe segment's timing curve solved for playback: `CubicTimingCurve.progress(at:)`'s method and tolerance
/// (Newton's method until |X(s) − x| ≤ 1e-12, bisection where it stalls), started from the track's previous solution
/// when the sample before was in the same segment at a nearby x. Playback then converges in one or two steps
/// instead of four or five; the answer meets the same tolerance, so it agrees with the reference evaluator's to
/// about 1e-12 (not bit for bit: the reference always starts from s = x).
struct EasedProgress {
  /// The x and s of the track's previous solve, and its segment (−1: none yet).
  var x = 0.0
  var s = 0.0
  var segment = -1

  /// The eased progress Y(s) at input progress `x` for segment `segment` (global index) with `curve`.
  @inline(__always)
  mutating func progress(_ curve: CubicTimingCurve, at x: Double, segment: Int) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let nearby = self.segment == segment && abs(x - self.x) < 0.25
    let s = Self.parameter(curve, forX: x, from: nearby ? self.s : x)
    self.x = x
    self.s = s
    self.segment = segment
    return curve.y(atParameter: s)
  }

  /// The parameter s ∈ [0, 1] with X(s) = x (x in (0, 1)), Newton from `start`, then bisection as the curve does.
  static func parameter(_ curve: CubicTimingCurve, forX target: Double, from start: Double) -> Double {
    let tolerance = 1e-12
    var s = start
    for _ in 0..<8 {
      let error = curve.x(atParameter: s) - target
      if abs(error) <= tolerance { return s }
      let slope = curve.xDerivative(atParameter: s)
      if abs(slope) < 1e-9 { break }
      s -= error / slope
      if s < 0 || s > 1 { break }
    }
    return curve.parameter(forX: target)
  }
}
