import SceneCore
import SceneDiagnostics

/// Colours as specs write them: `"#FB3159"`, `"#fff8"`, `rgb(251, 49, 89)`, `rgba(251, 49, 89, 0.5)`, `red`.
///
/// rgb() and rgba() arguments are expressions, read by the expression parser, so `rgb(base, 49, 89)` works
/// and every error points at the argument at fault.
public enum ColorParser {
  /// [r, g, b, a] in 0…1.
  public static func parse(
    _ text: String, at span: Span, in environment: ExpressionEnvironment
  ) -> Result<[Double], ExpressionFailure> {
    let map = SourceMap(span: span, textLength: text.utf8.count)
    do {
      return .success(try components(Array(text.utf8), in: environment))
    } catch {
      return .failure(ExpressionFailure(error.diagnostic(in: map)))
    }
  }

  /// The channels a call takes: rgb(r, g, b) and rgba(r, g, b, a).
  static let functions = ["rgb": 3, "rgba": 4]

  static func components(_ bytes: [UInt8], in environment: ExpressionEnvironment) throws(ExpressionError) -> [Double] {
    var start = 0
    var end = bytes.count
    while start < end, ExpressionLexer.isSpace(bytes[start]) { start += 1 }
    while end > start, ExpressionLexer.isSpace(bytes[end - 1]) { end -= 1 }
    if start < end, bytes[start] == UInt8(ascii: "#") { return try hex(bytes, start..<end) }
    var parser = try ExpressionParser(bytes: bytes)
    let first = parser.token
    if case .name(let name) = first.kind {
      try parser.advance()
      switch parser.token.kind {
      case .end: return try named(name, at: first.range, in: environment)
      case .leftParen: return try call(name, at: first.range, with: &parser, in: environment)
      default: break
      }
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let found = text.isEmpty ? "nothing" : text.count > 40 ? "'\(text.prefix(37))…'" : "'\(text)'"
    throw ExpressionError(
      code: ExpressionDiagnostics.notAColor, message: "expected a colour, found \(found)",
      range: start..<end, help: "write a hex colour such as \"#FB3159\", rgb(r, g, b), rgba(r, g, b, a) or a name")
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`, in either case.
  private static func hex(_ bytes: [UInt8], _ range: Range<Int>) throws(ExpressionError) -> [Double] {
    var digits: [Int] = []
    var index = range.lowerBound + 1
    while index < range.upperBound {
      let length = ExpressionLexer.characterLength(in: bytes, at: index)
      guard length == 1, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
        let character = String(decoding: bytes[index..<min(index + length, range.upperBound)], as: UTF8.self)
        let rest = String(decoding: bytes[range.lowerBound + 1..<range.upperBound], as: UTF8.self)
        let isName = NamedColors.names.contains(rest)
        throw ExpressionError(
          code: ExpressionDiagnostics.malformedHexColor, message: "'\(character)' is not a hex digit",
          range: index..<index + length,
          help: isName ? "a colour name is written without '#': \(rest)" : "hex colours use the digits 0-9 and A-F")
      }
      digits.append(digit)
      index += 1
    }
    var channels: [Double]
    switch digits.count {
    case 3, 4: channels = digits.map { Double($0 * 17) / 255 }
    case 6, 8:
      channels = stride(from: 0, to: digits.count, by: 2).map { Double(digits[$0] * 16 + digits[$0 + 1]) / 255 }
    default:
      throw ExpressionError(
        code: ExpressionDiagnostics.malformedHexColor,
        message: "a hex colour has 3, 4, 6 or 8 digits, found \(digits.isEmpty ? "none" : String(digits.count))",
        range: range, help: "write #RGB, #RGBA, #RRGGBB or #RRGGBBAA")
    }
    if channels.count == 3 { channels.append(1) }
    return channels
  }

  private static func named(
    _ name: String, at range: Range<Int>, in environment: ExpressionEnvironment
  ) throws(ExpressionError) -> [Double] {
    if let components = NamedColors.components(named: name) { return components }
    if let typed = environment.typedNames[name] {
      guard typed.kind == .color else {
        throw ExpressionError(
          code: ExpressionDiagnostics.letTypeMismatch, message: "'\(name)' is \(typed.phrase), not a colour",
          range: range, help: "give a colour here, or a `let` name that holds one",
          fileLabels: [.init("'\(name)' is defined here as \(typed.phrase)", at: typed.definition)])
      }
      return typed.components
    }
    // Only a failure pays for the list of colour-holding names.
    let colourNames = environment.typedNames.filter { $0.value.kind == .color }.keys.sorted()
    var suggestion = Suggestion(for: name, among: NamedColors.names + colourNames)
    if suggestion.help == nil {
      suggestion.help =
        environment.names[name] != nil || Expression.builtinNames.contains(name)
        ? "'\(name)' is a number, not a colour"
        : "the colour names are \(NamedColors.names.joined(separator: ", "))"
          + (colourNames.isEmpty || colourNames.count > 8
            ? "" : "; the `let` colours are \(colourNames.joined(separator: ", "))")
    }
    throw ExpressionError(
      code: ExpressionDiagnostics.unknownColor, message: "unknown colour '\(name)'", range: range,
      help: suggestion.help, replacement: suggestion.replacement)
  }

  /// `rgb(r, g, b)` or `rgba(r, g, b, a)`: channels 0–255, alpha 0–1, each an expression.
  private static func call(
    _ name: String, at nameRange: Range<Int>, with parser: inout ExpressionParser,
    in environment: ExpressionEnvironment
  ) throws(ExpressionError) -> [Double] {
    guard let arity = functions[name] else {
      let suggestion = Suggestion(for: name, among: ["rgb", "rgba"])
      throw ExpressionError(
        code: ExpressionDiagnostics.unknownFunction, message: "unknown colour function '\(name)'", range: nameRange,
        help: suggestion.help ?? "colours are written rgb(r, g, b) or rgba(r, g, b, a)",
        replacement: suggestion.replacement)
    }
    let arguments = try parser.arguments(depth: 1)
    let callRange = nameRange.lowerBound..<parser.consumedEnd
    try parser.expectEnd("the end of the colour")
    guard arguments.count == arity else {
      let help: String
      switch (name, arguments.count) {
      case ("rgb", 4): help = "for a colour with alpha, use rgba(r, g, b, a)"
      case ("rgba", 3): help = "give an alpha from 0 to 1, or use rgb(r, g, b) for an opaque colour"
      default: help = name == "rgb" ? "call it as rgb(r, g, b)" : "call it as rgba(r, g, b, a)"
      }
      throw ExpressionError(
        code: ExpressionDiagnostics.argumentCount,
        message: "'\(name)' takes \(arity) arguments, found \(arguments.count)", range: callRange, help: help)
    }
    let evaluator = ExpressionEvaluator(environment: environment)
    var channels: [Double] = []
    for (index, argument) in arguments.enumerated() {
      let program = ExpressionProgram(instructions: Array(parser.code[argument.instructions]), range: argument.range)
      let value = try ExpressionEvaluator.conform(evaluator.run(program), to: Unit.none).value
      let isAlpha = index == 3
      guard (0...(isAlpha ? 1 : 255)).contains(value) else {
        let channel = ["red", "green", "blue", "alpha"][index]
        throw ExpressionError(
          code: ExpressionDiagnostics.channelOutOfRange,
          message:
            "the \(channel) \(isAlpha ? "" : "channel ")is "
            + MessageNumber.text(value, outside: { (0...(isAlpha ? 1 : 255)).contains($0) }) + ", outside "
            + (isAlpha ? "0–1" : "0–255"),
          range: argument.range,
          help: isAlpha ? "alpha goes from 0 to 1: write 0.5, not 50" : "channels go from 0 to 255")
      }
      channels.append(isAlpha ? value : value / 255)
    }
    if channels.count == 3 { channels.append(1) }
    return channels
  }
}
