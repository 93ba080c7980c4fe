/// A spec's text as read from disk, with a line table for turning byte offsets into lines and columns.
///
/// Spans store byte offsets only (two integers), so a 20 MB spec's located nodes stay small; lines and
/// columns are computed when a diagnostic is rendered.
public struct SourceFile: Sendable {
  /// The path as the user gave it, used verbatim in `FILE:LINE:COL`.
  public let path: String
  public let bytes: [UInt8]
  /// Byte offset of the first byte of each line. The first line starts after a UTF-8 byte-order mark, which
  /// is no character of the text: columns and printed lines leave it out.
  public let lineStarts: [Int]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    let byteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var starts = [byteOrderMark ? 3 : 0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    self.lineStarts = starts
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// 1-based line and column of a byte offset. Columns count Unicode scalars, as editors do, so a caret
  /// lands under the right character after Chinese text; invalid UTF-8 counts one column per byte.
  public func location(of offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let lineStart = lineStarts[low]
    var column = 1
    var index = lineStart
    while index < clamped {
      index += Self.scalarLength(lead: bytes[index])
      column += 1
    }
    return SourceLocation(line: low + 1, column: column, offset: clamped)
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The source text a span covers.
  public func text(of span: Span) -> String {
    let start = max(0, min(span.start, bytes.count))
    let end = max(start, min(span.end, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  static func scalarLength(lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}

/// A 1-based line and column, and the byte offset they came from.
public struct SourceLocation: Sendable, Hashable, Comparable {
  public let line: Int
  public let column: Int
  public let offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
