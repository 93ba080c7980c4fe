internal import CYAML
import SceneDiagnostics

/// libyaml's syntax errors, said the way a person reading the file needs them: at the character written (not the
/// end of the stream), with the usual causes (a tab, an unquoted hex colour, an over-long key) named.
extension TreeBuilder {
  mutating func reportParserError(_ parser: yaml_parser_t) {
    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
    if parser.error == YAML_READER_ERROR {
      let offset = min(Int(parser.problem_offset), bytes.count)
      diagnostics.error(
        YAMLDiagnostics.invalidUTF8, "the file is not valid UTF-8 text (\(problem))",
        at: Span(start: offset, end: min(offset + 1, bytes.count)), help: "save the file as UTF-8")
      return
    }
    // libyaml may report the end of the stream; point at the last character written instead.
    var offset = marks.byteOffset(ofCharacter: Int(parser.problem_mark.index))
    while offset > 0, offset >= bytes.count || [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]),
      offset >= bytes.count || bytes[offset] != 0x09
    {
      offset -= 1
    }
    var contextOffset: Int?
    var labels: [Diagnostic.Label] = []
    if let context = parser.context.map({ String(cString: $0) }) {
      let at = marks.byteOffset(ofCharacter: Int(parser.context_mark.index))
      contextOffset = at
      labels.append(.init(context, at: Span(start: at, end: min(at + 1, bytes.count))))
    }
    // libyaml gives up on a plain or quoted key longer than 1024 characters (YAML's limit for an implicit key)
    // only at the key's end, which may be megabytes away; point at the key itself.
    if let contextOffset, parser.context.map({ String(cString: $0) }) == "while scanning a simple key",
      parser.context_mark.line == parser.problem_mark.line,
      Int(parser.problem_mark.index) - Int(parser.context_mark.index) > 1024
    {
      let length = Int(parser.problem_mark.index) - Int(parser.context_mark.index)
      diagnostics.error(
        YAMLDiagnostics.syntax, "a key of about \(length) characters; YAML allows at most 1024 in a key",
        at: Span(start: contextOffset, end: min(contextOffset + 1, bytes.count)),
        help: "use a short key; long text belongs in a value")
      return
    }
    // The comment may sit before or after the point libyaml gave up; look at the lines around both marks.
    var scanStart = min(offset, contextOffset ?? offset)
    var linesBack = 0
    while scanStart > 0, linesBack < 3 {
      scanStart -= 1
      if bytes[scanStart] == 0x0A { linesBack += 1 }
    }
    if let (colour, inMapping) = FlowHexComment.find(
      in: bytes, from: scanStart, to: max(offset, contextOffset ?? offset))
    {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[colour.start..<colour.end]), as: UTF8.self)
      diagnostics.error(
        YAMLDiagnostics.unquotedHexColor,
        "'\(text)' is read as a YAML comment, which breaks this \(inMapping ? "mapping" : "list")", at: colour,
        notes: ["an unquoted ' #' starts a comment, even inside \(inMapping ? "{ }" : "[ ]")"],
        help: "quote the colour: \"\(text)\"", replacement: "\"\(text)\"")
      return
    }
    let span = Span(start: offset, end: min(offset + 1, bytes.count))
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "\t") {
      diagnostics.error(
        YAMLDiagnostics.tabIndentation, "a tab character where YAML allows only spaces", at: span,
        help: "indent with spaces")
      return
    }
    diagnostics.error(YAMLDiagnostics.syntax, problem, at: span, labels: labels, help: Self.help(for: problem))
  }

  static func help(for problem: String) -> String {
    if problem.contains("mapping values are not allowed") {
      return "a value containing ': ' must be quoted, or the indentation is off"
    }
    if problem.contains("did not find expected key") { return "check the indentation of this line and the one above" }
    if problem.contains("did not find expected ',' or ']'") { return "close the flow sequence with ']'" }
    if problem.contains("did not find expected ',' or '}'") { return "close the flow mapping with '}'" }
    if problem.contains("did not find expected '-' indicator") {
      return "a list item here is indented differently from the items above it"
    }
    if problem.contains("found unexpected end of stream") {
      return "the file ends inside a quoted string or a collection"
    }
    if problem.contains("cannot start any token") { return "quote the value, for example \"#FB3159\" or \"@name\"" }
    return "fix the YAML syntax here"
  }
}
