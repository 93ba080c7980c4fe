import SceneDiagnostics
import Testing

@testable import SceneChecker

/// Expressions are placed at byte 100 of an imaginary file, so that spans show the offset is applied.
private let base = MarkedText.base

private let environment = ExpressionEnvironment(
  width: 200, height: 120, names: ["pad": Quantity(4), "turn": Quantity(.pi / 2, .angle), "i": Quantity(3)])

private func evaluate(_ text: String, expecting unit: Unit? = nil) -> Result<Quantity, ExpressionFailure> {
  Expression.evaluate(text, at: Span(start: base, end: base + text.utf8.count), in: environment, expecting: unit)
}

private func quantity(_ text: String, expecting unit: Unit? = nil) throws -> Quantity {
  try evaluate(text, expecting: unit).get()
}

private func value(_ text: String) throws -> Double { try quantity(text).value }

/// Strips the `«…»` markers from `marked`, evaluates it, and checks that it fails with `code` at exactly the marked
/// bytes. Returns the diagnostic for further checks.
@discardableResult
private func expectFailure(
  _ marked: String, _ code: DiagnosticCode, expecting unit: Unit? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
  let (text, span) = MarkedText.split(marked)
  switch evaluate(text, expecting: unit) {
  case .success(let quantity):
    Issue.record("'\(text)' evaluated to \(quantity)", sourceLocation: sourceLocation)
    return nil
  case .failure(let failure):
    #expect(failure.diagnostic.code == code, sourceLocation: sourceLocation)
    #expect(failure.diagnostic.span == span, sourceLocation: sourceLocation)
    #expect(failure.diagnostic.help != nil, sourceLocation: sourceLocation)
    return failure.diagnostic
  }
}

private func close(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) < 1e-9 }

@Suite struct ExpressionValueTests {
  @Test func numbersInEveryForm() throws {
    #expect(try value("3") == 3)
    #expect(try value("-0.5") == -0.5)
    #expect(try value(".5") == 0.5)
    #expect(try value("1e-3") == 0.001)
    #expect(try value("2.") == 2)
    #expect(try value("1.5E+2") == 150)
    #expect(try value("  7 \n") == 7)
  }

  @Test func unitSuffixesStoreRadiansAndSeconds() throws {
    #expect(try quantity("45deg") == Quantity(.pi / 4, .angle))
    #expect(try quantity("0.5rad") == Quantity(0.5, .angle))
    #expect(try quantity("250ms") == Quantity(0.25, .time))
    #expect(try quantity("1.5s") == Quantity(1.5, .time))
    #expect(try quantity("3") == Quantity(3))
  }

  @Test func likeButtonRadius() throws {
    let radius = try value("(80 - 2*pad) / 2 / (cos(45deg) + 1)")
    #expect(Swift.abs(radius - 21.088) < 0.001)
  }

  @Test func precedenceAndAssociativity() throws {
    #expect(try value("1 + 2 * 3") == 7)
    #expect(try value("(1 + 2) * 3") == 9)
    #expect(try value("10 - 4 - 3") == 3)
    #expect(try value("8 / 2 / 2") == 2)
    #expect(try value("2 * 7 % 4") == 2)
    #expect(try value("1 + 7 % 4") == 4)
    #expect(try value("-2 * -3") == 6)
    #expect(try value("--1") == 1)
    #expect(try value("+5 - +2") == 3)
    #expect(try value("-(1 + 2)") == -3)
    #expect(try value("-7 % 3") == -1)
    #expect(try value("((((2))))") == 2)
  }

  @Test func namesInScope() throws {
    #expect(try value("pi") == .pi)
    #expect(try value("width / 2 + height") == 220)
    #expect(try value("pad * i") == 12)
    #expect(try quantity("turn / 2") == Quantity(.pi / 4, .angle))
  }

