internal import CYAML

/// Reads deeply nested flow collections (`{id: a, sublayers: [{id: b, sublayers: [...]}]}`) without libyaml.
///
/// libyaml keeps a possible simple key per open flow level and checks all of them on every token
/// (`yaml_parser_stale_simple_keys`), so its parse of a collection nested n levels deep costs n²: at 960 levels
/// of sublayers, 80 % of a whole `lint` and `compile`. The default depth limit (128) bounds that, so this scanner
/// runs only when the limit is raised (`TreeBuilder`), and only on a collection it can read exactly as libyaml
/// does: single-line plain scalars of printable ASCII without `:` or `#` inside, quoted scalars on one line
/// without escapes or inner quotes, `key: value` pairs with a scalar key, comments and line breaks between
/// tokens. Anything else (trailing commas, empty values, tags, tabs, non-ASCII text, an error) leaves the
/// collection to libyaml. The reader then hands libyaml a copy of the file in which the collection is a one-byte
/// plain scalar `~` followed by spaces (line breaks kept, so every later mark stays where it was) and puts these
/// events in its place; it falls back to reading the original bytes whenever libyaml does not report that scalar
/// exactly where the collection began.
struct DeepFlowScanner {
  /// Collections nested less deep than this stay with libyaml, whose cost per token is then small.
  static let minimumDepth = 64

  struct Event {
    enum Kind: UInt8 {
      case plain, singleQuoted, doubleQuoted, sequenceStart, mappingStart, end
    }

    var kind: Kind
    /// Byte offsets: a scalar's token (quotes included), an opening or closing bracket.
    var start: Int
    var end: Int
  }

  /// One outermost collection read here: its bytes and the events libyaml would give for it.
  struct Region {
    var start: Int
    var end: Int
    var events: [Event]
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private(set) var events: [Event] = []
  private var stack: [UInt8] = []
  private(set) var deepest = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// The outermost flow collections nested at least `minimumDepth` deep that this scanner reads, in order. A
  /// candidate starts a line after `- ` items and an optional plain `key: `, and ends its line (spaces and a
  /// comment may follow): a collection that starts a line on its own could be a block mapping's required key.
  static func regions(in bytes: UnsafeBufferPointer<UInt8>) -> [Region] {
    var regions: [Region] = []
    var lineStart = 0
    while lineStart < bytes.count {
      let lineEnd = Self.lineEnd(bytes, from: lineStart)
      if let start = candidate(bytes, lineStart: lineStart, lineEnd: lineEnd) {
        var scanner = DeepFlowScanner(bytes: bytes, position: start)
        if let end = scanner.collection(), scanner.deepest >= minimumDepth, endsLine(bytes, at: end) {
          regions.append(Region(start: start, end: end, events: scanner.events))
          lineStart = Self.lineEnd(bytes, from: end) + 1
          continue
        }
      }
      lineStart = lineEnd + 1
    }
    return regions
  }

