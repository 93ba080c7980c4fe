/// The cubic Hermite basis: h(s) = h00·p0 + h10·m0 + h01·p1 + h11·m1 for a curve from p0 to p1 with tangents m0, m1
/// (per unit of s). A sampler evaluates the weights once and applies them to every component.
public enum Hermite {
  public struct Weights: Sendable, Hashable {
    /// h00 = 2s³ − 3s² + 1
    public var startValue: Double
    /// h10 = s³ − 2s² + s
    public var startTangent: Double
    /// h01 = −2s³ + 3s²
    public var endValue: Double
    /// h11 = s³ − s²
    public var endTangent: Double
  }

  public static func basis(at s: Double) -> Weights {
    let s2 = s * s
    let s3 = s2 * s
    return Weights(
      startValue: 2 * s3 - 3 * s2 + 1, startTangent: s3 - 2 * s2 + s, endValue: -2 * s3 + 3 * s2, endTangent: s3 - s2)
  }

  /// One component of a Hermite curve at s.
  public static func value(from p0: Double, tangent m0: Double, to p1: Double, tangent m1: Double, at s: Double)
    -> Double
  {
    let weights = basis(at: s)
    return weights.startValue * p0 + weights.startTangent * m0 + weights.endValue * p1 + weights.endTangent * m1
  }
}
