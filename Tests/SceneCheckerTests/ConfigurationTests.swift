import Foundation
import SceneDiagnostics
import Testing

@testable import SceneChecker

/// `.scenec.yml` as the library reads it: each config diagnostic against its golden report (`Fixtures/Config/`,
/// `<code>-<what>.yml` beside `<name>.expected`; `SCENEC_UPDATE_GOLDEN=1` rewrites them), the patterns' meaning,
/// and the rule levels applied to diagnostics.
@Suite struct ConfigurationTests {
  static let folder = FixtureTests.fixturesDirectory.appendingPathComponent("Config")
  static let relativeFolder = FixtureTests.relativeDirectory + "/Config"

  /// Every `*.yml` in `Fixtures/Config/`, without the extension, sorted.
  static let fixtureNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
  }()

  static func read(_ name: String) throws -> LintConfiguration {
    let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name + ".yml")))
    return LintConfiguration(source: SourceFile(path: "\(relativeFolder)/\(name).yml", bytes: bytes), folder: "/r")
  }

  @Test func everyConfigCodeHasAFixture() {
    let codes = Set(Self.fixtureNames.map(FixtureTests.code(ofFixture:)))
    for code in ConfigurationDiagnostics.all { #expect(codes.contains(code.id), "\(code.id) has no fixture") }
    #expect(ConfigurationDiagnostics.all.allSatisfy { SpecChecker.catalogue.contains($0) })
  }

  @Test(arguments: fixtureNames) func fixture(_ name: String) throws {
    let configuration = try Self.read(name)
    let code = FixtureTests.code(ofFixture: name)
    #expect(configuration.diagnostics.contains { $0.code.id == code }, "\(name): \(configuration.diagnostics)")
    #expect(configuration.hasErrors)
    let rendered = TextRenderer(color: false, short: false).render([
      FileReport(source: configuration.source, diagnostics: configuration.diagnostics)
    ])
    let golden = Self.folder.appendingPathComponent(name + ".expected")
    if ProcessInfo.processInfo.environment["SCENEC_UPDATE_GOLDEN"] == "1" {
      try Data(rendered.utf8).write(to: golden, options: .atomic)
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(rendered == expected, "\(name): the report differs from \(name).expected")
  }

  @Test func aGoodConfigIsReadWhole() {
    let text = """
      # comments and an empty `include:` are fine
      rules:
        W0106: off
        snaps-back: error
        unused-let: warning
        E0202: error
      exclude:
        - "Tests/**/Fixtures/*"
        - "!Tests/Clean/"
      max-layers: 5_000
      max-depth: 300

      """
    let configuration = LintConfiguration(
      source: SourceFile(path: ".scenec.yml", bytes: Array(text.utf8)), folder: "/r")
    #expect(configuration.diagnostics.isEmpty)
    #expect(configuration.levels[LintDiagnostics.unusedLayer] == .off)
    #expect(configuration.levels[LintDiagnostics.snapsBack] == .error)
    #expect(configuration.levels[LintDiagnostics.unusedLet] == .warning)
    #expect(configuration.exclude.map(\.text) == ["Tests/**/Fixtures/*", "!Tests/Clean/"])
    #expect(configuration.include == nil)
    #expect(configuration.limits == ["max-layers": 5000, "max-depth": 300])
    let options = SpecChecker.Options().setting(configuration.limits)
    #expect(options.limits.maxLayers == 5000 && options.yamlLimits.maxDepth == 300)
  }

  @Test func anEmptyConfigSetsNothing() {
    for text in ["", "# only a comment\n"] {
      let configuration = LintConfiguration(
        source: SourceFile(path: ".scenec.yml", bytes: Array(text.utf8)), folder: "/r")
      #expect(configuration.diagnostics.isEmpty && configuration.levels.isEmpty && configuration.limits.isEmpty)
    }
  }

  /// `off` drops a warning, `error` raises one (its severity, which renderers and exit statuses read), and an
  /// error's level never changes.
  @Test func levelsChangeSeverityOrDrop() {
    let text = "rules:\n  W0106: off\n  unused-let: error\n  E0202: error\n"
    let configuration = LintConfiguration(
      source: SourceFile(path: ".scenec.yml", bytes: Array(text.utf8)), folder: "/r")
    let diagnostics = [
      Diagnostic(LintDiagnostics.unusedLayer, "hidden", at: .at(1)),
      Diagnostic(LintDiagnostics.unusedLet, "unused", at: .at(2)),
      Diagnostic(LintDiagnostics.snapsBack, "snaps", at: .at(3)),
      Diagnostic(CheckDiagnostics.unknownKey, "unknown", at: .at(4)),
    ]
    let applied = configuration.applyingLevels(to: diagnostics)
    #expect(applied.map(\.code.id) == ["W0107", "W0102", "E0202"])
    #expect(applied.map(\.severity) == [.error, .warning, .error])
  }

  /// Pattern, path below the pattern's folder, whether it is a folder, and whether the pattern matches.
  static let matches: [(String, String, Bool, Bool)] = [
    ("*.yml", "action.yml", false, true),
    ("*.yml", "a/b/c.yml", false, true),
    ("*.yml", "a/b/c.yaml", false, false),
    ("/action.yml", "action.yml", false, true),
    ("/action.yml", "sub/action.yml", false, false),
    ("Fuzz/", "Fuzz", true, true),
    ("Fuzz/", "Fuzz", false, false),
    ("Fuzz/", "x/Fuzz", true, true),
    ("/Fuzz/", "x/Fuzz", true, false),
    ("Tests/**/Fixtures/*", "Tests/A/Fixtures/e.yaml", false, true),
    ("Tests/**/Fixtures/*", "Tests/Fixtures/e.yaml", false, true),
    ("Tests/**/Fixtures/*", "Tests/A/B/Fixtures/Clean", true, true),
    ("Tests/**/Fixtures/*", "Tests/A/Fixtures/Clean/ok.yaml", false, false),
    ("Tests/**/Fixtures/*", "x/Tests/A/Fixtures/e.yaml", false, false),
    ("a/**", "a", true, false),
    ("a/**", "a/b", false, true),
    ("a/**", "a/b/c/d", false, true),
    ("**/x", "x", false, true),
    ("**/x", "p/q/x", false, true),
    ("a/**/b", "a/b", false, true),
    ("a/**/b", "a/x/y/b", false, true),
    ("a/**/b", "a/x/y/c", false, false),
    ("sp?cs", "specs", true, true),
    ("sp?cs", "spcs", true, false),
    ("*", "anything", false, true),
    ("a*b*c", "aXXbYYc", false, true),
    ("a*b*c", "aXXbYY", false, false),
    ("\\*.yaml", "*.yaml", false, true),
    ("\\*.yaml", "x.yaml", false, false),
    ("./specs/a.yaml", "specs/a.yaml", false, true),
    ("!keep/", "keep", true, true),
  ]

  @Test func patternsMatchAsGitignoreDoes() throws {
    for (text, path, isFolder, expected) in Self.matches {
      let pattern = try PathPattern.parse(text).get()
      let segments = path.split(separator: "/")
      #expect(pattern.matches(segments, isFolder: isFolder) == expected, "\(text) on \(path) (folder: \(isFolder))")
    }
    #expect(try PathPattern.parse("!keep/").get().isNegated)
    #expect(PathPattern.parse("") == .failure(.empty))
    #expect(PathPattern.parse("/") == .failure(.empty))
    #expect(PathPattern.parse("a/../b") == .failure(.reachesAbove))
  }

  /// A pattern of many `**` and `*` against a deep path stays fast: folder runs are a set, `*` backtracks once.
  @Test func hostilePatternsStayLinear() throws {
    let pattern = try PathPattern.parse(String(repeating: "**/a*", count: 50) + "/b").get()
    let path = [Substring](repeating: Substring(String(repeating: "a", count: 50)), count: 200)
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(!pattern.matches(path, isFolder: false)) }
    #expect(elapsed < .seconds(5))
  }

  /// The last matching rule decides; a rule never matches outside its folder.
  @Test func lastMatchDecides() throws {
    let rules = PathRules([
      PathRules.Rule(try PathPattern.parse("Fixtures/*").get(), folder: "/r"),
      PathRules.Rule(try PathPattern.parse("!Fixtures/Clean/").get(), folder: "/r"),
    ])
    #expect(rules.selects("/r/Fixtures/bad.yaml", isFolder: false))
    #expect(!rules.selects("/r/Fixtures/Clean", isFolder: true))
    #expect(rules.lastMatch("/r/Fixtures/Clean", isFolder: true)?.pattern.isNegated == true)
    #expect(rules.lastMatch("/other/Fixtures/bad.yaml", isFolder: false) == nil)
  }

  @Test func pathsAreResolvedAsText() {
    #expect(FilePaths.absolute("specs/./a.yaml", in: "/r") == "/r/specs/a.yaml")
    #expect(FilePaths.absolute("../x//y", in: "/r/s") == "/r/x/y")
    #expect(FilePaths.absolute("/a/../..", in: "/r") == "/")
    #expect(FilePaths.parent("/r/a") == "/r" && FilePaths.parent("/r") == "/" && FilePaths.parent("/") == "/")
    #expect(FilePaths.segments(of: "/rx/a", below: "/r") == nil)
    #expect(FilePaths.segments(of: "/r/a/b", below: "/r") == ["a", "b"])
    #expect(FilePaths.shown("/r/.scenec.yml", from: "/r") == ".scenec.yml")
    #expect(FilePaths.shown("/q/.scenec.yml", from: "/r") == "/q/.scenec.yml")
  }
}
