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
    var cursor = Cursor(bytes: bytes, maxDepth: maxDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONParseError(offset: 0, message: "a byte order mark is not allowed before JSON text")
    }
    cursor.skipWhitespace()
    let value = try cursor.parseValue()
    cursor.skipWhitespace()
    if cursor.index < bytes.count { throw cursor.error("unexpected \(cursor.describeCurrent()) after the JSON value") }
    return value
  }

  struct Cursor {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
      self.bytes = bytes
      self.maxDepth = maxDepth
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

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
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
      guard let byte = current else { throw error("expected a value, found end of input") }
      switch byte {
      case UInt8(ascii: "{"): return try parseObject()
      case UInt8(ascii: "["): return try parseArray()
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
      case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
      case UInt8(ascii: "n"): return try parseLiteral("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
      default: throw error("expected a value, found \(describeCurrent())")
      }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
      let start = index
      for expected in word.utf8 {
        guard current == expected else { throw error("expected '\(word)'", at: start) }
        index += 1
      }
      return value
    }

    private mutating func enterContainer() throws(JSONParseError) {
      depth += 1
      if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      index += 1
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
      try enterContainer()
      defer { depth -= 1 }
      var items: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      while true {
        skipWhitespace()
        items.append(try parseValue())
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .array(items)
        default: throw error("expected ',' or ']' after an array item, found \(describeCurrent())")
        }
      }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
      try enterContainer()
      defer { depth -= 1 }
      var members: [(String, JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
          throw error("expected a string key in double quotes, found \(describeCurrent())")
        }
        let key = try parseString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
          throw error("expected ':' after an object key, found \(describeCurrent())")
        }
        index += 1
        skipWhitespace()
        members.append((key, try parseValue()))
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return .object(members)
        default: throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
      }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here because `Double(String)` also
    /// accepts forms JSON does not (`+1`, `.5`, `1.`, `0x10`, `inf`).
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      if current == UInt8(ascii: "0") {
        index += 1
        if let next = current, isDigit(next) { throw error("a number must not have leading zeros", at: start) }
      } else {
        try skipDigits(after: "'-'")
      }
      if current == UInt8(ascii: ".") {
        index += 1
        try skipDigits(after: "a decimal point")
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        try skipDigits(after: "an exponent")
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let number = Double(text), number.isFinite else {
        throw error("the number \(text) is too large for a 64-bit float", at: start)
      }
      return .number(number)
    }

    private mutating func skipDigits(after what: String) throws(JSONParseError) {
      guard let first = current, isDigit(first) else { throw error("expected a digit after \(what)") }
      while let byte = current, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  }
}
