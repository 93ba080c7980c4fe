/// A strict RFC 8259 parser: exactly one value, optionally surrounded by whitespace, and nothing the RFC leaves
/// out (no comments, trailing commas, single quotes, `NaN`, leading zeros, byte order mark or invalid UTF-8).
///
/// Plans and samples are read back by other programs and by tests, so anything this accepts must be something
/// every other JSON reader accepts too. Nesting is limited (`maxDepth`) because the parser recurses: a hostile file
/// of a million `[` must end in an error, not a stack overflow.
///
/// Duplicate keys are kept, in order, as the document wrote them; `JSONValue[key]` returns the last one.
public enum JSONParser {
  public static let defaultMaxDepth = 512

  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONParseError(offset: 0, message: "a byte order mark is not allowed before JSON text")
    }
    return try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
      var cursor = Cursor(bytes: buffer, maxDepth: maxDepth)
      var pending = PendingContainers()
      cursor.skipWhitespace()
      let value = try cursor.parseValue(&pending)
      cursor.skipWhitespace()
      if cursor.index < buffer.count {
        throw cursor.error("unexpected \(cursor.describeCurrent()) after the JSON value")
      }
      return value
    }
  }

  /// The items and members of the containers being read, innermost last: each container is copied out at its
  /// exact size when it closes, instead of growing an array of its own by doubling.
  struct PendingContainers {
    var items: [JSONValue] = []
    var members: [(String, JSONValue)] = []
  }

  /// Reads over the bytes through a pointer and holds nothing reference-counted: plans are hundreds of megabytes,
  /// and in an unoptimised build (which `swift test` runs) every copy of a cursor holding arrays would retain them.
  struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
      self.bytes = bytes
      self.maxDepth = maxDepth
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte at `index`, or 0 past the end (0 is never valid where this is asked, and the caller checks the
    /// end before saying what it found).
    mutating func peek() -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
      JSONParseError(offset: offset ?? index, message: message)
    }

    /// "end of input", "'x'" or "byte 0xFF", for messages about what was found instead.
    func describeCurrent() -> String {
      guard let byte = current else { return "end of input" }
      if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
      return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        index += 1
      }
    }

    mutating func parseValue(_ pending: inout PendingContainers) throws(JSONParseError) -> JSONValue {
      guard index < bytes.count else { throw error("expected a value, found end of input") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try parseObject(&pending)
      case UInt8(ascii: "["): return try parseArray(&pending)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
      case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
      case UInt8(ascii: "n"): return try parseLiteral("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
      default: throw error("expected a value, found \(describeCurrent())")
      }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
      let start = index
      let letters = word.utf8Start
      for offset in 0..<word.utf8CodeUnitCount {
        guard peek() == letters[offset] else { throw error("expected '\(word)'", at: start) }
        index += 1
      }
      return value
    }

    private mutating func enterContainer() throws(JSONParseError) {
      depth += 1
      if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      index += 1
    }

    private mutating func parseArray(_ pending: inout PendingContainers) throws(JSONParseError) -> JSONValue {
      try enterContainer()
      defer { depth -= 1 }
      skipWhitespace()
      if peek() == UInt8(ascii: "]") {
        index += 1
        return .array([])
      }
      let first = pending.items.count
      defer { pending.items.removeSubrange(first...) }
      while true {
        skipWhitespace()
        let item = try parseValue(&pending)
        pending.items.append(item)
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .array(Array(pending.items[first...]))
        default: throw error("expected ',' or ']' after an array item, found \(describeCurrent())")
        }
      }
    }

    private mutating func parseObject(_ pending: inout PendingContainers) throws(JSONParseError) -> JSONValue {
      try enterContainer()
      defer { depth -= 1 }
      skipWhitespace()
      if peek() == UInt8(ascii: "}") {
        index += 1
        return .object([])
      }
      let first = pending.members.count
      defer { pending.members.removeSubrange(first...) }
      while true {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
          throw error("expected a string key in double quotes, found \(describeCurrent())")
        }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          throw error("expected ':' after an object key, found \(describeCurrent())")
        }
        index += 1
        skipWhitespace()
        let value = try parseValue(&pending)
        pending.members.append((key, value))
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return .object(Array(pending.members[first...]))
        default: throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
      }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here because `Double(String)` also
    /// accepts forms JSON does not (`+1`, `.5`, `1.`, `0x10`, `inf`).
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
      let start = index
      let negative = peek() == UInt8(ascii: "-")
      if negative { index += 1 }
      var digits = DecimalDigits()
      if peek() == UInt8(ascii: "0") {
        index += 1
        if Self.isDigit(peek()) { throw error("a number must not have leading zeros", at: start) }
      } else {
        try skipDigits(after: "'-'", into: &digits)
      }
      if peek() == UInt8(ascii: ".") {
        index += 1
        let integerDigits = digits.count
        try skipDigits(after: "a decimal point", into: &digits)
        digits.exponent -= digits.count - integerDigits
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        index += 1
        let exponentNegative = peek() == UInt8(ascii: "-")
        if peek() == UInt8(ascii: "+") || exponentNegative { index += 1 }
        var written = DecimalDigits()
        try skipDigits(after: "an exponent", into: &written)
        // A written exponent this large is far outside the fast path, which then steps aside.
        let magnitude = written.exact && written.mantissa < 1 << 20 ? Int(written.mantissa) : 1 << 20
        digits.exponent += exponentNegative ? -magnitude : magnitude
      }
      if let fast = digits.exactValue { return .number(negative ? -fast : fast) }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      guard let number = Double(text), number.isFinite else {
        throw error("the number \(text) is too large for a 64-bit float", at: start)
      }
      return .number(number)
    }

    private mutating func skipDigits(after what: String, into digits: inout DecimalDigits) throws(JSONParseError) {
      guard Self.isDigit(peek()) else { throw error("expected a digit after \(what)") }
      while index < bytes.count, Self.isDigit(bytes[index]) {
        digits.append(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  }
}
