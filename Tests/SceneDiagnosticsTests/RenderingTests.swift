import Foundation
import SceneDiagnostics
import SceneTestSupport
import Testing

@testable import SceneDiagnostics

/// Golden tests for the four report formats, on diagnostics built by hand.
@Suite struct RenderingTests {
  static let unknownKey = DiagnosticCode("E0203", "unknown-key", "A key that this kind of object does not have.")
  static let duplicateKey = DiagnosticCode("E0104", "duplicate-key", "A mapping has the same key twice.")
  static let tabIndentation = DiagnosticCode("E0103", "tab-indentation", "A tab character where YAML allows spaces.")
  static let missingKey = DiagnosticCode("W0301", "missing-path", "A shape layer without a path draws nothing.")
  static let catalogue = [duplicateKey, tabIndentation, unknownKey, missingKey]

  /// The span of the `occurrence`-th appearance of `needle` in `text`, in bytes.
  func span(of needle: String, in text: String, occurrence: Int = 1) -> Span {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var found = 0
    for start in 0...(haystack.count - pattern.count) where Array(haystack[start..<start + pattern.count]) == pattern {
      found += 1
      if found == occurrence { return Span(start: start, end: start + pattern.count) }
    }
    Issue.record("'\(needle)' not found")
    return .zero
  }

  func unknownKeyReport(path: String = "scene.yaml") -> FileReport {
    let text = "scene: demo\nlayers:\n  - id: heart\n    opactiy: 0.5\n"
    let source = SourceFile(path: path, text: text)
    let diagnostic = Diagnostic(
      Self.unknownKey, "unknown key 'opactiy' in a layer", at: span(of: "opactiy", in: text),
      help: "did you mean 'opacity'?", replacement: "opacity")
    return FileReport(source: source, diagnostics: [diagnostic])
  }

  // MARK: Text

  @Test func textShowsTheLineTheCaretAndTheHelp() {
    let expected = """
      scene.yaml:4:5: error: unknown key 'opactiy' in a layer [E0203]
        4 |     opactiy: 0.5
          |     ^^^^^^^
        = help: did you mean 'opacity'?

      1 error, 0 warnings in 1 file

      """
    #expect(TextRenderer().render([unknownKeyReport()]) == expected)
  }

  @Test func textQuotesASecondaryLabelOnAnotherLineWithAnAlignedGutter() {
    let text = "scene: a\n" + String(repeating: "# filler\n", count: 10) + "scene: b\n"
    let source = SourceFile(path: "dup.yaml", text: text)
    let diagnostic = Diagnostic(
      Self.duplicateKey, "duplicate key 'scene'", at: span(of: "scene", in: text, occurrence: 2),
      labels: [Diagnostic.Label("first defined here", at: span(of: "scene", in: text))],
      notes: ["YAML would silently keep only one of them"])
    let expected = """
      dup.yaml:12:1: error: duplicate key 'scene' [E0104]
        12 | scene: b
           | ^^^^^
        --> dup.yaml:1:1: note: first defined here
         1 | scene: a
           | ^^^^^
        = note: YAML would silently keep only one of them

      1 error, 0 warnings in 1 file

      """
    #expect(TextRenderer().render([FileReport(source: source, diagnostics: [diagnostic])]) == expected)
  }

  @Test func textPutsTheCaretUnderTheRightCellAfterWideCharacters() {
    let text = "layers: [{text: 按住拍, opactiy: 1}]\n"
    let source = SourceFile(path: "cjk.yaml", text: text)
    let diagnostics = [
      Diagnostic(Self.unknownKey, "the text is not a key", at: span(of: "按住拍", in: text)),
      Diagnostic(Self.unknownKey, "unknown key 'opactiy' in a layer", at: span(of: "opactiy", in: text)),
    ]
    // Columns count scalars (按 is one column), but the caret counts cells (按 is two).
    let expected = """
      cjk.yaml:1:17: error: the text is not a key [E0203]
        1 | layers: [{text: 按住拍, opactiy: 1}]
          |                 ^^^^^^

      cjk.yaml:1:22: error: unknown key 'opactiy' in a layer [E0203]
        1 | layers: [{text: 按住拍, opactiy: 1}]
          |                         ^^^^^^^

      2 errors, 0 warnings in 1 file

      """
    #expect(TextRenderer().render([FileReport(source: source, diagnostics: diagnostics)]) == expected)
  }

