/// Deterministic text for numbers, shared by every writer of numbers (SVG path data, JSON plans and samples) so
/// that outputs are byte-stable across runs and platforms.
public enum NumberFormatting {
  /// The shortest text that reads back as exactly `x`.
  ///
  /// - Integral values are written without a fraction (`3`, not `3.0`) as long as Swift writes them without an
  ///   exponent (below 2^53 in magnitude).
  /// - Other values use Swift's shortest round-trip digits (`0.1`, `2.5`), which are platform-independent.
  /// - Magnitudes in [1e-6, 1e15) never use exponent notation: `0.00001`, not `1e-05` (readers of SVG and people
  ///   both prefer plain decimals in that range). Outside it Swift's exponent form is kept (`1e-07`, `1e+16`).
  /// - Negative zero is written `0`.
  /// - Non-finite values are written `nan`, `inf` and `-inf`; no format we write accepts them, so callers check first.
  public static func shortest(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x < 0 ? "-inf" : "inf" }
    if x == 0 { return "0" }
    let magnitude = abs(x)
    if magnitude < 9_007_199_254_740_992, x == x.rounded(.towardZero) { return String(Int64(x)) }
    let text = x.description
    // Byte tests: String's `contains("e")` goes through Foundation's locale-aware search, which cost more than
    // formatting the number (plans write millions).
    let bytes = text.utf8
    if bytes.count >= 2, bytes.last == UInt8(ascii: "0"),
      bytes[bytes.index(bytes.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
    {
      return String(text.dropLast(2))
    }
    guard magnitude >= 1e-6 && magnitude < 1e15, bytes.contains(UInt8(ascii: "e")) else { return text }
    return expandingExponent(text)
  }

  /// Rewrites `[-]d.ddde±N` as a plain decimal with the same digits.
  private static func expandingExponent(_ text: String) -> String {
    var body = Substring(text)
    let negative = body.first == "-"
    if negative { body = body.dropFirst() }
    let parts = body.split(separator: "e", maxSplits: 1)
    guard parts.count == 2, let exponent = Int(parts[1]) else { return text }
    let mantissa = parts[0]
    let integerDigitCount =
      mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
      ?? mantissa.count
    var digits = Array(mantissa.filter { $0 != "." })
    while digits.count > 1 && digits.last == "0" { digits.removeLast() }
    let pointPosition = integerDigitCount + exponent
    var result = negative ? "-" : ""
    if pointPosition <= 0 {
      result += "0." + String(repeating: "0", count: -pointPosition) + String(digits)
    } else if pointPosition >= digits.count {
      result += String(digits) + String(repeating: "0", count: pointPosition - digits.count)
    } else {
      result += String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
    }
    return result
  }
}
