import SceneCore

/// The lexical level of SVG path data: whitespace, commas, numbers and flags, over the string's UTF-8 bytes so that
/// every position is a byte offset.
struct SVGPathScanner {
  let bytes: [UInt8]
  private(set) var offset = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  var isAtEnd: Bool { offset >= bytes.count }
  var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func advance() { offset += 1 }

  /// SVG's wsp: space, tab, line feed, form feed, carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// A byte that can begin a number: a digit, a sign or a decimal point.
  static func startsNumber(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  mutating func skipWhitespace() {
    while let byte = current, Self.isWhitespace(byte) { advance() }
  }

  /// Skips SVG's comma-wsp between two parameters: whitespace, at most one comma, whitespace.
  /// Returns whether a comma was skipped (a comma must then be followed by another parameter).
  @discardableResult
  mutating func skipParameterSeparator() -> Bool {
    skipWhitespace()
    guard current == UInt8(ascii: ",") else { return false }
    advance()
    skipWhitespace()
    return true
  }

  /// Whether a number begins here, looking past a sign and a point for a digit (so a lone `-` or `.` does not).
  var isAtNumber: Bool {
    var index = offset
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
    return index < bytes.count && Self.isDigit(bytes[index])
  }

  /// Reads a number — sign? (digits (. digits?)? | . digits) (e sign? digits)? — or returns nil without moving.
  /// The exponent is only taken when digits follow it, so in `2e` the `e` is left for the caller to reject.
  mutating func scanNumber() -> Double? {
    guard isAtNumber else { return nil }
    let start = offset
    if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
    while let byte = current, Self.isDigit(byte) { advance() }
    if current == UInt8(ascii: ".") {
      advance()
      while let byte = current, Self.isDigit(byte) { advance() }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      var index = offset + 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      if index < bytes.count, Self.isDigit(bytes[index]) {
        offset = index
        while let byte = current, Self.isDigit(byte) { advance() }
      }
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    return Double(text)
  }

  /// Reads an arc flag: exactly one `0` or `1`.
  mutating func scanFlag() -> Bool? {
    switch current {
    case UInt8(ascii: "0"):
      advance()
      return false
    case UInt8(ascii: "1"):
      advance()
      return true
    default: return nil
    }
  }

  /// The character starting at the current offset, for messages (a whole scalar even when it is several bytes).
  var currentCharacter: String {
    guard offset < bytes.count else { return "" }
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }
}
