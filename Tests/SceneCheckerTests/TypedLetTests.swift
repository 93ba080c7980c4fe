import SceneCore
import SceneDiagnostics
import SceneModel
import Testing

@testable import SceneChecker

/// `let` names that hold colours and lists: the values they give, and where their errors point.
@Suite struct TypedLetTests {
  static func check(_ lets: String, layer: String) -> (result: SpecChecker.Result, text: String) {
    let text = """
      scene: demo
      size: [100, 100]
      let:
      \(lets)
      layers:
        - id: box
          bounds: [0, 0, 10, 10]
      \(layer)

      """
    return (SpecChecker.check(SourceFile(path: "typed.yaml", text: text)), text)
  }

  /// The byte offset of the first `needle` at or after `from` in `text`.
  static func offset(of needle: String, in text: String, after from: String? = nil) -> Int {
    let start = from.flatMap { text.range(of: $0)?.upperBound } ?? text.startIndex
    let range = text.range(of: needle, range: start..<text.endIndex)!
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
  }

  @Test func aColourChainGivesTheFirstColour() throws {
    let (result, _) = Self.check(
      "  base: \"#FF8000\"\n  middle: base\n  top: middle", layer: "    backgroundColor: top")
    let scene = try #require(result.scene, "\(result.diagnostics.map(\.message))")
    let slot = SlotLayout.backgroundColor
    #expect(Array(scene.values(of: 0)[slot..<slot + 4]) == [1, 128.0 / 255, 0, 1])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func aListIsEvaluatedWhereItIsDefined() throws {
    let (result, _) = Self.check("  pad: 6\n  spot: [pad, pad * 2]", layer: "    position: spot")
    let scene = try #require(result.scene)
    #expect(Array(scene.values(of: 0)[SlotLayout.position..<SlotLayout.position + 2]) == [6, 12])
  }

  @Test func aMismatchPointsAtTheUseAndLabelsTheDefinition() throws {
    let (result, text) = Self.check("  brand: \"#007AFF\"", layer: "    opacity: brand")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == ExpressionDiagnostics.letTypeMismatch)
    #expect(diagnostic.message.contains("colour") && diagnostic.message.contains("a number"))
    let use = Self.offset(of: "brand", in: text, after: "opacity: ")
    #expect(diagnostic.span == Span(start: use, end: use + 5))
    let definition = Self.offset(of: "brand", in: text)
    #expect(diagnostic.labels.map(\.span) == [Span(start: definition, end: definition + 5)])
  }

  @Test func aListOfTheWrongLengthIsAMismatch() {
    let (result, _) = Self.check("  spot: [1, 2, 3]", layer: "    position: spot")
    #expect(result.diagnostics.map(\.code) == [ExpressionDiagnostics.letTypeMismatch])
    #expect(result.diagnostics.first?.message.contains("a list of 3 numbers") == true)
  }

  @Test func aColourInArithmeticIsATypeErrorAtTheName() throws {
    let (result, text) = Self.check("  brand: red\n  dim: \"#000\"", layer: "    cornerRadius: \"2 + dim\"")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == ExpressionDiagnostics.letInArithmetic)
    let use = Self.offset(of: "dim", in: text, after: "cornerRadius: ")
    #expect(diagnostic.span == Span(start: use, end: use + 3))
  }

  @Test func misspeltNamesAreSuggestedAmongTheFittingType() {
    let colour = Self.check("  brand: red\n  spot: [1, 2]", layer: "    backgroundColor: bran")
    #expect(colour.result.diagnostics.first?.code == ExpressionDiagnostics.unknownColor)
    #expect(colour.result.diagnostics.first?.replacement == "brand")
    let point = Self.check("  brand: red\n  spot: [1, 2]", layer: "    position: spto")
    #expect(point.result.diagnostics.first?.code == ExpressionDiagnostics.unknownName)
    #expect(point.result.diagnostics.first?.replacement == "spot")
  }

  @Test func typedNamesCountAsUsedForTheUnusedLint() {
    let used = Self.check(
      "  brand: red\n  accent: brand\n  spot: [1, 2]", layer: "    position: spot\n    borderColor: accent")
    #expect(used.result.diagnostics.isEmpty, "\(used.result.diagnostics.map(\.message))")
    let unused = Self.check("  brand: red", layer: "")
    #expect(unused.result.diagnostics.map(\.code) == [LintDiagnostics.unusedLet])
  }

  @Test func aUseOfAFailedNameIsNotReportedAgain() {
    let (result, _) = Self.check("  spot: [1, nope]", layer: "    position: spot")
    #expect(result.diagnostics.map(\.code) == [ExpressionDiagnostics.unknownName])
  }
}