  @Test func functions() throws {
    #expect(close(try value("sin(pi / 2)"), 1))
    #expect(close(try value("sin(30deg)"), 0.5))
    #expect(close(try value("cos(0)"), 1))
    #expect(close(try value("tan(45deg)"), 1))
    #expect(try quantity("asin(1)") == Quantity(.pi / 2, .angle))
    #expect(try quantity("acos(1)") == Quantity(0, .angle))
    #expect(try quantity("atan(1)") == Quantity(.pi / 4, .angle))
    #expect(try quantity("atan2(1, 1)") == Quantity(.pi / 4, .angle))
    #expect(try quantity("atan2(-1, 0)") == Quantity(-.pi / 2, .angle))
    #expect(try value("sqrt(16)") == 4)
    #expect(try quantity("abs(-3s)") == Quantity(3, .time))
    #expect(try value("min(3, 1, 2)") == 1)
    #expect(try value("max(3, 1, 2, 5)") == 5)
    #expect(try value("pow(2, 10)") == 1024)
    #expect(try value("floor(2.7)") == 2)
    #expect(try value("ceil(2.1)") == 3)
    #expect(try value("round(2.5)") == 3)
    #expect(try value("round(-2.5)") == -3)
    #expect(try value("clamp(5, 0, 3)") == 3)
    #expect(try value("clamp(-1, 0, 3)") == 0)
    #expect(try value("mix(0, 10, 0.25)") == 2.5)
    #expect(try quantity("mix(0deg, 90deg, 0.5)") == Quantity(.pi / 4, .angle))
    #expect(try value("sin (pi / 2)") == 1)
  }

  @Test func unitArithmetic() throws {
    #expect(try quantity("45deg + 0.1") == Quantity(.pi / 4 + 0.1, .angle))
    #expect(try quantity("1s + 250ms") == Quantity(1.25, .time))
    #expect(try quantity("2 * 1s") == Quantity(2, .time))
    #expect(try quantity("90deg / 2") == Quantity(.pi / 4, .angle))
    #expect(try quantity("90deg / 45deg") == Quantity(2))
    #expect(try quantity("-90deg") == Quantity(-.pi / 2, .angle))
    #expect(try quantity("370deg % 360deg").unit == .angle)
    #expect(try quantity("max(1deg, 0.5)") == Quantity(0.5, .angle))
    #expect(try quantity("clamp(2s, 0, 1)") == Quantity(1, .time))
    #expect(try quantity("floor(1.5s)") == Quantity(1, .time))
    #expect(try quantity("pi / 4") == Quantity(.pi / 4))
  }

  @Test func expectedUnitAcceptsBareNumbersAndAdoptsTheUnit() throws {
    #expect(try quantity("pi / 4", expecting: .angle) == Quantity(.pi / 4, .angle))
    #expect(try quantity("45deg", expecting: .angle) == Quantity(.pi / 4, .angle))
    #expect(try quantity("0.25", expecting: .time) == Quantity(0.25, .time))
    #expect(try quantity("250ms", expecting: .time) == Quantity(0.25, .time))
    #expect(try quantity("0.5", expecting: Unit.none) == Quantity(0.5))
    #expect(try quantity("90deg / 45deg", expecting: Unit.none) == Quantity(2))
    #expect(try quantity("1s", expecting: nil) == Quantity(1, .time))
  }

  @Test func parseOnceEvaluateManyTimes() throws {
    let parsed = try Expression.parse("i * 60deg", at: Span(start: 5, end: 14)).get()
    #expect(parsed.span == Span(start: 5, end: 14))
    #expect(parsed.referencedNames == ["i"])
    let angles = try (0..<3).map { index in
      try parsed.evaluate(in: ExpressionEnvironment(names: ["i": Quantity(Double(index))]), expecting: .angle).get()
    }
    #expect(angles.map(\.value) == [0, Double.pi / 3, 2 * Double.pi / 3])
  }

  @Test func referencedNamesSkipFunctionsAndSurviveErrors() {
    #expect(Expression.referencedNames(in: "pad * 2 + sin(x) + pad + pi") == ["pad", "x", "pi"])
    #expect(Expression.referencedNames(in: "pad + $ + q ( r") == ["pad", "r"])
    #expect(Expression.referencedNames(in: "(a + b") == ["a", "b"])
    #expect(Expression.referencedNames(in: "2pad + nan") == [])
  }

  @Test func longChainsNeedNoStackDepth() throws {
    let sum = Array(repeating: "1", count: 2000).joined(separator: "+")
    #expect(try value(sum) == 2000)
    let negations = String(repeating: "-", count: 4000) + "1"
    #expect(try value(negations) == 1)
  }
}

