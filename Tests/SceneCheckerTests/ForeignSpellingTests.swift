import SceneCore
import SceneDiagnostics
import Testing

@testable import SceneChecker

/// Every entry of `ForeignSpellings`: another tool's spelling, written where scenec's belongs, gets a help that
/// names scenec's; a plain rename carries it as the replacement, and the spec with the replacement applied checks
/// without errors (so `lint --fix` leaves a working spec); any other entry carries no replacement.
@Suite struct ForeignSpellingTests {
  /// A value the scenec spelling takes, by scenec spelling: an entry without one fails below.
  static let values: [String: String] = [
    "beginTime": "0.2", "timingFunction": "easeIn", "repeatCount": "2", "fillMode": "both", "autoreverses": "true",
    "transform.scale": "2", "transform.scale.x": "2", "transform.scale.y": "2", "transform.rotation.z": "1",
    "transform.translation.x": "10", "transform.translation.y": "10", "opacity": "0.5", "backgroundColor": "blue",
    "cornerRadius": "4",
  ]

  static func spec(timeline: String, pose: String = "{}") -> String {
    """
    scene: demo
    size: [100, 100]
    layers:
      - id: box
        frame: [0, 0, 50, 50]
        backgroundColor: red
    timelines:
      move:
        target: box
    \(timeline)
    states:
      initial: a
      events: [tap]
      a: {}
      b: {pose: {box: \(pose)}}
      transitions:
        - {from: a, on: tap, to: b}
    """
  }

  /// The one error the foreign word draws, with the replacement applied to the source when there is one.
  static func check(_ text: String, entry: ForeignSpellings.Entry) throws -> (Diagnostic, fixed: String?) {
    let result = SpecChecker.check(SourceFile(path: "foreign.yaml", text: text))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(entry.written): \(errors.map(\.message))")
    let diagnostic = try #require(errors.first)
    #expect(diagnostic.help?.contains("'\(entry.written)'") == true, "\(diagnostic.help ?? "no help")")
    #expect(diagnostic.help?.contains(entry.scenec) == true, "\(diagnostic.help ?? "no help")")
    #expect(diagnostic.replacement == entry.replacement)
    guard let replacement = diagnostic.replacement else { return (diagnostic, nil) }
    var bytes = Array(text.utf8)
    #expect(String(decoding: bytes[diagnostic.span.start..<diagnostic.span.end], as: UTF8.self) == entry.written)
    bytes.replaceSubrange(diagnostic.span.start..<diagnostic.span.end, with: Array(replacement.utf8))
    return (diagnostic, String(decoding: bytes, as: UTF8.self))
  }

  static func expectNoErrors(_ text: String, _ written: String) {
    let errors = SpecChecker.check(SourceFile(path: "fixed.yaml", text: text)).diagnostics.filter {
      $0.severity == .error
    }
    #expect(errors.isEmpty, "\(written) fixed: \(errors.map(\.message))")
  }

  static func entry(_ written: String, in table: [ForeignSpellings.Entry]) throws -> ForeignSpellings.Entry {
    try #require(table.first { $0.written == written })
  }

  @Test(arguments: ForeignSpellings.keys.map(\.written))
  func key(_ written: String) throws {
    let entry = try Self.entry(written, in: ForeignSpellings.keys)
    let value = try #require(Self.values[entry.scenec], "no sample value for \(entry.scenec)")
    let text = Self.spec(timeline: "    keyPath: opacity\n    to: 0.5\n    \(written): \(value)")
    let (diagnostic, fixed) = try Self.check(text, entry: entry)
    #expect(diagnostic.code == CheckDiagnostics.unknownKey)
    if let fixed { Self.expectNoErrors(fixed, written) }
  }

  @Test(arguments: ForeignSpellings.keyPaths.map(\.written))
  func animatedKeyPath(_ written: String) throws {
    let entry = try Self.entry(written, in: ForeignSpellings.keyPaths)
    let value = try #require(Self.values[entry.scenec], "no sample value for \(entry.scenec)")
    let (diagnostic, fixed) = try Self.check(
      Self.spec(timeline: "    keyPath: \(written)\n    to: \(value)"), entry: entry)
    #expect(diagnostic.code == CheckDiagnostics.unknownKeyPath)
    if let fixed { Self.expectNoErrors(fixed, written) }
  }

  @Test(arguments: ForeignSpellings.keyPaths.map(\.written))
  func posedKeyPath(_ written: String) throws {
    let entry = try Self.entry(written, in: ForeignSpellings.keyPaths)
    let value = try #require(Self.values[entry.scenec], "no sample value for \(entry.scenec)")
    let (diagnostic, fixed) = try Self.check(
      Self.spec(timeline: "    keyPath: opacity\n    to: 0.5", pose: "{\(written): \(value)}"), entry: entry)
    #expect(diagnostic.code == CheckDiagnostics.unknownKeyPath)
    if let fixed { Self.expectNoErrors(fixed, written) }
  }

  @Test(arguments: ForeignSpellings.timingFunctions.map(\.written))
  func timingFunction(_ written: String) throws {
    let entry = try Self.entry(written, in: ForeignSpellings.timingFunctions)
    let (diagnostic, fixed) = try Self.check(
      Self.spec(timeline: "    keyPath: opacity\n    to: 0.5\n    timingFunction: \(written)"), entry: entry)
    #expect(diagnostic.code == CheckDiagnostics.unknownTimingFunction)
    if let fixed { Self.expectNoErrors(fixed, written) }
  }

  /// A foreign key is named only where scenec's key belongs: `delay` in a layer is an unknown key like any other.
  @Test func aKeyOutsideItsPlaceGetsNoForeignHelp() {
    let text = """
      scene: demo
      size: [100, 100]
      layers:
        - id: box
          frame: [0, 0, 50, 50]
          delay: 1
      """
    let diagnostics = SpecChecker.check(SourceFile(path: "layer.yaml", text: text)).diagnostics
    #expect(diagnostics.map(\.code) == [CheckDiagnostics.unknownKey])
    #expect(diagnostics.first?.help?.contains("beginTime") == false)
    #expect(diagnostics.first?.replacement == nil)
  }

  /// The tables hold each foreign word once, and each scenec spelling is a real key path or timing function.
  @Test func tablesAreWellFormed() {
    for table in [ForeignSpellings.keys, ForeignSpellings.keyPaths, ForeignSpellings.timingFunctions] {
      #expect(Set(table.map(\.written)).count == table.count)
    }
    for entry in ForeignSpellings.keyPaths {
      #expect(AnimatableKeyPath.named(entry.scenec) != nil, "\(entry.scenec)")
    }
  }

  /// Grammar.md's table of other tools' spellings names every entry.
  @Test func grammarNamesEveryEntry() {
    for entry in ForeignSpellings.keys + ForeignSpellings.keyPaths + ForeignSpellings.timingFunctions {
      #expect(
        GrammarTests.grammar.contains("| `\(entry.written)`") || GrammarTests.grammar.contains(", `\(entry.written)`"),
        "Grammar.md's table of other tools' spellings lacks `\(entry.written)`")
    }
  }
}
