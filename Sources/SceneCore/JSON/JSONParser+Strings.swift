extension JSONParser.Cursor {
  /// A string starting at the opening quote. Raw bytes are copied through after checking that they are
  /// well-formed UTF-8 (shortest form, no surrogates), so the resulting String never hides a replacement character.
  mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    index += 1
    // Most strings (every key of a plan) are plain ASCII: they become a String straight from the input bytes.
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
      index += 1
    }
    if peek() == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<index - 1]), as: UTF8.self)
    }
    var utf8 = Array(bytes[start + 1..<index])
    while true {
      guard let byte = current else { throw error("unterminated string", at: start) }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        appendUTF8(try parseEscape(), to: &utf8)
      case 0x00..<0x20:
        throw error("a control character must be escaped in a string (as \\u00XX)")
      case 0x20..<0x80:
        utf8.append(byte)
        index += 1
      default:
        let length = try validatedSequenceLength()
        utf8.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
  }

  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard let letter = current else { throw error("unterminated escape", at: start) }
    index += 1
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): break
    default: throw error("invalid escape '\\\(Character(Unicode.Scalar(letter)))'", at: start)
    }
    let unit = try parseHexQuad(escapeStart: start)
    switch unit {
    case 0xD800...0xDBFF:
      let lowStart = index
      guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
        throw error("a high surrogate escape must be followed by a low surrogate escape", at: start)
      }
      index += 2
      let low = try parseHexQuad(escapeStart: lowStart)
      guard (0xDC00...0xDFFF).contains(low) else {
        throw error("a high surrogate escape must be followed by a low surrogate escape", at: start)
      }
      return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
    case 0xDC00...0xDFFF:
      throw error("a low surrogate escape without a high surrogate before it", at: start)
    default:
      return Unicode.Scalar(unit)!
    }
  }

  private mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else {
        throw error("expected four hex digits after '\\u'", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// The length of the well-formed multi-byte UTF-8 sequence at `index` (Unicode table 3-7), or an error.
  private func validatedSequenceLength() throws(JSONParseError) -> Int {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, secondRange) = (3, 0x80...0x9F)
    case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
    default: throw error("invalid UTF-8")
    }
    guard index + length <= bytes.count else { throw error("invalid UTF-8") }
    guard secondRange.contains(bytes[index + 1]) else { throw error("invalid UTF-8") }
    for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
      throw error("invalid UTF-8")
    }
    return length
  }

  private func appendUTF8(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
    utf8.append(contentsOf: UTF8.encode(scalar)!)
  }
}
