/// The digits of a decimal number as the parser reads them, for Clinger's fast path: when the significand and
/// the power of ten are both exact doubles, one multiplication or division is correctly rounded, so the result
/// equals what a full decimal-to-binary conversion gives. Everything else goes to `Double(String)`.
struct DecimalDigits {
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The digits read so far, while they fit (`exact`).
  var mantissa: UInt64 = 0
  var count = 0
  /// The power of ten the digits are scaled by.
  var exponent = 0

  /// Whether `mantissa` holds every digit: 19 decimal digits always fit 64 bits, 20 may not.
  var exact: Bool { count <= 19 }

  mutating func append(_ digit: UInt8) {
    count += 1
    if exact { mantissa = mantissa &* 10 &+ UInt64(digit) }
  }

  /// The value when the fast path is exact: a significand below 2^53 and a power of ten up to 10^22.
  var exactValue: Double? {
    guard exact, mantissa < 1 << 53, abs(exponent) <= 22 else { return nil }
    let significand = Double(mantissa)
    let scale = Self.exactPowersOfTen[abs(exponent)]
    return exponent < 0 ? significand / scale : significand * scale
  }
}