@Suite struct ExpressionErrorTests {
  @Test func syntaxErrors() {
    let dollar = expectFailure("1 + «$»", ExpressionDiagnostics.syntax)
    #expect(dollar?.message == "unexpected character '$' in an expression")
    expectFailure("1 + «é»", ExpressionDiagnostics.syntax)
    let twoNumbers = expectFailure("1 «2»", ExpressionDiagnostics.syntax)
    #expect(twoNumbers?.message == "expected an operator or the end of the expression, found '2'")
    let dangling = expectFailure("1 +«»", ExpressionDiagnostics.syntax)
    #expect(dangling?.message == "expected a number, a name or '(', found the end of the expression")
    expectFailure("(1 «2»)", ExpressionDiagnostics.syntax)
    expectFailure("min(1 «2»)", ExpressionDiagnostics.syntax)
    expectFailure("min(1, «,»2)", ExpressionDiagnostics.syntax)
    expectFailure("«*» 2", ExpressionDiagnostics.syntax)
    expectFailure("«»", ExpressionDiagnostics.syntax)
    expectFailure("1 «.»x", ExpressionDiagnostics.syntax)
  }

  @Test func unbalancedParenthesesPointAtTheUnclosedOne() {
    let open = expectFailure("«(»1 + (2 * 3)", ExpressionDiagnostics.unbalancedParentheses)
    #expect(open?.message == "this '(' is never closed")
    expectFailure("sin«(»1", ExpressionDiagnostics.unbalancedParentheses)
    let extra = expectFailure("(1 + 2)«)»", ExpressionDiagnostics.unbalancedParentheses)
    #expect(extra?.message == "this ')' closes nothing")
  }

  @Test func unknownNamesSuggestNamesInScope() {
    let padd = expectFailure("«padd» * 2", ExpressionDiagnostics.unknownName)
    #expect(padd?.message == "unknown name 'padd'")
    #expect(padd?.help == "did you mean 'pad'?")
    #expect(padd?.replacement == "pad")
    expectFailure("«widht» / 2", ExpressionDiagnostics.unknownName)
    let function = expectFailure("«sin» + 1", ExpressionDiagnostics.unknownName)
    #expect(function?.help == "'sin' is a function: call it as sin(angle)")
    let nothing = expectFailure("2 * «zebra»", ExpressionDiagnostics.unknownName)
    #expect(nothing?.help == "define it under `let`")
  }

  @Test func unknownFunctionsSuggestBuiltIns() {
    let sinn = expectFailure("«sinn»(1)", ExpressionDiagnostics.unknownFunction)
    #expect(sinn?.message == "unknown function 'sinn'")
    #expect(sinn?.help == "did you mean 'sin'?")
    let constant = expectFailure("«pi»(2)", ExpressionDiagnostics.unknownFunction)
    #expect(constant?.help == "'pi' is a constant, not a function")
  }

  @Test func argumentCounts() {
    let atan2 = expectFailure("1 + «atan2(1)»", ExpressionDiagnostics.argumentCount)
    #expect(atan2?.message == "'atan2' takes 2 arguments, found 1")
    #expect(atan2?.help == "call it as atan2(y, x)")
    let min = expectFailure("«min(1)»", ExpressionDiagnostics.argumentCount)
    #expect(min?.message == "'min' takes 2 or more arguments, found 1")
    let sin = expectFailure("«sin()»", ExpressionDiagnostics.argumentCount)
    #expect(sin?.message == "'sin' takes 1 argument, found 0")
    expectFailure("«clamp(1, 2)»", ExpressionDiagnostics.argumentCount)
  }

