import Foundation
import SceneCore
import SceneTestSupport
import Testing

@testable import SceneDiagnostics

/// File names and messages with control characters (issue 33): the text and GitHub formats print them escaped, so
/// no line of a report can start a workflow command in a CI log or send an escape sequence to a terminal.
@Suite struct PrintableTextTests {
  static let code = DiagnosticCode("E0202", "unknown-key", "A key that this kind of object does not have.")

  /// Names a hostile checkout could hold, each with what it tries.
  static let hostileNames = [
    "x\n::error file=pwn.yaml::injected.yaml",  // a new line that is a workflow command
    "x\r::add-mask::secret.yaml",  // a carriage return, which the runner also splits at
    "esc\u{1B}[31mred\u{1B}]0;title\u{07}.yaml",  // colour and a window title
    "::error::lead.yaml",  // a command at the start of the report's line, no control character at all
    " \u{A0}::warning::spaced.yaml",  // the same after white space, which the runner trims
    "\u{AD}::notice::soft.yaml",  // after an invisible character
    "##[error]legacy.yaml",  // the older form, anywhere in a line
    "line\u{2028}::error::sep.yaml", "bidi\u{202E}lmay.yaml", "c1\u{9B}31m.yaml", "del\u{7F}.yaml",
  ]

  func report(path: String, message: String) -> FileReport {
    let text = "scene: demo\nkey: 1\n"
    let start = text.utf8.count - 7
    let diagnostic = Diagnostic(
      Self.code, message, at: Span(start: start, end: start + 3),
      labels: [Diagnostic.Label("label \(message)", at: Span(start: 0, end: 5))], notes: ["note \(message)"],
      help: "help \(message)")
    return FileReport(source: SourceFile(path: path, text: text), diagnostics: [diagnostic])
  }