  @Test func textPointsAZeroWidthSpanAtTheEndOfALineWithOneCaret() {
    let text = "layers:\n  - id: heart\n    type: shape\n"
    let source = SourceFile(path: "missing.yaml", text: text)
    let end = span(of: "shape", in: text).end
    let diagnostic = Diagnostic(
      Self.missingKey, "shape layer 'heart' has no 'path'", at: .at(end), help: "add 'path: …' or a named path")
    let expected = """
      missing.yaml:3:16: warning: shape layer 'heart' has no 'path' [W0301]
        3 |     type: shape
          |                ^
        = help: add 'path: …' or a named path

      0 errors, 1 warning in 1 file

      """
    #expect(TextRenderer().render([FileReport(source: source, diagnostics: [diagnostic])]) == expected)
  }

  @Test func textExpandsTabsToFourSpacesInBothTheLineAndTheCaret() {
    let text = "size: [1, 1]\n\tbounds: [0, 0, 1, 1]\nnote:\t\tbad\n"
    let source = SourceFile(path: "tabs.yaml", text: text)
    let diagnostics = [
      Diagnostic(Self.tabIndentation, "a tab indents this line", at: span(of: "\t", in: text)),
      Diagnostic(Self.unknownKey, "unknown key 'note'", at: span(of: "bad", in: text)),
    ]
    let expected = """
      tabs.yaml:2:1: error: a tab indents this line [E0103]
        2 |     bounds: [0, 0, 1, 1]
          | ^^^^

      tabs.yaml:3:8: error: unknown key 'note' [E0203]
        3 | note:        bad
          |              ^^^

      2 errors, 0 warnings in 1 file

      """
    #expect(TextRenderer().render([FileReport(source: source, diagnostics: diagnostics)]) == expected)
  }

  @Test func textUnderlinesAMultiLineSpanToTheEndOfItsFirstLine() {
    let text = "timing:\n  duration: 1\n  bad: {a: 1,\n    b: 2}\n"
    let source = SourceFile(path: "multi.yaml", text: text)
    let value = span(of: "{a: 1,\n    b: 2}", in: text)
    let report = FileReport(source: source, diagnostics: [Diagnostic(Self.unknownKey, "unknown key 'bad'", at: value)])
    let expected = """
      multi.yaml:3:8: error: unknown key 'bad' [E0203]
        3 |   bad: {a: 1,
          |        ^^^^^^

      1 error, 0 warnings in 1 file

      """
    #expect(TextRenderer().render([report]) == expected)
    #expect(source.range(of: value) == SourceRange(value, in: source))
    #expect(source.range(of: value).endLine == 4)
    #expect(source.range(of: value).endColumn == 10)
  }

  @Test func shortModeKeepsOneLinePerDiagnosticAndTheSummary() {
    let text = "layers: []\n"
    let warning = Diagnostic(Self.missingKey, "no layers", at: span(of: "[]", in: text))
    let reports = [
      unknownKeyReport(path: "a.yaml"),
      FileReport(source: SourceFile(path: "b.yaml", text: text), diagnostics: [warning]),
      FileReport(source: SourceFile(path: "c.yaml", text: ""), diagnostics: []),
    ]
    let expected = """
      a.yaml:4:5: error: unknown key 'opactiy' in a layer [E0203]
      b.yaml:1:9: warning: no layers [W0301]
      1 error, 1 warning in 3 files

      """
    #expect(TextRenderer(short: true).render(reports) == expected)
  }

  @Test func cleanReportsPrintNothing() {
    let clean = FileReport(source: SourceFile(path: "ok.yaml", text: "scene: ok\n"), diagnostics: [])
    #expect(TextRenderer().render([clean]) == "")
    #expect(TextRenderer().render([]) == "")
    #expect(GitHubRenderer().render([clean]) == "")
  }

  @Test func summaryPluralisesEachCount() {
    func summary(errors: Int, warnings: Int, files: Int) -> String {
      var reports: [FileReport] = []
      for index in 0..<files {
        let source = SourceFile(path: "\(index).yaml", text: "a: 1\n")
        var diagnostics: [Diagnostic] = []
        if index == 0 {
          diagnostics += Array(repeating: Diagnostic(Self.unknownKey, "e", at: .zero), count: errors)
          diagnostics += Array(repeating: Diagnostic(Self.missingKey, "w", at: .zero), count: warnings)
        }
        reports.append(FileReport(source: source, diagnostics: diagnostics))
      }
      return ReportSummary(reports).sentence
    }
    #expect(summary(errors: 1, warnings: 1, files: 1) == "1 error, 1 warning in 1 file")
    #expect(summary(errors: 2, warnings: 0, files: 2) == "2 errors, 0 warnings in 2 files")
    #expect(summary(errors: 0, warnings: 3, files: 1) == "0 errors, 3 warnings in 1 file")
  }

