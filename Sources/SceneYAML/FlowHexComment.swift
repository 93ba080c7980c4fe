import SceneDiagnostics

/// Finds the unquoted hex colour behind a libyaml syntax error in a flow collection (`[red, #FB3159]`,
/// `{fillColor: #FB3159}`): YAML reads it as a comment, which swallows the rest of the line and its brackets.
enum FlowHexComment {
  /// A `#` plus 3–8 hex digits that opens a flow item or value (right after `[`, `{`, `,` or `: `, spaces
  /// allowed) between two offsets: a colour YAML took for a comment inside a flow collection. libyaml starts a
  /// comment at a `#` wherever a token may start, so `[#FB3159` is a comment too.
  static func find(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
    colour: Span, inMapping: Bool
  )? {
    var index = max(1, start)
    let limit = min(end, bytes.count - 1)
    while index <= limit {
      if bytes[index] == UInt8(ascii: "#") {
        var back = index - 1
        while back >= 0, bytes[back] == 0x20 || bytes[back] == 0x09 { back -= 1 }
        let opensItem =
          back >= 0
          && ([UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(bytes[back])
            || (bytes[back] == UInt8(ascii: ":") && back < index - 1))
        if opensItem {
          var digits = index + 1
          while digits < bytes.count, isHex(bytes[digits]) { digits += 1 }
          if [3, 4, 6, 8].contains(digits - index - 1) {
            return (Span(start: index, end: digits), enclosingOpener(in: bytes, before: back) == UInt8(ascii: "{"))
          }
        }
      }
      index += 1
    }
    return nil
  }

  /// The nearest `[` or `{` before `offset` that is not closed before it (looking back at most 4 KiB).
  static func enclosingOpener(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> UInt8? {
    var depth = 0
    var index = offset
    while index >= 0, offset - index < 4096 {
      switch bytes[index] {
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if depth == 0 { return bytes[index] }
        depth -= 1
      default: break
      }
      index -= 1
    }
    return nil
  }

  static func isHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}

extension FlowHexComment {
  /// The hex colours that start a comment inside the flow collection `span` without breaking it: a list written
  /// over several lines, where the comment ends at the line's end and the list goes on without the colour
  /// (`[red,⏎ #FF3B30,⏎ blue]` is `[red, blue]`). `quoted` are the quoted scalars inside, in order, whose text
  /// may hold ` #` freely.
  static func swallowed(in bytes: UnsafeBufferPointer<UInt8>, span: Span, quoted: [Span]) -> [Span] {
    var found: [Span] = []
    var next = 0
    var index = max(1, span.start)
    let end = min(span.end, bytes.count)
    while index < end {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "#") else { continue }
      while next < quoted.count, quoted[next].end <= index { next += 1 }
      if next < quoted.count, quoted[next].start <= index { continue }
      let before = bytes[index - 1]
      guard [0x20, 0x09, 0x0A, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(before) else {
        continue
      }
      // A comment starts here: whatever follows on the line is comment text, never another colour.
      defer { while index + 1 < end, bytes[index + 1] != 0x0A { index += 1 } }
      var digits = index + 1
      while digits < bytes.count, isHex(bytes[digits]) { digits += 1 }
      let after = digits < bytes.count ? bytes[digits] : 0x0A
      guard [3, 4, 6, 8].contains(digits - index - 1),
        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(after)
      else { continue }
      found.append(Span(start: index, end: digits))
    }
    return found
  }
}