  /// Whether `text` holds a character that a terminal would act on rather than show (line breaks aside).
  func holdsUnsafeCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && PrintableText.isUnsafe($0) }
  }

  @Test(arguments: hostileNames.map(HostileText.init))
  func theTextFormatStartsNoCommandAndSendsNoEscape(_ hostile: HostileText) {
    let name = hostile.text
    let reports = [report(path: name, message: "unknown key '\(name)'")]
    for short in [false, true] {
      for color in [false, true] {
        let output = TextRenderer(color: color, short: short).render(reports)
        #expect(WorkflowCommandScan.commandLines(in: output).isEmpty, "\(output)")
        let plain = output.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(!holdsUnsafeCharacter(plain), "\(plain.debugDescription)")
        #expect(!plain.contains("\r"))
        // One diagnostic: its first line, and in full the quoted line, caret, label (with its line and caret),
        // note, help and the blank line; then the summary.
        #expect(WorkflowCommandScan.lines(plain).count == (short ? 3 : 11), "\(plain)")
      }
    }
  }

  @Test(arguments: hostileNames.map(HostileText.init))
  func theGitHubFormatWritesOneCommandPerDiagnostic(_ hostile: HostileText) throws {
    let name = hostile.text
    let output = GitHubRenderer().render([report(path: name, message: "unknown key '\(name)'")])
    #expect(!holdsUnsafeCharacter(output), "\(output.debugDescription)")
    let lines = WorkflowCommandScan.lines(output).dropLast()
    #expect(lines.count == 1, "\(output)")
    let command = try #require(WorkflowCommandScan.parse(String(lines[0])))
    #expect(command.name == "error")
    #expect(command.properties.map(\.key) == ["file", "line", "col", "endLine", "endColumn", "title"])
    #expect(command.properties[0].value == PrintableText.escaped(name))
    #expect(command.properties[1].value == "2" && command.properties[2].value == "1")
    let escaped = PrintableText.escaped(name)
    #expect(
      command.data
        == "unknown key '\(escaped)'\nnote: label unknown key '\(escaped)' (\(escaped):1:1)\nnote: note unknown key "
        + "'\(escaped)'\nhelp: help unknown key '\(escaped)'")
  }

  /// The JSON and SARIF documents say the same as the writer's, with nothing a terminal or a log would act on.
  @Test(arguments: hostileNames.map(HostileText.init))
  func theJSONFormatsMeanTheSameAndAreInert(_ hostile: HostileText) throws {
    let name = hostile.text
    let reports = [report(path: name, message: "unknown key '\(name)' \u{1F600}\u{E0041}")]
    let sarif = SARIFRenderer(toolVersion: "1", catalogue: [Self.code])
    let pairs = [
      (JSONRenderer().render(reports), JSONWriter(style: .pretty).string(from: JSONRenderer().document(reports))),
      (sarif.render(reports), JSONWriter(style: .pretty).string(from: sarif.document(reports))),
    ]
    for (inert, written) in pairs {
      #expect(WorkflowCommandScan.commandLines(in: inert).isEmpty, "\(inert)")
      #expect(!holdsUnsafeCharacter(inert), "\(inert.debugDescription)")
      let read = try JSONSerialization.jsonObject(with: Data(inert.utf8)) as? NSDictionary
      let expected = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
      #expect(read != nil && read == expected)
    }
    #expect(PrintableText.inertJSON("[\"a\u{202E}##[\u{E0041}\"]") == "[\"a\\u202e##\\u005b\\udb40\\udc41\"]")
  }

  @Test func escapesWriteTheScalarInHexAndKeepEverythingElse() {
    #expect(PrintableText.escaped("specs/按钮 demo.yaml") == "specs/按钮 demo.yaml")
    #expect(PrintableText.escaped("a\nb\tc\r") == "a\\u{A}b\\u{9}c\\u{D}")
    #expect(PrintableText.escaped("\u{1B}[0m\u{7F}\u{85}\u{9B}") == "\\u{1B}[0m\\u{7F}\\u{85}\\u{9B}")
    #expect(PrintableText.escaped("a\u{2028}b\u{2029}") == "a\\u{2028}b\\u{2029}")
    #expect(PrintableText.escaped("\u{202E}\u{2066}\u{200F}\u{FEFF}x") == "\\u{202E}\\u{2066}\\u{200F}\\u{FEFF}x")
    #expect(PrintableText.escaped("see ##[error]x and ## [") == "see ##\\u{5B}error]x and ## [")
    // `::` is only a command at the start of a line.
    #expect(PrintableText.escaped("::error::x") == "::error::x")
    #expect(PrintableText.escaped("::error::x", startsLine: true) == "\\u{3A}:error::x")
    #expect(PrintableText.escaped("  ::x", startsLine: true) == "  \\u{3A}:x")
    #expect(PrintableText.escaped("a::b", startsLine: true) == "a::b")
    #expect(PrintableText.escaped(":x", startsLine: true) == ":x")
    #expect(PrintableText.escapedLines("one\n::error::two\nthree\u{1B}") == "one\n\\u{3A}:error::two\nthree\\u{1B}")
  }

  /// The quoted source line shows what the escapes would be as U+FFFD, one cell each, so the caret stays under
  /// the span.
  @Test func theQuotedLineReplacesWhatItCannotShowAndKeepsTheCaretInPlace() {
    let text = "key: \u{202E}ab ##[error]x\n"
    let start = text.utf8.count - 3
    let diagnostic = Diagnostic(Self.code, "here", at: Span(start: start, end: start + 1))
    let output = TextRenderer().render([
      FileReport(source: SourceFile(path: "a.yaml", text: text), diagnostics: [diagnostic])
    ])
    // 17 cells before the `]`: `key: `, U+FFFD, `ab `, `##`, U+FFFD, `error`.
    let caret = "    | " + String(repeating: " ", count: 17) + "^\n"
    #expect(output.contains("  1 | key: \u{FFFD}ab ##\u{FFFD}error]x\n" + caret), "\(output)")
    #expect(WorkflowCommandScan.commandLines(in: output).isEmpty)
  }

  /// The scan itself must find what the runner would act on, or the tests above would pass on anything.
  @Test func theScanFindsCommands() {
    #expect(WorkflowCommandScan.commandLines(in: "ok\n  ::error file=a::m\nx ##[warning]y\n::nothing\n").count == 2)
    let command = WorkflowCommandScan.parse("::error file=a%3Ab%2Cc,line=2::m%0An%25")
    #expect(command?.name == "error")
    #expect(command?.properties.first?.value == "a:b,c")
    #expect(command?.data == "m\nn%")
  }
}
