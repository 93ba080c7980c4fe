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
      // Line feeds next to each other and to vertical tabs (0x0B, one bit from a line feed), across the eight-byte
      // words the line table is scanned in.
      "\n\n\u{0B}\n\u{0B}\u{0B}\u{0B}\n" + String(repeating: "\n", count: 11) + "\u{0B}x\n\u{0B}\u{0B}\n\n",
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

  /// The source map's cursor search finds what `location(of:)` finds, for offsets that ascend, repeat, step back
  /// and run past the end, from every starting line.
  @Test func cursorSearchMatchesTheBinarySearch() {
    var text = ""
    var state: UInt64 = 0x5EED
    for index in 0..<400 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += String(repeating: index % 7 == 0 ? "é" : "x", count: Int(state >> 59)) + "\n"
    }
    let source = SourceFile(path: "c.yaml", text: text)
    var offsets: [Int] = []
    for index in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let step = Int(state >> 58)  // 0 ... 63
      let previous = offsets.last ?? 0
      // Mostly ascending, sometimes a repeat or a step back, now and then far out of range.
      offsets.append(index % 97 == 0 ? -5 : index % 89 == 0 ? source.bytes.count + 9 : max(0, previous + step - 8))
    }
    var line = 0
    for offset in offsets {
      let found = source.location(of: offset, searchingFrom: &line)
      #expect(found == source.location(of: offset), "offset \(offset)")
      #expect(line + 1 == found.line)
    }
    for start in [-1, 0, 1, 17, source.lineStarts.count - 1, source.lineStarts.count, source.lineStarts.count + 3] {
      for offset in stride(from: -2, through: source.bytes.count + 2, by: 3) {
        var from = start
        #expect(source.location(of: offset, searchingFrom: &from) == source.location(of: offset))
      }
    }
  }
}