  @Test func colourWrapsSeverityMessageGutterAndCaretsAndNothingElse() {
    let coloured = TextRenderer(color: true).render([unknownKeyReport()])
    let esc = "\u{1B}["
    let firstLine = "scene.yaml:4:5: \(esc)1;31merror\(esc)0m: \(esc)1munknown key 'opactiy' in a layer\(esc)0m [E0203]"
    #expect(coloured.hasPrefix(firstLine + "\n"))
    #expect(coloured.contains("  \(esc)36m4 |\(esc)0m     opactiy: 0.5\n"))
    #expect(coloured.contains("\(esc)1;31m^^^^^^^\(esc)0m"))
    let stripped = coloured.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(stripped == TextRenderer().render([unknownKeyReport()]))
  }

  @Test func controlCharactersFromTheSpecNeverReachTheTerminal() {
    let text = "title: \u{1B}[2Jboom\nx: 1\n"
    let source = SourceFile(path: "evil.yaml", text: text)
    let diagnostic = Diagnostic(Self.unknownKey, "unknown key '\u{1B}[2J'", at: span(of: "boom", in: text))
    let output = TextRenderer().render([FileReport(source: source, diagnostics: [diagnostic])])
    #expect(!output.unicodeScalars.contains("\u{1B}"))
    #expect(output.contains("  1 | title: \u{FFFD}[2Jboom\n    |            ^^^^\n"))
  }

  @Test(arguments: [
    (ColorChoice.auto, [String: String](), true, true),
    (.auto, [:], false, false),
    (.auto, ["NO_COLOR": "1"], true, false),
    (.auto, ["NO_COLOR": ""], true, true),
    (.auto, ["TERM": "dumb"], true, false),
    (.auto, ["TERM": "xterm-256color"], true, true),
    (.always, ["NO_COLOR": "1", "TERM": "dumb"], false, true),
    (.never, [:], true, false),
  ])
  func colourPolicyFollowsTheFlagThenNoColorThenTheTerminal(
    choice: ColorChoice, environment: [String: String], isTerminal: Bool, enabled: Bool
  ) {
    #expect(ColorPolicy(choice).isEnabled(environment: environment, outputIsTerminal: isTerminal) == enabled)
  }

  @Test func terminalCellsCountWideCharactersTwiceAndMarksNotAtAll() {
    #expect(TerminalText.width(of: "ab") == 2)
    #expect(TerminalText.width(of: "按住拍") == 6)
    #expect(TerminalText.width(of: "ｱＡ한") == 5)
    #expect(TerminalText.width(of: "e\u{301}") == 1)
    #expect(TerminalText.width(of: "😀") == 2)
    #expect(TerminalText.width(of: "\t") == 4)
  }

  // MARK: JSON

  @Test func jsonListsEveryFileWithPositionsLabelsAndNulls() {
    let text = "scene: a\nscene: b\n"
    let source = SourceFile(path: "dup.yaml", text: text)
    let duplicate = Diagnostic(
      Self.duplicateKey, "duplicate key 'scene'", at: span(of: "scene", in: text, occurrence: 2),
      labels: [Diagnostic.Label("first defined here", at: span(of: "scene", in: text))], notes: ["keep one"])
    let reports = [
      FileReport(source: source, diagnostics: [duplicate]), unknownKeyReport(),
      FileReport(source: SourceFile(path: "ok.yaml", text: ""), diagnostics: []),
    ]
    let expected = """
      {
        "version": 1,
        "files": [
          {
            "path": "dup.yaml",
            "diagnostics": [
              {
                "code": "E0104",
                "name": "duplicate-key",
                "severity": "error",
                "message": "duplicate key 'scene'",
                "line": 2,
                "column": 1,
                "endLine": 2,
                "endColumn": 6,
                "labels": [
                  {
                    "message": "first defined here",
                    "line": 1,
                    "column": 1,
                    "endLine": 1,
                    "endColumn": 6
                  }
                ],
                "notes": [
                  "keep one"
                ],
                "help": null,
                "replacement": null
              }
            ]
          },
          {
            "path": "scene.yaml",
            "diagnostics": [
              {
                "code": "E0203",
                "name": "unknown-key",
                "severity": "error",
                "message": "unknown key 'opactiy' in a layer",
                "line": 4,
                "column": 5,
                "endLine": 4,
                "endColumn": 12,
                "labels": [],
                "notes": [],
                "help": "did you mean 'opacity'?",
                "replacement": "opacity"
              }
            ]
          },
          {
            "path": "ok.yaml",
            "diagnostics": []
          }
        ],
        "summary": {
          "errors": 2,
          "warnings": 0,
          "files": 3
        }
      }

      """
    #expect(JSONRenderer().render(reports) == expected)
    #expect(JSONRenderer().render(reports) == JSONRenderer().render(reports))
  }

