import Testing

@testable import SceneChecker

/// `DecimalLiteral.plainDecimal`, the one-pass reader of keyframe numbers, gives exactly what strtod gives for the
/// shape it accepts, and leaves every other text to `quantity` and the expression evaluator.
@Suite struct DecimalLiteralTests {
  private func value(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { DecimalLiteral.plainDecimal($0) }
  }

  private func quantity(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { DecimalLiteral.quantity($0) }?.value
  }

  @Test func agreesWithStrtodOnRandomLiterals() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<60_000 {
      let whole = (0...next(8)).map { _ in String(next(10)) }.joined()
      let fraction = next(3) == 0 ? "" : "." + (0...next(8)).map { _ in String(next(10)) }.joined()
      let text = (next(4) == 0 ? "-" : "") + whole + fraction
      let digits = text.filter(\.isNumber).count
      guard digits <= 15 else {
        #expect(value(text) == nil, "\(text): more than 15 digits goes to the general path")
        continue
      }
      #expect(value(text) == Double(text), "\(text)")
      #expect(value(text) == quantity(text), "\(text)")
      #expect(value(text)?.sign == Double(text)?.sign, "\(text): the sign of zero")
    }
  }

  @Test func limitsOfTheShape() {
    #expect(value("999999999999999") == 999_999_999_999_999)
    #expect(value("0.00000000000001") == 1e-14)
    #expect(value("0.000000000000001") == nil, "16 digits, leading zeros included, go to the general path")
    #expect(value("-0") == 0 && value("-0")?.sign == .minus)
    #expect(value("0007") == 7)
    for other in [
      "", "-", ".5", "-.5", "5.", "1e3", "+1", "1.2.3", "1_000", "0x1F", "12px", "1 ", "9999999999999999", "--1",
    ] {
      #expect(value(other) == nil, "'\(other)' is left to the general reader")
    }
  }
}
