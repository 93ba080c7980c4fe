/// Arc length along a segment, and its inverse.
extension BezierSegment {
  /// A length scale for tolerances: the control polygon's length bounds the curve's length from above.
  private var polygonLength: Double {
    switch degree {
    case 0: return 0
    case 1: return start.distance(to: end)
    case 2: return start.distance(to: control1) + control1.distance(to: end)
    default: return start.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: end)
    }
  }

  /// The arc length from parameter 0 to `s` (s clamped to [0, 1]).
  ///
  /// Lines are exact (one square root). Curves integrate |B'| by adaptive Gauss–Legendre to an absolute tolerance
  /// of 1e-13 times the control polygon's length per interval, which keeps the relative error near 1e-12.
  package func length(upTo s: Double = 1) -> Double {
    let s = min(max(s, 0), 1)
    switch degree {
    case 0: return 0
    case 1: return start.distance(to: end) * s
    default:
      let scale = polygonLength
      if scale == 0 || s == 0 { return 0 }
      return GaussLegendre.adaptive({ derivative(at: $0).length }, from: 0, to: s, tolerance: 1e-13 * scale)
    }
  }

  /// The parameter s at which the arc length from the start equals `distance` (clamped to [0, length]).
  ///
  /// Newton's method on L(s) − distance, kept inside a bracket that shrinks at every step and falling back to
  /// bisection when a step would leave it; stops when the length error is below 1e-12 of the segment's length.
  package func parameter(atLength distance: Double, totalLength: Double? = nil) -> Double {
    let total = totalLength ?? length()
    if total <= 0 || distance <= 0 { return 0 }
    if distance >= total { return 1 }
    if degree == 1 { return distance / total }
    var low = 0.0
    var high = 1.0
    var s = distance / total
    for _ in 0..<100 {
      let error = length(upTo: s) - distance
      if abs(error) <= 1e-12 * total { return s }
      if error < 0 { low = s } else { high = s }
      let speed = derivative(at: s).length
      var next = speed > 0 ? s - error / speed : (low + high) / 2
      if !(next > low && next < high) { next = (low + high) / 2 }
      if next == s { return s }
      s = next
    }
    return s
  }
}
