/// The human format, in the shape of codespan and miette, with a first line that editors and CI logs can parse:
///
///     scene.yaml:12:3: error: unknown key 'opactiy' in a layer [E0203]
///       12 |   opactiy: 0.5
///          |   ^^^^^^^
///       = help: did you mean 'opacity'?
///
///     1 error, 0 warnings in 1 file
///
/// Each label follows as `  --> FILE:LINE:COL: note: message` with its own line and caret, then the notes and the
/// help. `short` keeps only the first line of each diagnostic (and the summary). File names, messages, notes and help
/// go through `PrintableText`, so each stays on its line and none can start a line of its own.
public struct TextRenderer: ReportRenderer {
  public var color: Bool
  public var short: Bool

  public init(color: Bool = false, short: Bool = false) {
    self.color = color
    self.short = short
  }

  public func render(_ reports: [FileReport]) -> String {
    let style = ANSIStyle(isEnabled: color)
    var output = ""
    var diagnosticCount = 0
    for report in reports {
      for diagnostic in report.diagnostics {
        diagnosticCount += 1
        render(diagnostic, in: report.source, style: style, to: &output)
      }
    }
    guard diagnosticCount > 0 else { return "" }
    output += ReportSummary(reports).sentence + "\n"
    return output
  }

  private func render(_ diagnostic: Diagnostic, in source: SourceFile, style: ANSIStyle, to output: inout String) {
    let range = source.range(of: diagnostic.span)
    let path = PrintableText.escaped(source.path, startsLine: true)
    output += "\(path):\(range.line):\(range.column): \(style.severity(diagnostic.severity)): "
    output += style.apply(ANSIStyle.bold, PrintableText.escaped(diagnostic.message))
    output += " [\(diagnostic.code.id)]\n"
    guard !short else { return }

    let primary = SourceSnippet(diagnostic.span, in: source)
    let labels = diagnostic.labels.map { (label: $0, snippet: SourceSnippet($0.span, in: source)) }
    let lineNumberWidth = ([primary] + labels.map(\.snippet)).map { String($0.lineNumber).count }.max() ?? 1
    let gutter = Gutter(lineNumberWidth: lineNumberWidth, style: style)

    gutter.render(primary, caretCode: ANSIStyle.code(for: diagnostic.severity), to: &output)
    for (label, snippet) in labels {
      let location = source.range(of: label.span)
      output += "  " + style.apply(ANSIStyle.cyan, "-->")
      output += " \(path):\(location.line):\(location.column): \(style.severity(.note)): "
      output += PrintableText.escaped(label.message) + "\n"
      gutter.render(snippet, caretCode: ANSIStyle.cyan, to: &output)
    }
    for note in diagnostic.notes {
      output += "  " + style.apply(ANSIStyle.cyan, "=") + " note: " + PrintableText.escaped(note) + "\n"
    }
    if let help = diagnostic.help {
      output += "  " + style.apply(ANSIStyle.cyan, "=") + " help: " + PrintableText.escaped(help) + "\n"
    }
    output += "\n"
  }

  /// The `  12 | ` margin, as wide as the largest line number that one diagnostic quotes, so its lines align.
  private struct Gutter {
    let lineNumberWidth: Int
    let style: ANSIStyle

    func render(_ snippet: SourceSnippet, caretCode: String, to output: inout String) {
      let number = String(snippet.lineNumber)
      let paddedNumber = String(repeating: " ", count: lineNumberWidth - number.count) + number
      output += "  " + style.apply(ANSIStyle.cyan, paddedNumber + " |")
      output += snippet.text.isEmpty ? "\n" : " " + snippet.text + "\n"
      output += "  " + style.apply(ANSIStyle.cyan, String(repeating: " ", count: lineNumberWidth) + " |") + " "
      output += String(repeating: " ", count: snippet.caretOffset)
      output += style.apply(caretCode, String(repeating: "^", count: snippet.caretWidth)) + "\n"
    }
  }
}
