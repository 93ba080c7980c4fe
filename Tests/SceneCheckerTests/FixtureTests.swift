import Foundation
import SceneDiagnostics
import Testing

@testable import SceneChecker

/// Golden tests over `Fixtures/`: one small spec per diagnostic code, named `<code>-<what>.yaml`, each otherwise
/// valid, beside `<name>.expected`, its exact text report (no colour).
///
/// Run with `SCENEC_UPDATE_GOLDEN=1` to rewrite the goldens from the checker's current output; read the diff
/// before committing it.
@Suite struct FixtureTests {
  /// `Tests/SceneCheckerTests`.
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let fixturesDirectory = testsDirectory.appendingPathComponent("Fixtures")
  /// Reports name fixtures relative to the repository root, so goldens do not depend on the checkout's location.
  static let relativeDirectory = "Tests/SceneCheckerTests/Fixtures"

  /// Every `*.yaml` in `Fixtures/`, without the extension, sorted.
  static let fixtureNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// Fixtures whose diagnostic rightly points at the start of the file (there is nothing else to point at).
  /// A missing top-level key is reported at the root mapping's first key, which is the file's first byte.
  static let startOfFileFixtures: Set<String> = [
    "E0112-empty-document", "E0112-only-comments", "E0201-missing-key-size",
  ]

  /// Codes that no spec file can trigger under the default limits; `LimitTests` below produces each of them
  /// with small limits instead.
  static let generatedCodes: Set<String> = ["E0109", "E0110", "E0111", "E0602", "E0604", "E0605", "E0606", "E0607"]

  /// Codes that `scenec lint` reports, not the checker: a file or folder it cannot read (E0114).
  /// SceneCLITests/LintOutputSafetyTests produces them.
  static let commandCodes: Set<String> = ["E0114"]

  /// Codes in the catalogue that nothing in the checker reports today (reported to the lead: implement or
  /// remove). When one becomes reachable, add a fixture and remove it from here.
  static let unreachableCodes: Set<String> = []

  static func code(ofFixture name: String) -> String { String(name.prefix { $0 != "-" }) }

  static func check(_ name: String) throws -> (result: SpecChecker.Result, rendered: String) {
    let url = fixturesDirectory.appendingPathComponent(name + ".yaml")
    let bytes = Array(try Data(contentsOf: url))
    let source = SourceFile(path: "\(relativeDirectory)/\(name).yaml", bytes: bytes)
    let result = SpecChecker.check(source)
    let rendered = TextRenderer(color: false, short: false).render([
      FileReport(source: source, diagnostics: result.diagnostics)
    ])
    return (result, rendered)
  }

  @Test func fixturesExist() {
    #expect(
      Self.fixtureNames.count >= 70, "found \(Self.fixtureNames.count) fixtures in \(Self.fixturesDirectory.path)")
  }

  @Test(arguments: fixtureNames)
  func fixture(_ name: String) throws {
    let (result, rendered) = try Self.check(name)
    let code = Self.code(ofFixture: name)
    let codes = result.diagnostics.map(\.code.id)

    #expect(!result.diagnostics.isEmpty, "\(name) produced no diagnostic")
    #expect(codes.contains(code), "\(name) should report \(code), reported \(codes)")
    for diagnostic in result.diagnostics {
      #expect(!diagnostic.message.isEmpty, "\(name): \(diagnostic.code.id) has an empty message")
      if diagnostic.severity == .error, !Self.startOfFileFixtures.contains(name) {
        #expect(
          diagnostic.span.start > 0,
          Comment(
            rawValue: "\(name): \(diagnostic.code.id) '\(diagnostic.message)' points at the file start, "
              + "not at the offending key or value")
        )
      }
    }
    if code.hasPrefix("E") {
      #expect(result.scene == nil, "\(name): a spec with errors must yield no scene")
      #expect(result.hasErrors)
    } else {
      #expect(!result.hasErrors, "\(name): a warning fixture should have no errors, reported \(codes)")
      #expect(result.scene != nil, "\(name): a spec with only warnings still yields its scene")
    }

    let golden = Self.fixturesDirectory.appendingPathComponent(name + ".expected")
    if ProcessInfo.processInfo.environment["SCENEC_UPDATE_GOLDEN"] == "1" {
      try Data(rendered.utf8).write(to: golden, options: .atomic)
      return
    }
    guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record("\(name).expected is missing; run with SCENEC_UPDATE_GOLDEN=1 to create it")
      return
    }
    #expect(rendered == expected, "\(name): the report differs from \(name).expected")
  }

  /// Every golden has its fixture (a renamed fixture leaves no stale golden behind).
  @Test func everyGoldenHasAFixture() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixturesDirectory.path)
    let goldens = files.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(9)) }
    for golden in goldens {
      #expect(Self.fixtureNames.contains(golden), "\(golden).expected has no \(golden).yaml")
    }
  }

  /// Every code in the catalogue is shown by a fixture or by a generated-limit test.
  @Test func everyCodeIsCovered() {
    // The config codes' fixtures are `.scenec.yml` files in Fixtures/Config (ConfigurationTests).
    let fixtureCodes = Set((Self.fixtureNames + ConfigurationTests.fixtureNames).map(Self.code(ofFixture:)))
    let catalogue = Set(SpecChecker.catalogue.map(\.id))
    for code in SpecChecker.catalogue.map(\.id) where !Self.unreachableCodes.contains(code) {
      #expect(
        fixtureCodes.contains(code) || Self.generatedCodes.contains(code) || Self.commandCodes.contains(code),
        Comment(
          rawValue: "\(code) (\(SpecChecker.catalogue.first { $0.id == code }!.name)) has no fixture in Fixtures/ "
            + "and no generated test")
      )
    }
    for code in fixtureCodes.union(Self.generatedCodes).union(Self.commandCodes).union(Self.unreachableCodes) {
      #expect(catalogue.contains(code), "\(code) is not in SpecChecker.catalogue")
    }
    // Codes listed as unreachable must not also have fixtures: once one does, drop it from the list.
    #expect(fixtureCodes.isDisjoint(with: Self.unreachableCodes))
  }
}