  // MARK: GitHub

  @Test func githubWritesOneEscapedWorkflowCommandPerDiagnostic() {
    let text = "a: 1\nb: 2\n"
    let source = SourceFile(path: "dir,1/a:b.yaml", text: text)
    let diagnostics = [
      Diagnostic(
        Self.unknownKey, "unknown key 'b' (100% sure)\r\nreally", at: span(of: "b", in: text),
        labels: [Diagnostic.Label("a sibling", at: span(of: "a", in: text))], help: "remove it"),
      Diagnostic(Self.missingKey, "warn: x, y", at: .at(0)),
    ]
    var note = Diagnostic(Self.missingKey, "just so you know", at: .at(0))
    note.severity = .note
    let output = GitHubRenderer().render([FileReport(source: source, diagnostics: diagnostics + [note])])
    let expected = """
      ::error file=dir%2C1/a%3Ab.yaml,line=2,col=1,endLine=2,endColumn=2,title=E0203 unknown-key::unknown key 'b' \
      (100%25 sure)\\u{D}\\u{A}really%0Anote: a sibling (dir,1/a:b.yaml:1:1)%0Ahelp: remove it
      ::warning file=dir%2C1/a%3Ab.yaml,line=1,col=1,endLine=1,endColumn=1,title=W0301 missing-path::warn: x, y
      ::notice file=dir%2C1/a%3Ab.yaml,line=1,col=1,endLine=1,endColumn=1,title=W0301 missing-path::just so you know

      """
    #expect(output == expected)
  }

  @Test func githubNamesTheFileAsTheRepositoryDoes() {
    let output = GitHubRenderer().render([unknownKeyReport(path: "././specs/a.yaml")])
    #expect(output.hasPrefix("::error file=specs/a.yaml,line=4,col=5,"), "\(output)")
    #expect(GitHubRenderer().render([unknownKeyReport(path: "/srv/a.yaml")]).hasPrefix("::error file=/srv/a.yaml,"))
  }

  // MARK: SARIF

  func richReports() -> [FileReport] {
    let text = "scene: a\nlayers:\n  - id: 按钮\n    opactiy: 1\nscene: b\n"
    let source = SourceFile(path: "./specs/按钮 demo.yaml", text: text)
    var note = Diagnostic(Self.missingKey, "a note", at: .at(text.utf8.count))
    note.severity = .note
    let diagnostics = [
      Diagnostic(
        Self.unknownKey, "unknown key 'opactiy' in a layer", at: span(of: "opactiy", in: text),
        help: "did you mean 'opacity'?", replacement: "opacity"),
      Diagnostic(
        Self.duplicateKey, "duplicate key 'scene'", at: span(of: "scene", in: text, occurrence: 2),
        labels: [Diagnostic.Label("first defined here", at: span(of: "scene", in: text))]),
      Diagnostic(Self.unknownKey, "replacement without help", at: span(of: "id", in: text), replacement: "name"),
      note,
    ]
    let absolute = SourceFile(path: "/work/project/other.yaml", text: "a: 1\n")
    let warning = Diagnostic(Self.missingKey, "shape layer has no path", at: .at(4))
    return [FileReport(source: source, diagnostics: diagnostics), FileReport(source: absolute, diagnostics: [warning])]
  }

