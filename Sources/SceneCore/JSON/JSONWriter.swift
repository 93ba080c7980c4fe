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
    var output = ""
    switch style {
    case .compact: Self.writeCompact(value, to: &output)
    case .pretty: Self.writePretty(value, depth: 0, to: &output)
    }
    return output
  }

  private static func writeCompact(_ value: JSONValue, to output: inout String) {
    switch value {
    case .array(let items):
      output.append("[")
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(",") }
        writeCompact(item, to: &output)
      }
      output.append("]")
    case .object(let members):
      output.append("{")
      for (index, (key, item)) in members.enumerated() {
        if index > 0 { output.append(",") }
        writeString(key, to: &output)
        output.append(":")
        writeCompact(item, to: &output)
      }
      output.append("}")
    case .null, .bool, .number, .string:
      writeScalar(value, to: &output)
    }
  }

  private static func writePretty(_ value: JSONValue, depth: Int, to output: inout String) {
    switch value {
    case .array(let items) where items.isEmpty:
      output.append("[]")
    case .array(let items) where items.allSatisfy(\.staysInline):
      output.append("[")
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(", ") }
        writeScalar(item, to: &output)
      }
      output.append("]")
    case .array(let items):
      output.append("[\n")
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(",\n") }
        indent(depth + 1, to: &output)
        writePretty(item, depth: depth + 1, to: &output)
      }
      output.append("\n")
      indent(depth, to: &output)
      output.append("]")
    case .object(let members) where members.isEmpty:
      output.append("{}")
    case .object(let members):
      output.append("{\n")
      for (index, (key, item)) in members.enumerated() {
        if index > 0 { output.append(",\n") }
        indent(depth + 1, to: &output)
        writeString(key, to: &output)
        output.append(": ")
        writePretty(item, depth: depth + 1, to: &output)
      }
      output.append("\n")
      indent(depth, to: &output)
      output.append("}")
    case .null, .bool, .number, .string:
      writeScalar(value, to: &output)
    }
  }

  private static func writeScalar(_ value: JSONValue, to output: inout String) {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let number): output.append(number.isFinite ? NumberFormatting.shortest(number) : "null")
    case .string(let text): writeString(text, to: &output)
    case .array, .object: preconditionFailure("containers are not scalars")
    }
  }

  private static func indent(_ depth: Int, to output: inout String) {
    output.append(String(repeating: "  ", count: depth))
  }

  static func writeString(_ text: String, to output: inout String) {
    output.append("\"")
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      case "\u{08}": output.append("\\b")
      case "\u{0C}": output.append("\\f")
      case _ where scalar.value < 0x20:
        output.append("\\u00")
        output.append(hexDigit(scalar.value >> 4))
        output.append(hexDigit(scalar.value & 0xF))
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output.append("\"")
  }

  private static func hexDigit(_ nibble: UInt32) -> Character {
    Character(Unicode.Scalar(UInt8(nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10)))
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