  private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, 0x0A, bytes.count - start)
    else { return bytes.count }
    return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
  }

  private static func candidate(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, lineEnd: Int) -> Int? {
    var at = lineStart
    func skipSpaces() { while at < lineEnd, bytes[at] == 0x20 { at += 1 } }
    skipSpaces()
    var prefixed = false
    while at + 1 < lineEnd, bytes[at] == UInt8(ascii: "-"), bytes[at + 1] == 0x20 {
      at += 2
      prefixed = true
      skipSpaces()
    }
    var keyEnd = at
    while keyEnd < lineEnd, isKeyByte(bytes[keyEnd]) { keyEnd += 1 }
    if keyEnd > at, keyEnd + 1 < lineEnd, bytes[keyEnd] == UInt8(ascii: ":"), bytes[keyEnd + 1] == 0x20 {
      at = keyEnd + 2
      prefixed = true
      skipSpaces()
    }
    guard prefixed, at < lineEnd, bytes[at] == UInt8(ascii: "[") || bytes[at] == UInt8(ascii: "{") else { return nil }
    return at
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."):
      return true
    default: return false
    }
  }

  /// Whether only spaces, and then a comment, follow `end` on its line.
  private static func endsLine(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
    var at = end
    while at < bytes.count, bytes[at] == 0x20 { at += 1 }
    guard at < bytes.count else { return true }
    return bytes[at] == 0x0A || (bytes[at] == UInt8(ascii: "#") && at > end)
  }

  private enum State {
    /// Just after `[` or `{`: an item, a key, or the closing bracket.
    case opened
    /// After `,`: an item or a key (no trailing comma).
    case separated
    /// After `key:`: the value.
    case keyed
    /// After an item or a value: `,` or the closing bracket.
    case done
  }

  /// Reads the collection at `position`; returns the offset after its closing bracket, or nil to leave it to
  /// libyaml. Iterative, so depth costs no stack.
  private mutating func collection() -> Int? {
    guard open() else { return nil }
    var state = State.opened
    while true {
      guard skipSeparation(), position < bytes.count, let top = stack.last else { return nil }
      let byte = bytes[position]
      switch state {
      case .opened where byte == closing(top), .done where byte == closing(top):
        events.append(Event(kind: .end, start: position, end: position + 1))
        position += 1
        stack.removeLast()
        if stack.isEmpty { return position }
        state = .done
      case .done:
        guard byte == UInt8(ascii: ",") else { return nil }
        position += 1
        state = .separated
      case .opened, .separated:
        if top == UInt8(ascii: "{") {
          let keyStart = position
          guard scalar(), position + 1 < bytes.count, bytes[position] == UInt8(ascii: ":"),
            bytes[position + 1] == 0x20 || bytes[position + 1] == 0x0A, position - keyStart < 512
          else { return nil }
          position += 1
          state = .keyed
        } else {
          guard node(&state) else { return nil }
        }
      case .keyed:
        guard node(&state) else { return nil }
      }
    }
  }

  private func closing(_ opening: UInt8) -> UInt8 {
    opening == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
  }

  private mutating func node(_ state: inout State) -> Bool {
    let byte = bytes[position]
    if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
      guard open() else { return false }
      state = .opened
      return true
    }
    guard scalar() else { return false }
    state = .done
    return true
  }

  private mutating func open() -> Bool {
    let byte = bytes[position]
    events.append(
      Event(kind: byte == UInt8(ascii: "[") ? .sequenceStart : .mappingStart, start: position, end: position + 1))
    stack.append(byte)
    deepest = max(deepest, stack.count)
    position += 1
    return true
  }

  /// Spaces, line breaks and comments between tokens. A `#` must follow a space or a line break (libyaml reads
  /// one straight after a token as a comment too, but that is rare enough to leave to it).
  private mutating func skipSeparation() -> Bool {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A: position += 1
      case UInt8(ascii: "#"):
        guard bytes[position - 1] == 0x20 || bytes[position - 1] == 0x0A else { return false }
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
      default: return true
      }
    }
    return true
  }

  /// A scalar token at `position`, read only if libyaml reads it the same way (see the type's comment).
  private mutating func scalar() -> Bool {
    let start = position
    let first = bytes[start]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      var at = start + 1
      while at < bytes.count, bytes[at] != first {
        guard bytes[at] >= 0x20, bytes[at] < 0x7F, bytes[at] != UInt8(ascii: "\\") else { return false }
        at += 1
      }
      guard at < bytes.count else { return false }
      at += 1
      // `''` inside single quotes is an escaped quote.
      if first == UInt8(ascii: "'"), at < bytes.count, bytes[at] == first { return false }
      events.append(Event(kind: first == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted, start: start, end: at))
      position = at
      return true
    }
    // `---` and `...` at the start of a line end the document even inside a flow collection.
    let atLineStart = start == 0 || bytes[start - 1] == 0x0A
    guard Self.isPlainStart(first, next: start + 1 < bytes.count ? bytes[start + 1] : 0),
      !(atLineStart && (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")))
    else { return false }
    var end = start + 1  // after the last byte that is not a space
    var at = start + 1
    scan: while true {
      guard at < bytes.count else { return false }
      let byte = bytes[at]
      if byte == 0x20 {
        at += 1
      } else if byte > 0x20, byte < 0x7F, !Self.endsPlain(byte) {
        at += 1
        end = at
      } else {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): break scan
        case UInt8(ascii: ":"):
          guard at + 1 < bytes.count, bytes[at + 1] == 0x20 || bytes[at + 1] == 0x0A else { return false }
          break scan
        case UInt8(ascii: "#"):
          guard bytes[at - 1] == 0x20 else { return false }
          break scan
        case 0x0A:
          // A plain scalar goes on over a line break unless what follows ends it: a multi-line scalar is folded,
          // which this scanner does not do.
          var next = at
          while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A { next += 1 }
          guard next < bytes.count,
            [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#")].contains(bytes[next])
          else { return false }
          break scan
        default: return false
        }
      }
    }
    events.append(Event(kind: .plain, start: start, end: end))
    position = end
    return true
  }

  private static func isPlainStart(_ byte: UInt8, next: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: "$"), UInt8(ascii: "/"):
      return true
    case UInt8(ascii: "-"): return isKeyByte(next) && next != UInt8(ascii: "_")
    default: return false
    }
  }

  /// The printable bytes a plain scalar in a flow collection does not hold as this scanner reads it.
  private static func endsPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "#"), UInt8(ascii: ":"):
      return true
    default: return false
    }
  }
}