  @Test func sarifDescribesOnlyTheUsedRulesSortedAndPointsAtThem() {
    let renderer = SARIFRenderer(toolVersion: "0.1.0", catalogue: Self.catalogue, sourceRoot: "/work/project")
    let output = renderer.render(richReports())
    #expect(renderer.usedRules(in: richReports()).map(\.id) == ["E0104", "E0203", "W0301"])
    #expect(!output.contains("E0103"))
    #expect(
      output.hasPrefix("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\"")
    )
    #expect(output.contains("\"columnKind\": \"unicodeCodePoints\""))
    #expect(output.contains("\"uri\": \"specs/%E6%8C%89%E9%92%AE%20demo.yaml\""))
    #expect(output.contains("\"uri\": \"other.yaml\""))
    #expect(output.contains("\"helpUri\": \"https://github.com/scenec/scenec/blob/main/Grammar.md#e0203\""))
    #expect(output.contains("\"text\": \"unknown key 'opactiy' in a layer — help: did you mean 'opacity'?\""))
    #expect(renderer.render(richReports()) == output)
  }

  @Test func sarifRegionsMatchTheOtherFormats() {
    let report = unknownKeyReport()
    let sarif = SARIFRenderer(toolVersion: "1", catalogue: Self.catalogue).render([report])
    #expect(sarif.contains("\"startLine\": 4,\n") && sarif.contains("\"startColumn\": 5,\n"))
    #expect(sarif.contains("\"endLine\": 4,\n") && sarif.contains("\"endColumn\": 12\n"))
    #expect(GitHubRenderer().render([report]).contains("line=4,col=5,endLine=4,endColumn=12,"))
  }

  @Test func artifactURIsAreRelativeWhereTheyCanBeAndKeepThePathAsGiven() {
    func uri(_ path: String, root: String? = nil) -> String {
      let artifact = ArtifactURI(path: path, sourceRoot: root)
      return (artifact.baseID ?? "-") + " " + artifact.uri
    }
    #expect(uri("specs/a.yaml") == "%SRCROOT% specs/a.yaml")
    // A backslash is part of a POSIX file name: `specs\win\a.yaml` is one file, not `specs/win/a.yaml`.
    #expect(uri("./././specs\\win\\a.yaml") == "%SRCROOT% specs%5Cwin%5Ca.yaml")
    #expect(uri("a b#?%.yaml") == "%SRCROOT% a%20b%23%3F%25.yaml")
    #expect(uri("c:d.yaml") == "%SRCROOT% c%3Ad.yaml")
    #expect(uri("/srv/x/a.yaml", root: "/srv/x/") == "%SRCROOT% a.yaml")
    #expect(uri("/srv/y/a.yaml", root: "/srv/x") == "- file:///srv/y/a.yaml")
    #expect(uri("C:\\specs\\a.yaml") == "%SRCROOT% C%3A%5Cspecs%5Ca.yaml")
    #expect(uri("/srv/a:b\\c.yaml") == "- file:///srv/a:b%5Cc.yaml")
  }

  /// Decoding an artifact's URI gives the path back, whatever it holds (issue 33: `\` became `/`).
  @Test(
    arguments: [
      "a\\b.yaml", "dir\\", "100%.yaml", "%41.yaml", "a b.yaml", "a#b?c.yaml", "按钮/ü.yaml", "x\n::error::y.yaml",
      "/abs\\a%20b #?.yaml", "/srv/按钮.yaml", "../up.yaml", "a:b.yaml",
    ].map(HostileText.init))
  func artifactURIsRoundTrip(_ hostile: HostileText) throws {
    let path = hostile.text
    let artifact = ArtifactURI(path: path, sourceRoot: nil)
    let uriPath = artifact.baseID == nil ? String(artifact.uri.dropFirst("file://".count)) : artifact.uri
    #expect(artifact.baseID == (path.hasPrefix("/") ? nil : ArtifactURI.sourceRootBaseID))
    #expect(uriPath.removingPercentEncoding == path, "\(artifact.uri)")
    // Only RFC 3986 path characters and escapes are left.
    let allowed = CharacterSet(charactersIn: "%/:@!$&'()*+,;=-._~").union(.alphanumerics)
    #expect(artifact.uri.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }, "\(artifact.uri)")
    #expect(URL(string: artifact.uri) != nil, "\(artifact.uri)")
  }

  @Test func sarifValidatesAgainstTheOfficialSchema() throws {
    let renderer = SARIFRenderer(toolVersion: "0.1.0", catalogue: Self.catalogue, sourceRoot: "/work/project")
    let empty = SARIFRenderer(toolVersion: "0.1.0", catalogue: Self.catalogue).render([])
    for document in [renderer.render(richReports()), empty] {
      let check = try SARIFSchemaCheck.run(document)
      if check.status == SARIFSchemaCheck.toolMissing {
        withKnownIssue("SARIF schema validation skipped: \(check.output)") { Issue.record("validator unavailable") }
        return
      }
      #expect(check.status == 0, "\(check.output)")
    }
    // The check must be able to fail, or a wrong schema path would pass everything.
    let broken = renderer.render(richReports()).replacing("\"level\": \"warning\"", with: "\"level\": \"fatal\"")
    #expect(try SARIFSchemaCheck.run(broken).status == 1)
  }
}
