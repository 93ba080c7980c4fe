import SceneCore
import Testing

/// Numbers on the command line and in event scripts are decimals: `Double(_:)` alone took hexadecimal and `nan`.
@Suite struct DecimalTextTests {
  @Test(arguments: [
    ("0", 0.0), ("16", 16), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("2.5E-1", 0.25),
    ("1e+2", 100), ("1e308", 1e308), ("1e999", .infinity),
  ])
  func decimalsAreRead(text: String, value: Double) {
    #expect(DecimalText.parse(text) == value)
  }

  @Test(arguments: [
    "0x10", "0x1p3", "nan", "inf", "-infinity", "", "-", ".", "e5", "1e", "1e+", "1.2.3", "1-2", " 1", "1 ", "1_000",
  ])
  func anythingElseIsNot(text: String) {
    #expect(DecimalText.parse(text) == nil)
  }
}
