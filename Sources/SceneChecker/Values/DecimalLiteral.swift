/// Decimal text → Double without going through `Double(String)` (strtod), for the common short literals.
///
/// Clinger's fast path: when the digits, read as an integer m, are below 2^53 and the decimal exponent e is within
/// ±22, both m and 10^|e| are exact doubles and one IEEE multiplication or division rounds m·10^e correctly, so
/// the result is the same double strtod gives. Anything else returns nil, and callers fall back to strtod.
enum DecimalLiteral {
  /// 10^0 … 10^22, all exact in binary64.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The value of `digits[.digits][(e|E)[+|-]digits]` spanning all of `bytes` (at least one digit before or after
  /// the point, as the expression lexer reads numbers); nil when the text is not that shape or is outside the fast
  /// path.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let (value, end) = literal(bytes, from: 0)
    return end == bytes.count ? value : nil
  }

  /// The number literal at `start`, delimited as the expression lexer delimits it (digits, a point and digits, an
  /// exponent only when digits follow it), and where it ends; the value is nil when there is no digit or the
  /// literal is outside the fast path.
  static func literal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Double?, end: Int) {
    var index = start
    let count = bytes.count
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var sawDigit = false
    var tooLong = false
    // Leading zeros do not count towards the 15 significant digits.
    while index < count, bytes[index] &- 0x30 < 10 {
      let digit = UInt64(bytes[index] &- 0x30)
      if mantissa != 0 || digit != 0 { significant += 1 }
      if significant > 15 { tooLong = true } else { mantissa = mantissa &* 10 &+ digit }
      if significant > 15 { exponent += 1 }
      sawDigit = true
      index += 1
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, bytes[index] &- 0x30 < 10 {
        let digit = UInt64(bytes[index] &- 0x30)
        if mantissa != 0 || digit != 0 { significant += 1 }
        if significant > 15 { tooLong = true } else { mantissa = mantissa &* 10 &+ digit; exponent -= 1 }
        sawDigit = true
        index += 1
      }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      var next = index + 1
      var negative = false
      if next < count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") {
        negative = bytes[next] == UInt8(ascii: "-")
        next += 1
      }
      if next < count, bytes[next] &- 0x30 < 10 {
        var written = 0
        while next < count, bytes[next] &- 0x30 < 10 {
          if written < 100_000 { written = written * 10 + Int(bytes[next] &- 0x30) }
          next += 1
        }
        exponent += negative ? -written : written
        index = next
      }
    }
    guard sawDigit, !tooLong else { return (nil, index) }
    // mantissa < 10^15 < 2^53: exact.
    if mantissa == 0 { return (0, index) }
    let whole = Double(mantissa)
    if exponent == 0 { return (whole, index) }
    if exponent > 0 && exponent <= 22 { return (whole * powersOfTen[exponent], index) }
    if exponent < 0 && exponent >= -22 { return (whole / powersOfTen[-exponent], index) }
    return (nil, index)
  }

  /// The value of `[-]digits[.digits]` spanning all of `bytes` with at most 15 significant digits, the shape of
  /// almost every number a spec lists (`0.24`, `-12`, `960`); nil for anything else, which `quantity` then reads.
  /// One pass and no table: keyframe lists hold most of a large spec's numbers.
  @inline(__always) static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = bytes.count
    guard count > 0, count <= 17 else { return nil }
    let negative = bytes[0] == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = -1
    while index < count {
      let byte = bytes[index]
      if byte &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
        digits += 1
        if fraction >= 0 { fraction += 1 }
      } else if byte == UInt8(ascii: "."), fraction < 0, digits > 0 {
        fraction = 0
      } else {
        return nil
      }
      index += 1
    }
    // At most 15 digits in all (so below 10^15 < 2^53: exact), one before the point, one after it if there is one.
    guard digits > 0, digits <= 15, fraction != 0 else { return nil }
    var value = Double(mantissa)
    if fraction > 0 { value /= exactPowerOfTen(fraction) }
    return negative ? -value : value
  }

  /// 10^n for 0 < n ≤ 15, exact in binary64, without a table's lazy global.
  @inline(__always) private static func exactPowerOfTen(_ n: Int) -> Double {
    var power = 10.0
    for _ in 1..<n { power *= 10 }
    return power
  }

  /// A plain scalar that is one number literal: an optional `-`, the digits as above (starting with a digit), and
  /// optionally one of the unit suffixes. Returns the value and unit the expression evaluator would give, or nil
  /// for anything else (the caller then evaluates the text as an expression).
  static func quantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Quantity? {
    guard bytes.count > 0, bytes.count <= 64 else { return nil }
    let negative = bytes[0] == UInt8(ascii: "-")
    let start = negative ? 1 : 0
    guard start < bytes.count, bytes[start] &- 0x30 < 10 else { return nil }
    let (parsed, end) = literal(bytes, from: start)
    guard var value = parsed, value.isFinite else { return nil }
    var unit = Unit.none
    if end < bytes.count {
      let suffix = UnsafeBufferPointer(rebasing: bytes[end...])
      guard let known = ExpressionLexer.suffixes.first(where: { $0.name.utf8.elementsEqual(suffix) }) else {
        return nil
      }
      value *= known.factor
      unit = known.unit
      guard value.isFinite else { return nil }
    }
    return Quantity(negative ? -value : value, unit)
  }
}
