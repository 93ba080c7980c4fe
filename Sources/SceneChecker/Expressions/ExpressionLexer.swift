import SceneDiagnostics

/// One token of an expression, with its byte range in the expression's text.
struct ExpressionToken {
  enum Kind: Equatable {
    /// A literal, already converted to radians or seconds.
    case number(Quantity)
    case name(String)
    case plus
    case minus
    case star
    case slash
    case percent
    case leftParen
    case rightParen
    case comma
    case end
  }

  var kind: Kind
  var range: Range<Int>
}

/// Splits an expression's UTF-8 bytes into tokens on demand.
///
/// The parser pulls tokens one at a time, so an error early in a huge text is found without reading the rest,
/// and the length limit is enforced on the first token that reaches past it.
struct ExpressionLexer {
  let bytes: [UInt8]
  let limit: Int
  private(set) var position = 0

  /// The unit suffixes, with the factor that brings each to radians or seconds.
  static let suffixes: [(name: String, unit: Unit, factor: Double)] = [
    ("deg", .angle, Double.pi / 180), ("rad", .angle, 1), ("ms", .time, 0.001), ("s", .time, 1),
  ]

  /// False when only the tokens matter (`Expression.referencedNames`): errors then skip their suggestions.
  let detailedErrors: Bool

  init(bytes: [UInt8], limit: Int = ExpressionLimits.maxBytes, detailedErrors: Bool = true) {
    self.bytes = bytes
    self.limit = limit
    self.detailedErrors = detailedErrors
  }

  /// The next token. Before throwing, the lexer moves past the bad text, so a caller that only wants names
  /// (`Expression.referencedNames`) can carry on.
  mutating func next() throws(ExpressionError) -> ExpressionToken {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    let start = position
    guard start < bytes.count else { return ExpressionToken(kind: .end, range: start..<start) }
    let byte = bytes[start]
    // A '.' starts a number before a digit (`.5`) and a word before a letter (`.inf`, which YAML reads as infinity).
    let next = start + 1 < bytes.count ? bytes[start + 1] : 0
    if Self.isDigit(byte) || byte == UInt8(ascii: ".") && Self.isDigit(next) { return try number() }
    if Self.isWordStart(byte) || byte == UInt8(ascii: ".") && Self.isWordStart(next) { return try word() }
    let kind: ExpressionToken.Kind
    switch byte {
    case UInt8(ascii: "+"): kind = .plus
    case UInt8(ascii: "-"): kind = .minus
    case UInt8(ascii: "*"): kind = .star
    case UInt8(ascii: "/"): kind = .slash
    case UInt8(ascii: "%"): kind = .percent
    case UInt8(ascii: "("): kind = .leftParen
    case UInt8(ascii: ")"): kind = .rightParen
    case UInt8(ascii: ","): kind = .comma
    default:
      position = start + Self.characterLength(in: bytes, at: start)
      try checkLimit(start)
      throw unexpectedCharacter(start..<position)
    }
    position += 1
    try checkLimit(start)
    return ExpressionToken(kind: kind, range: start..<position)
  }

