/// Writes a `JSONValue` as deterministic bytes: the same value gives the same text on every run and platform, so
/// plans, samples and reports can be compared byte for byte and kept as golden files.
///
/// - Members are written in the order the object holds them; nothing is sorted or deduplicated.
/// - Numbers use `NumberFormatting.shortest`: shortest round-trip digits, integers without `.0`, `-0` as `0`, no
///   exponent for magnitudes in [1e-6, 1e15).
/// - NaN and infinities have no JSON form. They are written `null` so that the output always parses, but callers
///   must not pass them: a `null` where a number belongs is a bug upstream, not a format.
/// - Strings are escaped as RFC 8259 requires and no further: `"` and `\`, control characters (`\n`, `\r`, `\t`,
///   `\b`, `\f`, otherwise `\u00XX` in lowercase hex), `/` left alone, non-ASCII kept as UTF-8.
public struct JSONWriter: Sendable, Hashable {
  public enum Style: Sendable, Hashable {
    /// No whitespace at all: `{"a":[1,2]}`.
    case compact
    /// Two-space indentation and `"key": value`; arrays of numbers, booleans and nulls stay on one line
    /// (`[0, 0, 80, 80]`), since rectangles and colours read better that way than one number per line.
    case pretty
  }

  public var style: Style

  public init(style: Style = .compact) {
    self.style = style
  }

  /// The text of `value`, without a trailing newline.
  public func string(from value: JSONValue) -> String {
    String(decoding: bytes(from: value), as: UTF8.self)
  }

  /// The UTF-8 bytes of `value`'s text, without a trailing newline. The writer appends bytes rather than Strings:
  /// a plan's JSON holds millions of numbers, and String appends (capacity checks, UTF-8 flags) cost more than
  /// formatting them.
  public func bytes(from value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    switch style {
    case .compact: Self.writeCompact(value, to: &output)
    case .pretty: Self.writePretty(value, depth: 0, to: &output)
    }
    return output
  }

  private static func writeCompact(_ value: JSONValue, to output: inout [UInt8]) {
    switch value {
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeCompact(item, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, item)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        writeCompact(item, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .null, .bool, .number, .string:
      writeScalar(value, to: &output)
    }
  }

  /// Appends `value` pretty-printed as if it stood at nesting depth `depth` of a larger document (its first line
  /// unindented, its closing bracket at `depth`), for writers that stream a document too large to build as one
  /// `JSONValue` (a plan's tracks, one at a time).
  public static func appendPretty(_ value: JSONValue, depth: Int, to output: inout [UInt8]) {
    writePretty(value, depth: depth, to: &output)
  }

  /// Appends `text` as a JSON string.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    writeString(text, to: &output)
  }

  /// Appends the pretty style's indentation for nesting depth `depth`.
  public static func appendIndent(_ depth: Int, to output: inout [UInt8]) {
    indent(depth, to: &output)
  }

