import Foundation

/// Adaptive Gauss–Legendre quadrature, used to measure curve lengths.
///
/// Nodes and weights are derived once by Newton's method on the Legendre polynomial rather than typed in, so their
/// precision does not depend on transcribed digits; the computation is pure arithmetic, hence identical on every run.
public enum GaussLegendre {
  static let order = 10

  /// (node, weight) pairs on [−1, 1] of the `order`-point rule.
  public static func rule(order n: Int) -> [(node: Double, weight: Double)] {
    var pairs: [(node: Double, weight: Double)] = []
    for i in 1...n {
      var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
      var derivative = 0.0
      for _ in 0..<100 {
        // Legendre recurrence: (k+1)·P_{k+1} = (2k+1)·x·P_k − k·P_{k−1}.
        var previous = 1.0
        var current = x
        for k in 1..<n {
          let next = (Double(2 * k + 1) * x * current - Double(k) * previous) / Double(k + 1)
          previous = current
          current = next
        }
        derivative = Double(n) * (x * current - previous) / (x * x - 1)
        let step = current / derivative
        x -= step
        if abs(step) < 1e-16 { break }
      }
      pairs.append((node: x, weight: 2 / ((1 - x * x) * derivative * derivative)))
    }
    return pairs
  }

  /// The 10-point rule the adaptive length measurement uses.
  static let rule = rule(order: order)

  /// The 20-point rule that paced keyframes measure Hermite segments with, in the compiler and the reference
  /// evaluator alike.
  public static let twentyPoint = rule(order: 20)

  /// ∫ f over [0, 1] by one application of the 20-point rule.
  public static func integrateUnitInterval(_ f: (Double) -> Double) -> Double {
    var sum = 0.0
    for (node, weight) in twentyPoint { sum += weight * f((node + 1) / 2) }
    return sum / 2
  }

  /// ∫ f over [a, b] by one application of the rule.
  static func fixed(_ f: (Double) -> Double, from a: Double, to b: Double) -> Double {
    let half = (b - a) / 2
    let middle = (a + b) / 2
    var sum = 0.0
    for pair in rule { sum += pair.weight * f(middle + half * pair.node) }
    return sum * half
  }

  /// ∫ f over [a, b], halving intervals until two halves agree with their parent within `tolerance`, or 30 levels
  /// deep, where a kink such as a cusp has been resolved well enough. The tolerance is not halved per level: a
  /// halved one would sink below rounding noise and split smooth intervals all the way down.
  static func adaptive(_ f: (Double) -> Double, from a: Double, to b: Double, tolerance: Double) -> Double {
    refine(f, from: a, to: b, whole: fixed(f, from: a, to: b), tolerance: tolerance, depth: 30)
  }

  private static func refine(
    _ f: (Double) -> Double, from a: Double, to b: Double, whole: Double, tolerance: Double, depth: Int
  ) -> Double {
    let middle = (a + b) / 2
    let left = fixed(f, from: a, to: middle)
    let right = fixed(f, from: middle, to: b)
    // A sum that is not finite (an integrand past ±1.8e308) cannot improve by splitting: 2^30 intervals later it
    // would still be infinite.
    if depth == 0 || !(left + right).isFinite || abs(left + right - whole) <= tolerance { return left + right }
    return refine(f, from: a, to: middle, whole: left, tolerance: tolerance, depth: depth - 1)
      + refine(f, from: middle, to: b, whole: right, tolerance: tolerance, depth: depth - 1)
  }
}
