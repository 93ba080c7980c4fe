/// GitHub Actions workflow commands, one line per diagnostic, which the runner turns into annotations on the pull
/// request:
///
///     ::error file=a.yaml,line=12,col=3,endLine=12,endColumn=10,title=E0203 unknown-key::unknown key…%0Ahelp: …
///
/// Labels, notes and help follow the message on their own lines (escaped newlines), since an annotation has no
/// other place for them. Notes (severity) become `::notice`. `file=` drops a leading `./` (`RepositoryPath`).
public struct GitHubRenderer: ReportRenderer {
  public init() {}

  public func render(_ reports: [FileReport]) -> String {
    var output = ""
    for report in reports {
      for diagnostic in report.diagnostics {
        output += line(for: diagnostic, in: report.source) + "\n"
      }
    }
    return output
  }

  private func line(for diagnostic: Diagnostic, in source: SourceFile) -> String {
    let range = source.range(of: diagnostic.span)
    // The file name and the texts as the text format prints them (`PrintableText`); the line breaks between them
    // are the renderer's own, which the runner's escaping below carries.
    let path = PrintableText.escaped(source.path)
    let properties = [
      ("file", PrintableText.escaped(RepositoryPath.trimmingCurrentFolder(source.path))), ("line", String(range.line)),
      ("col", String(range.column)),
      ("endLine", String(range.endLine)), ("endColumn", String(range.endColumn)),
      ("title", "\(diagnostic.code.id) \(diagnostic.code.name)"),
    ]
    var message = PrintableText.escaped(diagnostic.message)
    for label in diagnostic.labels {
      let location = source.range(of: label.span)
      message += "\nnote: \(PrintableText.escaped(label.message)) (\(path):\(location.line):\(location.column))"
    }
    for note in diagnostic.notes { message += "\nnote: \(PrintableText.escaped(note))" }
    if let help = diagnostic.help { message += "\nhelp: \(PrintableText.escaped(help))" }
    let propertyList = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
    return "::\(Self.command(for: diagnostic.severity)) \(propertyList)::\(Self.escapeData(message))"
  }

  static func command(for severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "notice"
    }
  }

  /// The escaping the Actions runner undoes in a command's message (its documented `%25`, `%0D`, `%0A`).
  static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Properties are separated by `,` and end at `::`, so those characters are escaped too.
  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for character in escapeData(text).unicodeScalars {
      switch character {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
