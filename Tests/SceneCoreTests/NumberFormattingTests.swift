import Testing

@testable import SceneCore

struct NumberFormattingTests {
  @Test(arguments: [
    (3.0, "3"), (-42.0, "-42"), (0.0, "0"), (-0.0, "0"), (0.1, "0.1"), (-2.5, "-2.5"),
    (0.1 + 0.2, "0.30000000000000004"), (1e-5, "0.00001"), (1.5e-5, "0.000015"), (-2.5e-6, "-0.0000025"),
    (1e-6, "0.000001"), (1e-7, "1e-07"), (1e14, "100000000000000"), (123456.789, "123456.789"),
    (1e15, "1000000000000000"), (1e16, "1e+16"), (-1e20, "-1e+20"), (Double.nan, "nan"), (-Double.infinity, "-inf"),
  ])
  func formatsShortestAndDeterministic(value: Double, expected: String) {
    #expect(NumberFormatting.shortest(value) == expected)
  }

  @Test func everyFiniteOutputReadsBackExactly() {
    let samples: [Double] = [
      1.0 / 3, 2.0 / 3 * 1e-5, 123456789.123, 9.999999e-7, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
      0.1 * 3, 7e-5, 0.00012,
    ]
    for value in samples {
      let text = NumberFormatting.shortest(value)
      #expect(Double(text) == value, "\(text)")
      if abs(value) >= 1e-6 && abs(value) < 1e15 { #expect(!text.contains("e"), "\(text)") }
    }
  }
}
