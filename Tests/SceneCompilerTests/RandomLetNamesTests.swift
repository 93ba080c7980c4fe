import Foundation
import SceneChecker
import SceneCompiler
import SceneDiagnostics
import SceneTestSupport
import Testing

/// `RandomSpecGenerator` writes every other colour, point and rect as a `let` name; each such spec compiles to
/// the plan of the same spec with the names replaced by their values, so the differential test's specs exercise
/// typed `let` names without changing what they animate.
@Suite struct RandomLetNamesTests {
  /// `text` with its `let:` block removed and each name replaced by the value defined for it.
  static func literal(_ text: String) -> String? {
    guard let block = text.range(of: "let:\n") else { return nil }
    var body = String(text[..<block.lowerBound])
    let definitions = text[block.upperBound...].split(separator: "\n").map { line -> (String, String) in
      let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
      return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
    }
    // The longest names first, so that `v1` never replaces the start of `v12`.
    for (name, value) in definitions.sorted(by: { $0.0.count > $1.0.count }) {
      body = body.replacingOccurrences(of: name, with: value)
    }
    return body
  }

  static func planBytes(_ text: String, round: Int) -> [UInt8]? {
    SpecChecker.check(SourceFile(path: "random-\(round).yaml", text: text)).scene.map {
      PlanCompiler.compile($0).prettyJSONBytes()
    }
  }

  @Test func namedValuesCompileToTheLiteralPlan() throws {
    var generator = RandomSpecGenerator(seed: 0x1E7)
    var compared = 0
    for round in 0..<200 {
      let text = generator.spec()
      guard let literal = Self.literal(text) else { continue }
      #expect(!literal.contains("let:"))
      let named = try #require(Self.planBytes(text, round: round), "round \(round) did not check:\n\(text)")
      let written = try #require(Self.planBytes(literal, round: round), "round \(round) literal:\n\(literal)")
      #expect(named == written, "round \(round)")
      compared += 1
    }
    #expect(compared > 50, "only \(compared) of 200 rounds used a `let` name")
  }
}