  /// `3`, `-` excluded (unary minus is an operator), `.5`, `2.`, `1e-3`, each with an optional unit suffix.
  private mutating func number() throws(ExpressionError) -> ExpressionToken {
    let start = position
    skipDigits()
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      skipDigits()
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      var next = position + 1
      if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
      if next < bytes.count, Self.isDigit(bytes[next]) {
        position = next
        skipDigits()
      }
    }
    let digitsEnd = position
    skipWord()
    try checkLimit(start)
    let literal = String(decoding: bytes[start..<digitsEnd], as: UTF8.self)
    let fast = bytes.withUnsafeBufferPointer {
      DecimalLiteral.value(UnsafeBufferPointer(rebasing: $0[start..<digitsEnd]))
    }
    var quantity = Quantity(fast ?? Double(literal) ?? .infinity)
    if digitsEnd < position {
      let suffix = String(decoding: bytes[digitsEnd..<position], as: UTF8.self)
      guard let known = Self.suffixes.first(where: { $0.name == suffix }) else {
        throw unknownSuffix(suffix, number: literal, at: digitsEnd..<position)
      }
      quantity = Quantity(quantity.value * known.factor, known.unit)
    }
    guard quantity.value.isFinite else {
      throw ExpressionError(
        code: ExpressionDiagnostics.notFinite, message: "the number \(literal) is too large to represent",
        range: start..<position, help: "numbers must stay below about 1.8e308")
    }
    return ExpressionToken(kind: .number(quantity), range: start..<position)
  }

  /// A name, or one of the words YAML uses for NaN and infinity (`nan`, `.inf`), which are not numbers here.
  private mutating func word() throws(ExpressionError) -> ExpressionToken {
    let start = position
    if bytes[position] == UInt8(ascii: ".") { position += 1 }
    skipWord()
    try checkLimit(start)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    let bare = text.hasPrefix(".") ? String(text.dropFirst()) : text
    switch bare.lowercased() {
    case "nan":
      throw ExpressionError(
        code: ExpressionDiagnostics.nanOrInfinity, message: "NaN is not a number", range: start..<position,
        help: "write a finite number")
    case "inf", "infinity":
      throw ExpressionError(
        code: ExpressionDiagnostics.nanOrInfinity, message: "infinity is only allowed for repeatCount",
        range: start..<position, help: "write a finite number; `repeatCount: inf` repeats forever")
    default:
      guard bare == text else { throw unexpectedCharacter(start..<start + 1) }
      return ExpressionToken(kind: .name(text), range: start..<position)
    }
  }

  /// Every token must end within the limit; reading stops at the first one that does not.
  private func checkLimit(_ start: Int) throws(ExpressionError) {
    guard position > limit else { return }
    throw ExpressionError(
      code: ExpressionDiagnostics.tooLong,
      message: "the expression is \(bytes.count) bytes long; the limit is \(limit)", range: 0..<bytes.count,
      help: "split it into named parts under `let`")
  }

  private func unexpectedCharacter(_ range: Range<Int>) -> ExpressionError {
    guard detailedErrors else {
      return ExpressionError(code: ExpressionDiagnostics.syntax, message: "unexpected character", range: range)
    }
    let text = String(decoding: bytes[range], as: UTF8.self)
    let shown =
      text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.value < 0x20 }
      ? text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined() : "'\(text)'"
    return ExpressionError(
      code: ExpressionDiagnostics.syntax, message: "unexpected character \(shown) in an expression", range: range,
      help: text == "°"
        ? "write degrees with the unit deg, such as 45deg"
        : "expressions are made of numbers, names, + - * / %, parentheses and calls such as sin(x)")
  }

  /// Other spellings of the four units.
  static let unitSpellings: [String: String] = [
    "sec": "s", "secs": "s", "second": "s", "seconds": "s", "msec": "ms", "msecs": "ms", "millis": "ms",
    "millisecond": "ms", "milliseconds": "ms", "degree": "deg", "degrees": "deg", "degs": "deg", "radian": "rad",
    "radians": "rad", "rads": "rad",
  ]

  /// Units of length people write out of habit; scenec's lengths are bare points.
  static let lengthUnits: Set<String> = ["pt", "px", "dp", "em", "pts"]

  private func unknownSuffix(_ suffix: String, number: String, at range: Range<Int>) -> ExpressionError {
    guard detailedErrors else {
      return ExpressionError(code: ExpressionDiagnostics.unknownUnit, message: "unknown unit", range: range)
    }
    if number == "0", suffix.first == "x" || suffix.first == "X",
      suffix.count > 1, let value = UInt64(suffix.dropFirst(), radix: 16)
    {
      let digits = suffix.dropFirst()
      return ExpressionError(
        code: ExpressionDiagnostics.unknownUnit,
        message: "'0\(suffix)' is a hexadecimal number, which expressions do not read",
        range: range.lowerBound - 1..<range.upperBound, notes: ["numbers are decimal"],
        help: [3, 4, 6, 8].contains(digits.count)
          ? "for a colour write \"#\(digits)\" (quoted); for the number write \(value)"
          : "write the number in decimal: \(value)")
    }
    if Self.lengthUnits.contains(suffix.lowercased()) {
      return ExpressionError(
        code: ExpressionDiagnostics.unknownUnit, message: "unknown unit '\(suffix)': lengths have no unit",
        range: range, notes: ["lengths and sizes are bare numbers of points, as in Core Animation"],
        help: "drop the unit: write \(number)")
    }
    var suggestion = Suggestion(for: suffix, among: Self.suffixes.map(\.name))
    if let unit = Self.unitSpellings[suffix.lowercased()] {
      suggestion.help = "did you mean '\(unit)'? (write \(number)\(unit))"
      suggestion.replacement = unit
    }
    return ExpressionError(
      code: ExpressionDiagnostics.unknownUnit, message: "unknown unit '\(suffix)'", range: range,
      notes: ["the units are deg, rad, ms and s"],
      help: suggestion.help ?? "to multiply by a name, write '\(number) * \(suffix)'",
      replacement: suggestion.replacement)
  }

  private mutating func skipDigits() {
    while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
  }

  private mutating func skipWord() {
    while position < bytes.count, Self.isWordStart(bytes[position]) || Self.isDigit(bytes[position]) { position += 1 }
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  static func isWordStart(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
  }

  /// The length of the UTF-8 character at `offset`, so that an unexpected 'é' is quoted whole; 1 for a bad byte.
  static func characterLength(in bytes: [UInt8], at offset: Int) -> Int {
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return UTF8.width(scalar) }
    return 1
  }

  /// Spaces, tabs and line breaks: a folded or quoted scalar may span lines.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
