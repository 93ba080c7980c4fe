import SceneDiagnostics
import Testing

/// Numbers in messages are rounded for people, never so far that an out-of-range value looks allowed.
@Suite struct MessageNumberTests {
  @Test(arguments: [
    (2.033272229741539, "2.0333"), (14188.169735, "14188"), (123.456789, "123.46"), (0.5, "0.5"), (3, "3"),
    (-1.3333333333333333, "-1.3333"), (0.00012345, "0.0001235"), (0, "0"), (1e20, "1e+20"),
  ])
  func rounds(_ value: Double, _ expected: String) {
    #expect(MessageNumber.text(value) == expected)
  }

  @Test func keepsEveryDigitWhenRoundingWouldLandInRange() {
    #expect(MessageNumber.text(1.00001, outside: (0...1).contains) == "1.00001")
    #expect(MessageNumber.text(1.3333333333333333, outside: (0...1).contains) == "1.3333")
    #expect(MessageNumber.text(255.00001, outside: (0...255).contains) == "255.00001")
  }
}
