/// Text from outside scenec (a file name, a spec's key quoted in a message, a helper tool's error output), made
/// safe to print inside one line of a terminal or a CI log. The text and GitHub formats and the command line's
/// error lines print such text through `escaped` only, and the JSON and SARIF documents go through `inertJSON`,
/// so a file name or a key cannot:
///
/// - end the line and start one of its own: GitHub Actions reads a line that starts with `::` (after white space)
///   as a workflow command (`::error …`, `::add-mask::…`), and `##[command]` anywhere in a line as the older form;
/// - send escape sequences to the terminal (colours, cursor moves, window titles), or reorder what is shown with
///   bidirectional overrides;
/// - hide between the characters of `::` or `##[`, where a comparison that ignores invisible characters (the
///   runner's culture-aware one) would still see them.
///
/// Every control character (C0 with tab and line breaks, DEL, C1), every format character (bidi embeddings,
/// overrides, isolates and marks, zero-width characters, the byte-order mark, the soft hyphen) and the line and
/// paragraph separators U+2028 and U+2029 are written as `\u{1B}` (hex digits of the scalar); `##[` becomes
/// `##\u{5B}`, and at the start of a line, `::` after white space becomes `\u{3A}:`. Everything else, every
/// other script included, is kept as it is.
public enum PrintableText {
  /// `text`, escaped; `startsLine` when it is printed at the start of a line (a file name before `:LINE:COL`).
  public static func escaped(_ text: String, startsLine: Bool = false) -> String {
    let scalars = Array(text.unicodeScalars)
    let commandColon = startsLine ? leadingCommandColon(in: scalars) : nil
    guard commandColon != nil || scalars.indices.contains(where: { escapes(at: $0, in: scalars) }) else {
      return text
    }
    var result = ""
    for index in scalars.indices {
      if index == commandColon || escapes(at: index, in: scalars) {
        result += "\\u{" + String(scalars[index].value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalars[index])
      }
    }
    return result
  }

  /// Text of several lines (a helper tool's error output): each line escaped as one that starts a line, the line
  /// breaks kept.
  public static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0), startsLine: true) }
      .joined(separator: "\n")
  }

  /// A JSON document (the json and sarif formats) with the same characters written as JSON escapes instead
  /// (`\u202e`, and `##\u005b` for `##[`). A reader of the JSON gets the same strings; printed on a terminal or in
  /// a CI log, the document is as inert as the text format. C0 controls are left as they are: the writer already
  /// escapes them in strings, and the line breaks between members are the document's own. Outside strings a
  /// document holds none of the others (its structure is ASCII, and no `#`), and no JSON escape ends in `[`, so
  /// each is inside a string, whole.
  public static func inertJSON(_ document: String) -> String {
    let scalars = Array(document.unicodeScalars)
    func rewrites(_ index: Int) -> Bool { scalars[index].value >= 0x20 && escapes(at: index, in: scalars) }
    guard scalars.indices.contains(where: rewrites) else { return document }
    var result = ""
    for index in scalars.indices {
      guard rewrites(index) else {
        result.unicodeScalars.append(scalars[index])
        continue
      }
      for unit in String(scalars[index]).utf16 {
        let hex = String(unit, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return result
  }

  /// Whether a terminal or a log could act on `scalar` rather than show it: controls, format characters and the
  /// line and paragraph separators.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// Whether the scalar at `index` is unsafe, or the `[` of a `##[`.
  static func escapes(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    isUnsafe(scalars[index]) || startsLegacyCommand(at: index, in: scalars)
  }

  /// Whether `scalars[index]` is the `[` of `##[`, the runner's older workflow command form.
  static func startsLegacyCommand(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    index >= 2 && scalars[index] == "[" && scalars[index - 1] == "#" && scalars[index - 2] == "#"
  }

  /// The index of the first `:` of a `::` that follows only white space, where a line would start a workflow
  /// command; nil when there is none.
  static func leadingCommandColon(in scalars: [Unicode.Scalar]) -> Int? {
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return nil }
    return first + 1 < scalars.count && scalars[first] == ":" && scalars[first + 1] == ":" ? first : nil
  }
}
