/// What the GitHub Actions runner would take for workflow commands in a log, read the way its ActionCommand parser
/// reads each line (facts from github.com/actions/runner, src/Runner.Common/ActionCommand.cs): the log is split at
/// `\r` and `\n`; a line whose text after leading white space starts with `::` and holds a second `::` is a command
/// (`::error file=a.yaml::message`); so is a line holding `##[` and then `]` anywhere (the older form).
package enum WorkflowCommandScan {
  package struct Command: Equatable {
    /// `error`, `warning`, `notice`, … (the word between `::` and the first space or `::`).
    package let name: String
    /// The properties as written, unescaped (`%3A` → `:`), in order.
    package let properties: [(key: String, value: String)]
    /// The text after the closing `::`, unescaped (`%0A` → line break).
    package let data: String

    package static func == (lhs: Command, rhs: Command) -> Bool {
      lhs.name == rhs.name && lhs.data == rhs.data && lhs.properties.map(\.key) == rhs.properties.map(\.key)
        && lhs.properties.map(\.value) == rhs.properties.map(\.value)
    }
  }

  /// The log's lines as the runner splits them.
  package static func lines(_ log: String) -> [Substring] {
    log.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  /// The lines of `log` that the runner would act on, as they are written.
  package static func commandLines(in log: String) -> [String] {
    lines(log).filter { parse(String($0)) != nil || isLegacyCommand(String($0)) }.map(String.init)
  }

  /// The command a line starts, in the current (`::`) form.
  package static func parse(_ line: String) -> Command? {
    let text = line.drop { $0.isWhitespace }
    guard text.hasPrefix("::") else { return nil }
    let afterKey = text.dropFirst(2)
    guard let end = afterKey.range(of: "::") else { return nil }
    let info = afterKey[..<end.lowerBound]
    let name = info.prefix { $0 != " " }
    guard !name.isEmpty else { return nil }
    var properties: [(key: String, value: String)] = []
    for pair in info.dropFirst(name.count).split(separator: ",") {
      let parts = pair.trimmingPrefix(" ").split(separator: "=", maxSplits: 1)
      if parts.count == 2 { properties.append((String(parts[0]), unescape(String(parts[1]), property: true))) }
    }
    return Command(
      name: String(name), properties: properties, data: unescape(String(afterKey[end.upperBound...]), property: false))
  }

  /// Whether the line holds the older `##[name …]` form.
  package static func isLegacyCommand(_ line: String) -> Bool {
    guard let start = line.range(of: "##[") else { return false }
    return line[start.upperBound...].contains("]")
  }

  static func unescape(_ text: String, property: Bool) -> String {
    var result = text.replacing("%0D", with: "\r").replacing("%0A", with: "\n")
    if property { result = result.replacing("%3A", with: ":").replacing("%2C", with: ",") }
    return result.replacing("%25", with: "%")
  }
}
