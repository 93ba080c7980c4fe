/// An exact rational number over 64-bit integers, for the exact timing model: every operation checks for overflow
/// and traps with a message (the model's inputs are decimals on millisecond grids and stay far from the limit;
/// a trap would mean the model, not the evaluators, needs wider numbers).
struct Rational: Comparable, CustomStringConvertible {
  let numerator: Int64
  /// Always > 0; the fraction is in lowest terms.
  let denominator: Int64

  init(_ numerator: Int64, _ denominator: Int64 = 1) {
    precondition(denominator != 0, "zero denominator")
    let sign: Int64 = denominator < 0 ? -1 : 1
    let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
    self.numerator = Self.checked(numerator.multipliedReportingOverflow(by: sign)) / Int64(divisor)
    self.denominator = Self.checked(denominator.multipliedReportingOverflow(by: sign)) / Int64(divisor)
  }

  /// The decimal `text` exactly (e.g. "0.1" → 1/10, "-2.25" → −9/4).
  init(decimal text: String) {
    let negative = text.hasPrefix("-")
    let digits = negative ? String(text.dropFirst()) : text
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    var scale: Int64 = 1
    for _ in fraction { scale = Self.checked(scale.multipliedReportingOverflow(by: 10)) }
    let whole = Int64(parts[0])! * scale + (fraction.isEmpty ? 0 : Int64(fraction)!)
    self.init(negative ? -whole : whole, scale)
  }

  static let zero = Rational(0)
  static let one = Rational(1)

  var double: Double { Double(numerator) / Double(denominator) }
  var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
  var isNegative: Bool { numerator < 0 }
  var magnitude: Rational { Rational(numerator < 0 ? -numerator : numerator, denominator) }

  /// ⌊x⌋ and ⌈x⌉ as integers.
  var floor: Int64 {
    let quotient = numerator / denominator
    return numerator % denominator != 0 && numerator < 0 ? quotient - 1 : quotient
  }
  var ceil: Int64 {
    let quotient = numerator / denominator
    return numerator % denominator != 0 && numerator > 0 ? quotient + 1 : quotient
  }

  static func + (a: Rational, b: Rational) -> Rational {
    let divisor = Int64(gcd(a.denominator.magnitude, b.denominator.magnitude))
    let left = checked(a.numerator.multipliedReportingOverflow(by: b.denominator / divisor))
    let right = checked(b.numerator.multipliedReportingOverflow(by: a.denominator / divisor))
    return Rational(
      checked(left.addingReportingOverflow(right)),
      checked(a.denominator.multipliedReportingOverflow(by: b.denominator / divisor)))
  }

  static prefix func - (a: Rational) -> Rational {
    Rational(checked(a.numerator.multipliedReportingOverflow(by: -1)), a.denominator)
  }
  static func - (a: Rational, b: Rational) -> Rational { a + -b }

  static func * (a: Rational, b: Rational) -> Rational {
    // Cross-reduce first to keep the products small.
    let first = Int64(gcd(a.numerator.magnitude, b.denominator.magnitude))
    let second = Int64(gcd(b.numerator.magnitude, a.denominator.magnitude))
    return Rational(
      checked((a.numerator / first).multipliedReportingOverflow(by: b.numerator / second)),
      checked((a.denominator / second).multipliedReportingOverflow(by: b.denominator / first)))
  }

  static func / (a: Rational, b: Rational) -> Rational {
    precondition(b.numerator != 0, "division by zero")
    return a * Rational(b.denominator, b.numerator)
  }

  static func < (a: Rational, b: Rational) -> Bool { (a - b).numerator < 0 }

  private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return max(x, 1)
  }

  private static func checked(_ result: (partialValue: Int64, overflow: Bool)) -> Int64 {
    precondition(!result.overflow, "Rational overflowed 64 bits: the exact model needs wider integers")
    return result.partialValue
  }
}
