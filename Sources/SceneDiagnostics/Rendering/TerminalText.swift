/// How text lands in terminal cells, so that a caret line can be built under a quoted source line.
///
/// Both lines go through the same transformation: a tab becomes four spaces (a fixed width rather than tab stops,
/// so the width of a piece of a line does not depend on what precedes it), the characters `PrintableText` escapes
/// become U+FFFD, one cell (a spec file must not be able to send escape sequences to the reader's terminal, reorder
/// the line, or start a CI workflow command with `##[`), and East Asian wide characters count two cells.
enum TerminalText {
  static let tabWidth = 4

  /// `text` as it is printed: tabs expanded, unsafe characters and the `[` of `##[` replaced (the same width).
  static func displayed(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    result.unicodeScalars.reserveCapacity(scalars.count)
    for index in scalars.indices {
      if scalars[index] == "\t" {
        result.append(String(repeating: " ", count: tabWidth))
      } else if PrintableText.escapes(at: index, in: scalars) {
        result.unicodeScalars.append("\u{FFFD}")
      } else {
        result.unicodeScalars.append(scalars[index])
      }
    }
    return result
  }

  /// Cells that `displayed(text)` occupies.
  static func width(of text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + (scalar == "\t" ? tabWidth : PrintableText.isUnsafe(scalar) ? 1 : cellWidth(of: scalar))
    }
  }

  /// 0 for combining characters, 2 for East Asian wide and fullwidth characters and emoji, else 1.
  static func cellWidth(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    default: break
    }
    if wideRanges.contains(where: { $0.contains(value) }) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The East Asian Width "W" and "F" blocks that matter in practice: Hangul, CJK ideographs and punctuation, kana,
  /// Yi, compatibility and fullwidth forms, and the supplementary ideograph planes.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