  @Test func unitMismatchesPointAtTheOperatorAndLabelBothSides() throws {
    let add = try #require(expectFailure("45deg «+» 3s", ExpressionDiagnostics.unitMismatch))
    #expect(add.message == "can't add an angle and a duration")
    #expect(add.labels.map(\.span) == [Span(start: 100, end: 105), Span(start: 108, end: 110)])
    #expect(add.labels.map(\.message) == ["this is an angle", "this is a duration"])
    let subtract = expectFailure("1s «-» (2deg)", ExpressionDiagnostics.unitMismatch)
    #expect(subtract?.message == "can't subtract an angle from a duration")
    #expect(subtract?.labels.last?.span == Span(start: 105, end: 111))
    expectFailure("1s «%» 2deg", ExpressionDiagnostics.unitMismatch)
    let multiply = expectFailure("2deg «*» 3deg", ExpressionDiagnostics.unitMismatch)
    #expect(multiply?.message == "can't multiply an angle by an angle")
    let divide = expectFailure("1 «/» 2s", ExpressionDiagnostics.unitMismatch)
    #expect(divide?.message == "can't divide a number by a duration")
    expectFailure("1deg «/» 1s", ExpressionDiagnostics.unitMismatch)
  }

  @Test func functionArgumentUnits() {
    let sqrt = expectFailure("sqrt(«45deg»)", ExpressionDiagnostics.unitMismatch)
    #expect(sqrt?.message == "'sqrt' takes a number, found an angle")
    let sin = expectFailure("sin(«1s»)", ExpressionDiagnostics.unitMismatch)
    #expect(sin?.message == "'sin' takes an angle or a number, found a duration")
    expectFailure("asin(«1deg»)", ExpressionDiagnostics.unitMismatch)
    expectFailure("pow(2, «1s»)", ExpressionDiagnostics.unitMismatch)
    expectFailure("mix(0, 1, «1s»)", ExpressionDiagnostics.unitMismatch)
    let min = expectFailure("min(1, 1deg, «2s»)", ExpressionDiagnostics.unitMismatch)
    #expect(min?.message == "'min' can't mix an angle and a duration")
    #expect(min?.labels.map(\.span) == [Span(start: 107, end: 111)])
  }

  @Test func unknownUnitSuffixes() {
    let dg = expectFailure("45«dg»", ExpressionDiagnostics.unknownUnit)
    #expect(dg?.message == "unknown unit 'dg'")
    #expect(dg?.help == "did you mean 'deg'?")
    #expect(dg?.replacement == "deg")
    let pi = expectFailure("2«pi»", ExpressionDiagnostics.unknownUnit)
    #expect(pi?.help == "to multiply by a name, write '2 * pi'")
    expectFailure("1 + 3«px»", ExpressionDiagnostics.unknownUnit)
  }

  @Test func nonFiniteValuesPointAtTheOperationThatMadeThem() {
    let division = expectFailure("2 + «pad / 0»", ExpressionDiagnostics.notFinite)
    #expect(division?.message == "the expression's value is not a finite number")
    #expect(division?.help == "division by zero")
    let sqrt = expectFailure("«sqrt(-1)»", ExpressionDiagnostics.notFinite)
    #expect(sqrt?.help == "sqrt of a negative number has no real value")
    expectFailure("«asin(2)»", ExpressionDiagnostics.notFinite)
    expectFailure("«5 % 0»", ExpressionDiagnostics.notFinite)
    expectFailure("«1e308 * 10»", ExpressionDiagnostics.notFinite)
    expectFailure("«pow(10, 400)»", ExpressionDiagnostics.notFinite)
    expectFailure("1 + «1e999»", ExpressionDiagnostics.notFinite)
  }

  @Test func wrongUnitForThePlace() {
    let opacity = expectFailure("«45deg»", ExpressionDiagnostics.wrongUnit, expecting: Unit.none)
    #expect(opacity?.message == "expected a number, found an angle")
    let angle = expectFailure(" «(1s + 1)» ", ExpressionDiagnostics.wrongUnit, expecting: .angle)
    #expect(angle?.message == "expected an angle, found a duration")
    let time = expectFailure("«90deg»", ExpressionDiagnostics.wrongUnit, expecting: .time)
    #expect(time?.message == "expected a duration, found an angle")
  }

  @Test func nanAndInfinityAreNotNumbers() {
    let nan = expectFailure("«nan»", ExpressionDiagnostics.nanOrInfinity)
    #expect(nan?.message == "NaN is not a number")
    expectFailure("«.NaN»", ExpressionDiagnostics.nanOrInfinity)
    let inf = expectFailure("-«.inf»", ExpressionDiagnostics.nanOrInfinity)
    #expect(inf?.message == "infinity is only allowed for repeatCount")
    expectFailure("«inf»", ExpressionDiagnostics.nanOrInfinity)
    expectFailure("1 / «Infinity»", ExpressionDiagnostics.nanOrInfinity)
  }

