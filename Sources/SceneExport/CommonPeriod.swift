import Foundation

/// The least common period of several periods, with periods read as rationals.
///
/// Each period is divided by the longest, and that ratio x ∈ (0, 1] is read as the first convergent n/d of its
/// continued fraction within `tolerance` of it (relative): 1.2 s against 2 s is 3/5, 1 s against 1.5 s is 2/3,
/// so the decimals authors write (and their rounding in doubles) count as the fractions they mean. The common
/// period is then the longest period times the least common multiple of the numerators (6 s and 3 s there); it
/// exists when that multiple keeps it at most `longest` seconds. A ratio with no convergent that close before the
/// numerator passes that bound (1 against √3: 4/7, 15/26, 56/97 … up to 60 s) has none.
public enum CommonPeriod {
  /// How close (relative) a ratio of periods must be to a fraction to count as it.
  public static let tolerance = 1e-9

  public static func of(_ periods: [Double], atMost longest: Double) -> Double? {
    guard let reference = periods.max(), periods.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
    let bound = (longest / reference * (1 + tolerance)).rounded(.down)
    guard bound >= 1 else { return nil }
    var multiple = 1
    for period in periods {
      guard let numerator = numerator(period / reference, atMost: bound) else { return nil }
      let (product, overflow) = (multiple / gcd(multiple, numerator)).multipliedReportingOverflow(by: numerator)
      guard !overflow, Double(product) <= bound else { return nil }
      multiple = product
    }
    return reference * Double(multiple)
  }

  /// The numerator n of the first convergent n/d of x's continued fraction within `tolerance` of x, if n ≤ bound.
  static func numerator(_ x: Double, atMost bound: Double) -> Int? {
    // Convergents h/k from h₋₂/k₋₂ = 0/1 and h₋₁/k₋₁ = 1/0, in doubles (exact while below 2⁵³; anything larger
    // is past the bound anyway).
    var (h2, h1, k2, k1) = (0.0, 1.0, 1.0, 0.0)
    var rest = x
    for _ in 0..<64 {
      let term = rest.rounded(.down)
      let (h, k) = (term * h1 + h2, term * k1 + k2)
      guard h <= bound else { return nil }
      if h > 0 && abs(h / k - x) <= tolerance * x { return Int(h) }
      (h2, h1, k2, k1) = (h1, h, k1, k)
      let fraction = rest - term
      guard fraction > 0 else { return nil }
      rest = 1 / fraction
    }
    return nil
  }

  static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}
