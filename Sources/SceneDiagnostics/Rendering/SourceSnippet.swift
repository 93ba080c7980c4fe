/// A quoted source line and where its caret goes, measured in terminal cells.
///
/// A span that runs over several lines is underlined from its start to the end of its first line; a zero-width
/// span (a missing key, the end of a line) still gets one caret, at the place it points to.
struct SourceSnippet: Hashable {
  let lineNumber: Int
  /// The line as printed (see `TerminalText.displayed`), without its line break.
  let text: String
  /// Cells before the first caret.
  let caretOffset: Int
  /// At least 1.
  let caretWidth: Int

  init(_ span: Span, in source: SourceFile) {
    let start = max(0, min(span.start, source.bytes.count))
    let line = source.location(of: start).line
    let lineStart = source.lineStarts[line - 1]
    var contentEnd = line < source.lineStarts.count ? source.lineStarts[line] : source.bytes.count
    while contentEnd > lineStart,
      source.bytes[contentEnd - 1] == UInt8(ascii: "\n") || source.bytes[contentEnd - 1] == UInt8(ascii: "\r")
    {
      contentEnd -= 1
    }
    // Measured piece by piece from bytes, not from columns, so that the caret agrees with the printed line even
    // when the line holds tabs, wide characters or invalid UTF-8.
    let underlineStart = min(start, contentEnd)
    let underlineEnd = max(underlineStart, min(span.end, contentEnd))
    let prefix = String(decoding: source.bytes[lineStart..<underlineStart], as: UTF8.self)
    let underlined = String(decoding: source.bytes[underlineStart..<underlineEnd], as: UTF8.self)
    lineNumber = line
    text = TerminalText.displayed(source.lineText(line))
    caretOffset = TerminalText.width(of: prefix)
    caretWidth = max(1, TerminalText.width(of: underlined))
  }
}