  @Test func depthLimit() throws {
    let limit = ExpressionLimits.maxDepth
    let deepest = String(repeating: "(", count: limit) + "1" + String(repeating: ")", count: limit)
    #expect(try value(deepest) == 1)
    let calls = String(repeating: "abs(", count: limit) + "1" + String(repeating: ")", count: limit)
    #expect(try value(calls) == 1)
    let tooDeep = String(repeating: "(", count: limit) + "«(»1" + String(repeating: ")", count: limit + 1)
    let diagnostic = expectFailure(tooDeep, ExpressionDiagnostics.tooDeep)
    #expect(diagnostic?.message == "the expression nests deeper than 64 levels of parentheses and calls")
    expectFailure(String(repeating: "abs(", count: limit) + "abs«(»1", ExpressionDiagnostics.tooDeep)
  }

  @Test func fiftyThousandNestedParenthesesFailFast() throws {
    let text = String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
    let clock = ContinuousClock()
    var result: Result<Quantity, ExpressionFailure>?
    let elapsed = clock.measure { result = evaluate(text) }
    let diagnostic = try #require(MarkedText.diagnostic(result))
    #expect(diagnostic.code == ExpressionDiagnostics.tooDeep)
    #expect(diagnostic.span == Span(start: base + 64, end: base + 65))
    #expect(elapsed < .milliseconds(250))
  }

  @Test func lengthLimit() throws {
    let limit = ExpressionLimits.maxBytes
    let longest = "1" + String(repeating: "+1", count: (limit - 1) / 2)
    #expect(longest.utf8.count <= limit)
    #expect(try value(longest) == Double((limit + 1) / 2))
    let tooLong = longest + "+1"
    let diagnostic = try #require(MarkedText.diagnostic(evaluate(tooLong)))
    #expect(diagnostic.code == ExpressionDiagnostics.tooLong)
    #expect(diagnostic.span == Span(start: base, end: base + tooLong.utf8.count))
    // An error before the limit is reported as itself, after reading no further than it.
    let early = "1 $" + String(repeating: " + 1", count: 100_000)
    #expect(MarkedText.diagnostic(evaluate(early))?.code == ExpressionDiagnostics.syntax)
  }

  @Test func spansFollowQuotedScalarsAndFallBackToTheWholeScalar() throws {
    let quoted = Expression.evaluate("45deg + 3s", at: Span(start: 10, end: 22), in: environment, expecting: nil)
    #expect(MarkedText.diagnostic(quoted)?.span == Span(start: 17, end: 18))
    let escaped = Expression.evaluate("45deg + 3s", at: Span(start: 10, end: 30), in: environment, expecting: nil)
    #expect(MarkedText.diagnostic(escaped)?.span == Span(start: 10, end: 30))
  }

  @Test func catalogueIsComplete() {
    let codes = ExpressionDiagnostics.all
    #expect(Set(codes.map(\.id)).count == codes.count)
    #expect(Set(codes.map(\.name)).count == codes.count)
    #expect(codes.allSatisfy { $0.id.hasPrefix("E04") && $0.severity == .error })
    #expect(codes.map(\.id) == codes.map(\.id).sorted())
  }
}

/// Test text with the bytes a diagnostic must underline marked `«…»`.
enum MarkedText {
  static let base = 100

  /// The text without markers, and the span of the marked part placed at `offset`.
  static func split(_ marked: String, at offset: Int = base) -> (text: String, span: Span) {
    let start = marked.utf8.distance(from: marked.startIndex, to: marked.firstIndex(of: "«")!)
    let end = marked.utf8.distance(from: marked.startIndex, to: marked.firstIndex(of: "»")!) - "«".utf8.count
    return (marked.filter { $0 != "«" && $0 != "»" }, Span(start: offset + start, end: offset + end))
  }

  static func diagnostic<T>(_ result: Result<T, ExpressionFailure>?) -> Diagnostic? {
    guard case .failure(let failure) = result else { return nil }
    return failure.diagnostic
  }
}
