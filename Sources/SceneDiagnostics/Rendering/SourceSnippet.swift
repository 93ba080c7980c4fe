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

  /// Lines longer than this many bytes are shown as a window of this size.
  static let maxLineBytes = 160
  /// Bytes of context kept before the span in such a window.
  static let context = 40

  /// The first offset at or after `offset` that starts a UTF-8 scalar.
  static func scalarBoundary(_ offset: Int, in bytes: [UInt8], limit: Int) -> Int {
    var index = offset
    while index < limit, bytes[index] & 0xC0 == 0x80 { index += 1 }
    return index
  }

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
    // A very long line (minified YAML, a 5 MB key) is shown as a window around the span, so one diagnostic never
    // prints megabytes.
    var windowStart = lineStart
    var windowEnd = contentEnd
    if contentEnd - lineStart > Self.maxLineBytes {
      windowStart = Self.scalarBoundary(
        max(lineStart, min(start, contentEnd) - Self.context), in: source.bytes, limit: contentEnd)
      windowEnd = Self.scalarBoundary(
        min(contentEnd, windowStart + Self.maxLineBytes), in: source.bytes, limit: contentEnd)
    }
    // Measured piece by piece from bytes, not from columns, so that the caret agrees with the printed line even
    // when the line holds tabs, wide characters or invalid UTF-8.
    let underlineStart = min(max(start, windowStart), windowEnd)
    let underlineEnd = max(underlineStart, min(span.end, windowEnd))
    let lead = windowStart > lineStart ? "…" : ""
    let trail = windowEnd < contentEnd ? "…" : ""
    let prefix = lead + String(decoding: source.bytes[windowStart..<underlineStart], as: UTF8.self)
    let underlined = String(decoding: source.bytes[underlineStart..<underlineEnd], as: UTF8.self)
    lineNumber = line
    let shown = String(decoding: source.bytes[windowStart..<windowEnd], as: UTF8.self)
    text = TerminalText.displayed(lead + shown + trail)
    caretOffset = TerminalText.width(of: prefix)
    caretWidth = max(1, TerminalText.width(of: underlined))
  }
}
