import SceneDiagnostics
import Testing

@testable import SceneChecker

private let environment = ExpressionEnvironment(
  width: 100, height: 100, names: ["base": Quantity(200), "pad": Quantity(4)])

private func parse(_ text: String, at start: Int = MarkedText.base) -> Result<[Double], ExpressionFailure> {
  ColorParser.parse(text, at: Span(start: start, end: start + text.utf8.count), in: environment)
}

private func rgba(_ text: String) throws -> [Double] { try parse(text).get() }

private func close(_ a: [Double], _ b: [Double]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { Swift.abs($0 - $1) < 1e-12 }
}

/// Parses `marked` without its `«…»` markers and checks that it fails with `code` at exactly the marked bytes.
@discardableResult
private func expectFailure(
  _ marked: String, _ code: DiagnosticCode, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
  let (text, span) = MarkedText.split(marked)
  guard let diagnostic = MarkedText.diagnostic(parse(text)) else {
    Issue.record("'\(text)' parsed as a colour", sourceLocation: sourceLocation)
    return nil
  }
  #expect(diagnostic.code == code, sourceLocation: sourceLocation)
  #expect(diagnostic.span == span, sourceLocation: sourceLocation)
  #expect(diagnostic.help != nil, sourceLocation: sourceLocation)
  return diagnostic
}

@Suite struct ColorTests {
  @Test func hexInEveryLength() throws {
    #expect(close(try rgba("#FB3159"), [251.0 / 255, 49.0 / 255, 89.0 / 255, 1]))
    #expect(close(try rgba("#FB315980"), [251.0 / 255, 49.0 / 255, 89.0 / 255, 128.0 / 255]))
    #expect(try rgba("#fff") == [1, 1, 1, 1])
    #expect(close(try rgba("#fff8"), [1, 1, 1, 0x88 / 255.0]))
    #expect(try rgba("#fb3159") == rgba("#FB3159"))
    #expect(try rgba(" #000000 ") == [0, 0, 0, 1])
  }

  @Test func rgbCallsWithExpressionArguments() throws {
    #expect(close(try rgba("rgb(251, 49, 89)"), [251.0 / 255, 49.0 / 255, 89.0 / 255, 1]))
    #expect(close(try rgba("rgba(255, 184, 62, 1)"), [1, 184.0 / 255, 62.0 / 255, 1]))
    #expect(close(try rgba("rgba(251, 49, 89, 0.5)"), [251.0 / 255, 49.0 / 255, 89.0 / 255, 0.5]))
    #expect(close(try rgba("rgb(base + 55, 2 * 20, (255 - 5))"), [1, 40.0 / 255, 250.0 / 255, 1]))
  }

  @Test func namedColoursHaveUIKitComponents() throws {
    let expected: [String: [Double]] = [
      "black": [0, 0, 0, 1], "white": [1, 1, 1, 1], "clear": [0, 0, 0, 0], "darkGray": [1.0 / 3, 1.0 / 3, 1.0 / 3, 1],
      "lightGray": [2.0 / 3, 2.0 / 3, 2.0 / 3, 1], "gray": [0.5, 0.5, 0.5, 1], "red": [1, 0, 0, 1],
      "green": [0, 1, 0, 1], "blue": [0, 0, 1, 1], "cyan": [0, 1, 1, 1], "yellow": [1, 1, 0, 1],
      "magenta": [1, 0, 1, 1], "orange": [1, 0.5, 0, 1], "purple": [0.5, 0, 0.5, 1], "brown": [0.6, 0.4, 0.2, 1],
    ]
    #expect(Set(NamedColors.names) == Set(expected.keys))
    for (name, components) in expected { #expect(try rgba(name) == components, "\(name)") }
  }

  @Test func malformedHex() {
    let five = expectFailure("«#12345»", ExpressionDiagnostics.malformedHexColor)
    #expect(five?.message == "a hex colour has 3, 4, 6 or 8 digits, found 5")
    expectFailure("«#»", ExpressionDiagnostics.malformedHexColor)
    let digit = expectFailure("#12«g»456", ExpressionDiagnostics.malformedHexColor)
    #expect(digit?.message == "'g' is not a hex digit")
    let name = expectFailure("#«r»ed", ExpressionDiagnostics.malformedHexColor)
    #expect(name?.help == "a colour name is written without '#': red")
    expectFailure("#ff«é»", ExpressionDiagnostics.malformedHexColor)
  }

  @Test func unknownNamesSuggestColours() {
    let redd = expectFailure("«redd»", ExpressionDiagnostics.unknownColor)
    #expect(redd?.message == "unknown colour 'redd'")
    #expect(redd?.help == "did you mean 'red'?")
    #expect(redd?.replacement == "red")
    let gray = expectFailure("«darkgray»", ExpressionDiagnostics.unknownColor)
    #expect(gray?.help == "did you mean 'darkGray'?")
    let number = expectFailure("«pad»", ExpressionDiagnostics.unknownColor)
    #expect(number?.help == "'pad' is a number, not a colour")
  }

  @Test func channelsOutOfRangePointAtTheirArgument() {
    let red = expectFailure("rgb(«300», 0, 0)", ExpressionDiagnostics.channelOutOfRange)
    #expect(red?.message == "the red channel is 300, outside 0–255")
    expectFailure("rgb(0, «-1», 0)", ExpressionDiagnostics.channelOutOfRange)
    let alpha = expectFailure("rgba(0, 0, 0, «50»)", ExpressionDiagnostics.channelOutOfRange)
    #expect(alpha?.message == "the alpha is 50, outside 0–1")
  }

  @Test func callErrors() {
    let short = expectFailure("«rgb(1, 2)»", ExpressionDiagnostics.argumentCount)
    #expect(short?.message == "'rgb' takes 3 arguments, found 2")
    let alpha = expectFailure("«rgb(1, 2, 3, 0.5)»", ExpressionDiagnostics.argumentCount)
    #expect(alpha?.help == "for a colour with alpha, use rgba(r, g, b, a)")
    expectFailure("«rgba(1, 2, 3)»", ExpressionDiagnostics.argumentCount)
    let rbg = expectFailure("«rbg»(1, 2, 3)", ExpressionDiagnostics.unknownFunction)
    #expect(rbg?.help == "did you mean 'rgb'?")
    expectFailure("rgb(«45deg», 0, 0)", ExpressionDiagnostics.wrongUnit)
    expectFailure("rgb(«zed», 0, 0)", ExpressionDiagnostics.unknownName)
    expectFailure("rgb«(»1, 2, 3", ExpressionDiagnostics.unbalancedParentheses)
    expectFailure("rgb(1, 2, 3) «+» 1", ExpressionDiagnostics.syntax)
    expectFailure("rgb(«1 / 0», 0, 0)", ExpressionDiagnostics.notFinite)
  }

  @Test func notAColour() {
    let number = expectFailure("«3»", ExpressionDiagnostics.notAColor)
    #expect(number?.message == "expected a colour, found '3'")
    expectFailure(" «red + 1» ", ExpressionDiagnostics.notAColor)
    expectFailure("«»", ExpressionDiagnostics.notAColor)
  }

  @Test func quotedScalarsShiftSpansPastTheQuote() {
    // `fill: "#12345"` with the quoted scalar's source at bytes 6..<14.
    let result = ColorParser.parse("#12345", at: Span(start: 6, end: 14), in: environment)
    #expect(MarkedText.diagnostic(result)?.span == Span(start: 7, end: 13))
  }
}