  /// Appends a pretty object of `members` at nesting depth `depth`, as `appendPretty` would, but lets `writing`
  /// write a member's value itself: it returns true when it did, false to have the member's own value written. For
  /// documents whose large members are streamed rather than built (a plan's tracks, its machine's states).
  public static func appendPrettyObject(
    _ members: [(String, JSONValue)], depth: Int, to output: inout [UInt8],
    writing: (_ key: String, _ output: inout [UInt8]) -> Bool
  ) {
    guard !members.isEmpty else { return output.append(contentsOf: Bytes.emptyObject) }
    output.append(contentsOf: Bytes.openObject)
    for index in 0..<members.count {
      if index > 0 { output.append(contentsOf: Bytes.commaNewline) }
      indent(depth + 1, to: &output)
      writeString(members[index].0, to: &output)
      output.append(contentsOf: Bytes.colonSpace)
      if !writing(members[index].0, &output) { writePretty(members[index].1, depth: depth + 1, to: &output) }
    }
    output.append(UInt8(ascii: "\n"))
    indent(depth, to: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends a pretty array of `count` containers (objects, arrays or strings), each made by `element` only as it
  /// is written, as `appendPretty` writes the array built whole.
  public static func appendPrettyArray(
    count: Int, depth: Int, to output: inout [UInt8], element: (Int) -> JSONValue
  ) {
    writePrettyLines(count: count, depth: depth, to: &output) { index in
      let value = element(index)
      // A number, boolean or null could put the whole array on one line, which needs every element first.
      precondition(!value.staysInline, "one element per line: containers only")
      return value
    }
  }

  /// An array written one element per line (`[]` when empty).
  private static func writePrettyLines(
    count: Int, depth: Int, to output: inout [UInt8], element: (Int) -> JSONValue
  ) {
    guard count > 0 else { return output.append(contentsOf: Bytes.emptyArray) }
    output.append(contentsOf: Bytes.openArray)
    for index in 0..<count {
      if index > 0 { output.append(contentsOf: Bytes.commaNewline) }
      indent(depth + 1, to: &output)
      writePretty(element(index), depth: depth + 1, to: &output)
    }
    output.append(UInt8(ascii: "\n"))
    indent(depth, to: &output)
    output.append(UInt8(ascii: "]"))
  }

  private static func writePretty(_ value: JSONValue, depth: Int, to output: inout [UInt8]) {
    switch value {
    case .array(let items) where items.isEmpty:
      output.append(contentsOf: Bytes.emptyArray)
    case .array(let items) where items.allSatisfy({ $0.staysInline }):
      output.append(UInt8(ascii: "["))
      for index in 0..<items.count {
        if index > 0 { output.append(contentsOf: Bytes.commaSpace) }
        writeScalar(items[index], to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .array(let items):
      writePrettyLines(count: items.count, depth: depth, to: &output) { items[$0] }
    case .object(let members):
      appendPrettyObject(members, depth: depth, to: &output) { _, _ in false }
    case .null, .bool, .number, .string:
      writeScalar(value, to: &output)
    }
  }

  private static func writeScalar(_ value: JSONValue, to output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: Bytes.null)
    case .bool(let flag): output.append(contentsOf: flag ? Bytes.true : Bytes.false)
    case .number(let number):
      if number.isFinite {
        var text = NumberFormatting.shortest(number)
        text.withUTF8 { output.append(contentsOf: $0) }
      } else {
        output.append(contentsOf: Bytes.null)
      }
    case .string(let text): writeString(text, to: &output)
    case .array, .object: preconditionFailure("containers are not scalars")
    }
  }

  private static func indent(_ depth: Int, to output: inout [UInt8]) {
    var count = 2 * depth
    while count > 0 {
      let step = min(count, Bytes.spaces.count)
      output.append(contentsOf: Bytes.spaces[..<step])
      count -= step
    }
  }

  /// The writer's fixed texts as byte arrays: appending an array is one copy, where appending a String's UTF-8
  /// view goes byte by byte through generic code (which an unoptimised build does not specialise).
  private enum Bytes {
    static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)
    static let emptyArray = Array("[]".utf8)
    static let emptyObject = Array("{}".utf8)
    static let openArray = Array("[\n".utf8)
    static let openObject = Array("{\n".utf8)
    static let commaSpace = Array(", ".utf8)
    static let commaNewline = Array(",\n".utf8)
    static let colonSpace = Array(": ".utf8)
    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
  }

  /// `text` as a JSON string. Only ASCII bytes are ever escaped, and UTF-8 never uses ASCII values inside a
  /// multi-byte character, so the escaping can run over bytes.
  static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    defer { output.append(UInt8(ascii: "\"")) }
    // Keys and ids almost never need escaping: copy them whole.
    var text = text
    let plain = text.withUTF8 { utf8 in
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
        index += 1
      }
      output.append(contentsOf: utf8)
      return true
    }
    if plain { return }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
      case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
      case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
      case 0x08: output.append(contentsOf: "\\b".utf8)
      case 0x0C: output.append(contentsOf: "\\f".utf8)
      case 0..<0x20:
        output.append(contentsOf: "\\u00".utf8)
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0xF))
      default:
        output.append(byte)
      }
    }
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
  }
}

extension JSONValue {
  /// Whether pretty printing keeps this value inside a one-line array.
  fileprivate var staysInline: Bool {
    switch self {
    case .null, .bool, .number: return true
    case .string, .array, .object: return false
    }
  }
}
