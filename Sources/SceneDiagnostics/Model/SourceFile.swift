#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Indices (0-based, ascending) of the lines holding a byte ≥ 0x80. On the other lines a column is the byte
  /// distance from the line's start, in O(1): walking the line made every location on one long line (a deep flow
  /// collection written on one line, the nesting row) cost the line's length, quadratic in all.
  let nonASCIILines: [Int]

  public init(path: String, bytes: [UInt8]) {
    self.init(path: path, bytes: bytes, indexingLinesIn: bytes.count)
  }

  /// A file whose lines are indexed only as far as the line that holds byte `prefix`: every later byte counts as
  /// part of the line after it. For an input that is only reported at its start (one over the size limit, E0111),
  /// whose line table would otherwise cost 8 bytes a line, many times the input for short lines.
  public init(path: String, bytes: [UInt8], indexingLinesIn prefix: Int) {
    self.path = path
    self.bytes = bytes
    let byteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var starts = [byteOrderMark ? 3 : 0]
    // memchr, not a byte loop: an input at the 64 MiB limit is one scan of well under a second, even unoptimised.
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      // The lines counted first (a second memchr pass, ~1 ms for 20 MB) so the table is allocated once: grown by
      // doubling, a 20 MB spec's 5 MB table was copied through fresh pages four times (1,800 page faults).
      func forEachLineStart(_ body: (Int) -> Void) {
        var offset = 0
        while offset <= prefix, offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
          offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
          body(offset)
        }
      }
      var lines = 0
      forEachLineStart { _ in lines += 1 }
      starts.reserveCapacity(lines + 1)
      forEachLineStart { starts.append($0) }
    }
    self.lineStarts = starts
    var nonASCII: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        // Eight bytes at a time, even unoptimised, until a word holds a high byte.
        if offset + 8 <= buffer.count,
          UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          offset += 8
          continue
        }
        guard base[offset] >= 0x80 else {
          offset += 1
          continue
        }
        let line = Self.lineIndex(of: offset, in: starts)
        nonASCII.append(line)
        offset = line + 1 < starts.count ? starts[line + 1] : buffer.count
      }
    }
    self.nonASCIILines = nonASCII
  }

  /// The 0-based line of a byte offset: the last line start at or before it (the first line for offsets before
  /// it, such as a byte-order mark).
  static func lineIndex(of offset: Int, in lineStarts: [Int]) -> Int {
    lineIndex(of: offset, in: lineStarts, between: 0, and: lineStarts.count - 1)
  }

  /// The binary search of `lineIndex(of:in:)` within lines `low ... high`, where the answer lies.
  private static func lineIndex(of offset: Int, in lineStarts: [Int], between low: Int, and high: Int) -> Int {
    var low = low
    var high = high
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// 1-based line and column of a byte offset. Columns count Unicode scalars, as editors do, so a caret
  /// lands under the right character after Chinese text; invalid UTF-8 counts one column per byte.
  public func location(of offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    return location(of: clamped, onLine: Self.lineIndex(of: clamped, in: lineStarts))
  }

  /// `location(of:)` for offsets that mostly ascend, such as a source map's spans in document order. `line` is the
  /// 0-based line of the previous offset (0 at first) and is updated: the search gallops forward from it, about
  /// one step per offset, where a binary search of a large spec's line table takes some twenty, most of them
  /// cache misses. An offset before `line` takes the binary search.
  public func location(of offset: Int, searchingFrom line: inout Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    line = Self.lineIndex(of: clamped, in: lineStarts, from: line)
    return location(of: clamped, onLine: line)
  }

  private func location(of clamped: Int, onLine low: Int) -> SourceLocation {
    let lineStart = lineStarts[low]
    if !Self.containsSorted(nonASCIILines, low) {
      return SourceLocation(line: low + 1, column: max(0, clamped - lineStart) + 1, offset: clamped)
    }
    var column = 1
    var index = lineStart
    while index < clamped {
      index += Self.scalarLength(lead: bytes[index])
      column += 1
    }
    return SourceLocation(line: low + 1, column: column, offset: clamped)
  }

  /// `lineIndex(of:in:)`, galloping forward from line `start` when the offset lies on or after it.
  static func lineIndex(of offset: Int, in lineStarts: [Int], from start: Int) -> Int {
    guard start >= 0, start < lineStarts.count, lineStarts[start] <= offset else {
      return lineIndex(of: offset, in: lineStarts)
    }
    // lineStarts[low] <= offset throughout; the answer lies in low ... high.
    var low = start
    var step = 1
    var high = lineStarts.count - 1
    while low + step <= high {
      if lineStarts[low + step] > offset {
        high = low + step - 1
        break
      }
      low += step
      step *= 2
    }
    return lineIndex(of: offset, in: lineStarts, between: low, and: high)
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

  static func containsSorted(_ values: [Int], _ value: Int) -> Bool {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < values.count && values[low] == value
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
