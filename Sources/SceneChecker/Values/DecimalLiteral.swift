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
    var index = 0
    let count = bytes.count
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var sawDigit = false
    // Integer part; leading zeros do not count towards the 15 significant digits.
    while index < count, bytes[index] &- 0x30 < 10 {
      let digit = UInt64(bytes[index] &- 0x30)
      if mantissa != 0 || digit != 0 { significant += 1 }
      mantissa = mantissa &* 10 &+ digit
      sawDigit = true
      index += 1
      if significant > 15 { return nil }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, bytes[index] &- 0x30 < 10 {
        let digit = UInt64(bytes[index] &- 0x30)
        if mantissa != 0 || digit != 0 { significant += 1 }
        mantissa = mantissa &* 10 &+ digit
        exponent -= 1
        sawDigit = true
        index += 1
        if significant > 15 { return nil }
      }
    }
    guard sawDigit else { return nil }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var negative = false
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        negative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      var sawExponentDigit = false
      while index < count, bytes[index] &- 0x30 < 10 {
        written = written * 10 + Int(bytes[index] &- 0x30)
        sawExponentDigit = true
        index += 1
        if written > 1000 { return nil }
      }
      guard sawExponentDigit else { return nil }
      exponent += negative ? -written : written
    }
    guard index == count else { return nil }
    // mantissa < 10^15 < 2^53: exact.
    let whole = Double(mantissa)
    if mantissa == 0 { return 0 }
    if exponent == 0 { return whole }
    if exponent > 0 && exponent <= 22 { return whole * powersOfTen[exponent] }
    if exponent < 0 && exponent >= -22 { return whole / powersOfTen[-exponent] }
    return nil
  }

  /// A plain scalar that is one number literal: an optional `-`, the digits as above (starting with a digit), and
  /// optionally one of the unit suffixes. Returns the value and unit the expression evaluator would give, or nil
  /// for anything else (the caller then evaluates the text as an expression).
  static func quantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Quantity? {
    guard bytes.count > 0, bytes.count <= 64 else { return nil }
    var start = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { start = 1 }
    guard start < bytes.count, bytes[start] &- 0x30 < 10 else { return nil }
    // The literal's digits end where the lexer's would: digits, point and digits, an exponent with digits.
    var end = start
    while end < bytes.count, bytes[end] &- 0x30 < 10 { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      end += 1
      while end < bytes.count, bytes[end] &- 0x30 < 10 { end += 1 }
    }
    if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
      var next = end + 1
      if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
      if next < bytes.count, bytes[next] &- 0x30 < 10 {
        end = next
        while end < bytes.count, bytes[end] &- 0x30 < 10 { end += 1 }
      }
    }
    guard var value = value(UnsafeBufferPointer(rebasing: bytes[start..<end])), value.isFinite else { return nil }
    var unit = Unit.none
    if end < bytes.count {
      let suffix = UnsafeBufferPointer(rebasing: bytes[end...])
      guard let known = ExpressionLexer.suffixes.first(where: { $0.name.utf8.elementsEqual(suffix) }) else { return nil }
      value *= known.factor
      unit = known.unit
      guard value.isFinite else { return nil }
    }
    return Quantity(negative ? -value : value, unit)
  }
}
