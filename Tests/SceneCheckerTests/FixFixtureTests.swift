import Foundation
import SceneChecker
import SceneDiagnostics
import Testing

/// `lint --fix` over `Fixtures/Fix/`: one folder per code that can offer a fix, named `<code>-<what>`, holding
/// `before.yaml` (which has that finding) and `after.yaml` (what fixing it must give, byte for byte).
@Suite struct FixFixtureTests {
  static let fixFolder = FixtureTests.fixturesDirectory.appendingPathComponent("Fix")
  static let repositoryRoot = FixtureTests.testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

  static let fixtureNames: [String] = {
    ((try? FileManager.default.contentsOfDirectory(atPath: fixFolder.path)) ?? []).filter { !$0.hasPrefix(".") }
      .sorted()
  }()

  static func read(_ name: String, _ file: String) throws -> SourceFile {
    let url = fixFolder.appendingPathComponent(name).appendingPathComponent(file)
    return SourceFile(path: "Fix/\(name)/\(file)", bytes: Array(try Data(contentsOf: url)))
  }

  static func fix(_ source: SourceFile) -> Fixer.Outcome { Fixer.fix(source) { SpecChecker.check($0).diagnostics } }

  /// The codes of every diagnostic the sources create with a replacement, found by reading them: each
  /// `replacement:` argument (other than one passing a `replacement` parameter on) and the catalogue code named
  /// in the same call, looked up in the catalogues' declarations. Finds the fixable codes without a list to keep.
  static func codesOfferingFixes() throws -> (codes: Set<String>, unresolved: [String]) {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }
    let texts = try files.map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    let declaration = try Regex(#"static let (\w+) = DiagnosticCode\(\s*"([EW][0-9]{4})""#)
    let catalogue = try Regex(#"enum (\w+Diagnostics) \{"#)
    var ids: [String: String] = [:]
    // `static let other = Catalogue.name`: a second name for a code.
    let alias = try Regex(#"static let (\w+) = (\w+Diagnostics\.\w+)\n"#)
    for (_, text) in texts {
      guard let name = text.firstMatch(of: catalogue)?.output[1].substring else { continue }
      for match in text.matches(of: declaration) {
        ids["\(name).\(match.output[1].substring!)"] = String(match.output[2].substring!)
      }
    }
    for (_, text) in texts {
      guard let name = text.firstMatch(of: catalogue)?.output[1].substring else { continue }
      for match in text.matches(of: alias) {
        ids["\(name).\(match.output[1].substring!)"] = ids[String(match.output[2].substring!)]
      }
    }
    let site = try Regex(#"replacement:\s*([^,)\n]*)"#)
    let code = try Regex(#"(\w+Diagnostics)\.(\w+)"#)
    var codes = Set<String>()
    var unresolved: [String] = []
    for (file, text) in texts {
      for match in text.matches(of: site) {
        let line = text[..<match.range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
        let argument = String(match.output[1].substring!).trimmingCharacters(in: .whitespaces)
        guard argument != "replacement", argument != "nil", !argument.hasPrefix("String") else { continue }
        let start = text.index(match.range.lowerBound, offsetBy: -700, limitedBy: text.startIndex) ?? text.startIndex
        let before = text[start..<match.range.lowerBound]
        let named = before.matches(of: code).last.map { "\($0.output[1].substring!).\($0.output[2].substring!)" }
        // A `.scenec.yml`'s own did-you-means are for editors: `lint --fix` edits specs, never the config.
        if named?.hasPrefix("ConfigurationDiagnostics.") == true { continue }
        if let named, let id = ids[named] { codes.insert(id) } else { unresolved.append("\(file): \(argument)") }
      }
    }
    return (codes, unresolved)
  }

  @Test func everyCodeThatOffersAFixHasAFixtureAndNoOtherHasOne() throws {
    let found = try Self.codesOfferingFixes()
    #expect(found.unresolved.isEmpty, "replacements whose code the scan cannot name: \(found.unresolved)")
    // The scan itself working: about twenty codes offer fixes today.
    #expect(found.codes.count >= 20, "\(found.codes.sorted())")
    let covered = Set(Self.fixtureNames.map(FixtureTests.code(ofFixture:)))
    #expect(found.codes.subtracting(covered).isEmpty, "fixable codes without a Fix/ fixture")
    #expect(covered.subtracting(found.codes).isEmpty, "Fix/ fixtures of codes that offer no fix")
  }

  /// Grammar.md marks the fixable codes in its Diagnostic index, and only them.
  @Test func grammarMarksExactlyTheFixableCodes() throws {
    let fixable = try Self.codesOfferingFixes().codes
    for code in SpecChecker.catalogue where !ConfigurationDiagnostics.all.contains(code) {
      let row = GrammarTests.grammar.components(separatedBy: "\n").first { $0.hasPrefix("| \(code.id) |") } ?? ""
      #expect(
        row.contains("(fixable)") == fixable.contains(code.id),
        "\(code.id)'s row should \(fixable.contains(code.id) ? "" : "not ")say (fixable)")
    }
  }

  @Test(arguments: fixtureNames)
  func fixGivesTheExpectedFileOnceAndTheCodeIsGone(name: String) throws {
    let code = FixtureTests.code(ofFixture: name)
    let before = try Self.read(name, "before.yaml")
    let after = try Self.read(name, "after.yaml")
    let offered = SpecChecker.check(before).diagnostics.filter { $0.code.id == code && $0.replacement != nil }
    #expect(!offered.isEmpty, "before.yaml has no \(code) with a fix")
    let fixed = Self.fix(before)
    #expect(fixed.refusal == nil, "\(fixed.refusal.map { "\($0.error)" } ?? "")")
    #expect(fixed.fixedCount >= offered.count)
    #expect(
      fixed.result.bytes == after.bytes,
      "fixing \(name) gave:\n\(String(decoding: fixed.result.bytes, as: UTF8.self))")
    let again = Self.fix(fixed.result)
    #expect(again.fixedCount == 0 && again.result.bytes == fixed.result.bytes, "a second fix changed \(name)")
    #expect(!fixed.diagnostics.contains { $0.code.id == code })
    #expect(SpecChecker.check(after).diagnostics.isEmpty, "after.yaml should lint clean")
  }

  /// Each fix is one edit of its own span: every line the fix does not touch is byte-identical, comments and
  /// spacing on the touched line included.
  @Test(arguments: fixtureNames)
  func onlyTheFixedSpansChange(name: String) throws {
    let before = try Self.read(name, "before.yaml")
    let after = try Self.read(name, "after.yaml")
    let edits = FixEdits(SpecChecker.check(before).diagnostics, in: before.bytes)
    var expected = before.bytes
    for edit in edits.edits.reversed() {
      expected.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.replacement.utf8))
    }
    #expect(expected == after.bytes)
  }

  @Test func aFixThatWouldMakeANewErrorLeavesTheFileAsItWas() throws {
    let text =
      "scene: demo\nsize: [100, 100]\nlayers:\n  - id: box\n    frame: [0, 0, 50, 50]\n"
      + "    opacity: 0.5\n    opactiy: 1  # meant as the same key\n"
    let source = SourceFile(path: "dup.yaml", text: text)
    let outcome = Self.fix(source)
    #expect(!outcome.changed && outcome.fixedCount == 0)
    #expect(outcome.result.bytes == source.bytes)
    let refusal = try #require(outcome.refusal)
    #expect(refusal.error.code.id == "E0104")
    #expect(refusal.text.location(of: refusal.error.span.start).line == 7)
    #expect(outcome.diagnostics == SpecChecker.check(source).diagnostics)
  }

  /// A fix that reveals an error the original did not report refuses too: the checker now reads a value it
  /// skipped, and the file would still fail.
  @Test func anErrorAFixBringsOutCountsAsNew() throws {
    let text = "scene: demo\nsize: [100, 100]\nlayers:\n  - id: box\n    frame: [0, 0, 50, 50]\n    opactiy: 3\n"
    let outcome = Self.fix(SourceFile(path: "reveal.yaml", text: text))
    #expect(outcome.refusal?.error.code.id == "E0303")
    #expect(!outcome.changed)
  }

  /// A fix that brings out another fixable finding is followed by a second round in the same run.
  @Test func aFixThatRevealsAnotherFixableFindingIsFollowedUp() throws {
    let text =
      "scene: demo\nsize: [100, 100]\nlayers:\n  - id: tick\n    type: shape\n    frame: [0, 0, 50, 50]\n"
      + "    path: \"M0 0 L10 10\"\n    strokeColor: black\n    lineCapp: rounded\n"
    let outcome = Self.fix(SourceFile(path: "rounds.yaml", text: text))
    #expect(outcome.refusal == nil)
    #expect(outcome.fixedCount == 2)
    #expect(String(decoding: outcome.result.bytes, as: UTF8.self).hasSuffix("    lineCap: round\n"))
    #expect(outcome.diagnostics.isEmpty)
  }

  @Test func aFileWithNothingToFixIsReturnedAsItWas() throws {
    let source = try Self.read(Self.fixtureNames[0], "after.yaml")
    let outcome = Self.fix(source)
    #expect(!outcome.changed && outcome.fixedCount == 0 && outcome.refusal == nil)
  }
}
