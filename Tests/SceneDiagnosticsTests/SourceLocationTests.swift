import Testing

@testable import SceneDiagnostics

/// Columns on ASCII lines come from the byte distance, on other lines from a walk over the scalars: both must give
/// what a walk from the line's start gives everywhere.
@Suite struct SourceLocationTests {
  /// The column by walking the line's scalars (one column per invalid byte), the definition the fast path keeps.
  static func walkedColumn(_ bytes: [UInt8], lineStart: Int, offset: Int) -> Int {
    var column = 1
    var index = lineStart
    while index < offset {
      index += SourceFile.scalarLength(lead: bytes[index])
      column += 1
    }
    return column
  }

  @Test func everyOffsetMatchesTheWalk() {
    let texts = [
      "scene: a\nsize: [1, 1]\n", "a: 按住拍\nb: [x, \"y\"]\nc: plain ASCII after\n", "\u{FEFF}a: 1\nb: é\n",
      String(repeating: "{id: n, s: [", count: 40) + "x" + String(repeating: "]}", count: 40) + "\n# é\nz: 1",
    ]
    for text in texts {
      let source = SourceFile(path: "l.yaml", text: text)
      for offset in 0...source.bytes.count {
        let location = source.location(of: offset)
        let line = SourceFile.lineIndex(of: offset, in: source.lineStarts)
        #expect(location.line == line + 1)
        #expect(
          location.column == Self.walkedColumn(source.bytes, lineStart: source.lineStarts[line], offset: offset),
          "offset \(offset) of \(text.debugDescription)")
      }
    }
    var invalid = Array("ok: 1\nbad: ".utf8) + [0xFF, 0xFE] + Array(" x\n".utf8)
    invalid += Array(repeating: UInt8(ascii: "a"), count: 20)
    let source = SourceFile(path: "b.yaml", bytes: invalid)
    #expect(source.nonASCIILines == [1])
    #expect(source.location(of: invalid.count - 1).column == 20)
    #expect(source.location(of: 14).column == 9)
  }
}