/// The codes that need a limit to trigger, produced with small limits through `SpecChecker.Options`.
@Suite struct LimitTests {
  static let spec = """
    scene: demo
    size: [100, 100]
    layers:
      - id: box
        frame: [0, 0, 50, 50]
        sublayers:
          - id: dot
            repeat: 3
            frame: [0, 0, 10, 10]

    """

  func check(_ text: String, _ configure: (inout SpecChecker.Options) -> Void) -> SpecChecker.Result {
    var options = SpecChecker.Options()
    configure(&options)
    return SpecChecker.check(SourceFile(path: "limits.yaml", text: text), options: options)
  }

  func expectOnly(_ code: String, in result: SpecChecker.Result, atStart: Bool = false) {
    #expect(result.diagnostics.map(\.code.id) == [code])
    #expect(result.scene == nil)
    for diagnostic in result.diagnostics {
      #expect(!diagnostic.message.isEmpty)
      #expect(diagnostic.help != nil)
      if !atStart { #expect(diagnostic.span.start > 0) }
    }
  }

  @Test func specIsValidWithDefaultLimits() {
    #expect(check(Self.spec) { _ in }.diagnostics.isEmpty)
  }

  @Test func nestingTooDeep() {
    let result = check(Self.spec) { $0.yamlLimits.maxDepth = 3 }
    expectOnly("E0109", in: result)
  }

  static let caption = """
    scene: demo
    size: [100, 100]
    layers:
      - id: label
        type: text
        frame: [0, 0, 50, 20]
        string: a caption that is far too long

    """

  @Test func scalarTooLong() {
    let result = check(Self.caption) { $0.yamlLimits.maxScalarBytes = 20 }
    expectOnly("E0110", in: result)
  }

  /// Keys over the limit are reported once each, never compared with each other as duplicates.
  @Test func scalarTooLongKeysDoNotEchoDuplicateKeys() {
    let result = check(Self.spec) { $0.yamlLimits.maxScalarBytes = 4 }
    #expect(result.diagnostics.contains { $0.code.id == "E0110" })
    #expect(!result.diagnostics.contains { $0.code.id == "E0104" })
  }

  @Test func inputTooLarge() {
    let result = check(Self.spec) { $0.yamlLimits.maxInputBytes = 16 }
    expectOnly("E0111", in: result, atStart: true)
    #expect(result.diagnostics.first?.span.start == 0)
  }

  @Test func tooManyLayers() {
    let result = check(Self.spec) { $0.limits.maxLayers = 2 }
    expectOnly("E0602", in: result)
  }

  @Test func sublayersNestedTooDeep() {
    let result = check(Self.spec) { $0.limits.maxNesting = 0 }
    expectOnly("E0604", in: result)
  }

  static let animated = """
    scene: demo
    size: [100, 100]
    layers:
      - id: dot
        repeat: 4
        frame: [0, 0, 10, 10]
    timelines:
      fade:
        target: dot
        keyPath: opacity
        from: 0
        to: 1

    """

  @Test func tooManyAnimations() {
    #expect(check(Self.animated) { _ in }.diagnostics.isEmpty)
    let result = check(Self.animated) { $0.limits.maxAnimations = 3 }
    expectOnly("E0605", in: result)
  }

  /// Each from/to animation adds two keyframe numbers; a limit of 3 is passed by the second.
  @Test func tooManyKeyframeValues() {
    let result = check(Self.animated) { $0.limits.maxKeyframeValues = 3 }
    expectOnly("E0606", in: result)
    #expect(check(Self.animated) { $0.limits.maxKeyframeValues = 1_000 }.diagnostics.isEmpty)
  }

  /// Two states over four layer instances of a 4-number path each: 2 × (4 × 91 + 4 × 4) = 760 numbers.
  static let posed = """
    scene: demo
    size: [100, 100]
    layers:
      - id: dot
        repeat: 4
        type: shape
        path: "M 0 0 L 10 10"
    states:
      initial: off
      events: [tap]
      off: {}
      on: {pose: {dot: {opacity: 0.5}}}
      transitions:
        - {from: off, on: tap, to: on}
        - {from: on, on: tap, to: off}

    """

  @Test func tooManyStateValues() {
    #expect(check(Self.posed) { $0.limits.maxStateValues = 760 }.diagnostics.isEmpty)
    let result = check(Self.posed) { $0.limits.maxStateValues = 759 }
    expectOnly("E0607", in: result)
    #expect(result.diagnostics.first?.message.contains("760 numbers") == true)
  }

  @Test func repeatOverLimit() {
    let result = check(Self.spec) { $0.limits.maxRepeat = 2 }
    expectOnly("E0601", in: result)
  }
}
