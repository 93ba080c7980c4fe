import SceneDiagnostics

/// A parsed expression in postfix order: operands come before the operation that uses them.
///
/// A flat array instead of a tree, so that evaluating is one loop over a value stack. Nothing recurses on the
/// shape of the expression after parsing, and a long chain such as `1+1+1+…` costs no stack depth.
struct ExpressionProgram: Sendable {
  var instructions: [ExpressionInstruction]
  /// The bytes of the whole expression in its text, without surrounding spaces.
  var range: Range<Int>
}

struct ExpressionInstruction: Sendable {
  enum Operation: Sendable {
    case number(Quantity)
    case name(String)
    case negate
    case binary(BinaryOperator)
    /// Calls with the values of the last `argumentCount` results.
    case call(ExpressionFunction, argumentCount: Int)
  }

  var operation: Operation
  /// The token to blame for the operation: the operator, the name, the literal, the function name.
  var token: Range<Int>
  /// The whole subexpression whose value the operation produces, parentheses included.
  var range: Range<Int>
}

enum BinaryOperator: Sendable {
  case add
  case subtract
  case multiply
  case divide
  case remainder

  init?(_ kind: ExpressionToken.Kind) {
    switch kind {
    case .plus: self = .add
    case .minus: self = .subtract
    case .star: self = .multiply
    case .slash: self = .divide
    case .percent: self = .remainder
    case .number, .name, .leftParen, .rightParen, .comma, .end: return nil
    }
  }

  var isAdditive: Bool { self == .add || self == .subtract }
}

/// Recursive descent that recurses only into parentheses and calls, and checks the nesting limit before it
/// does, so no input can overflow the stack: operator chains and runs of unary minus are loops.
///
///     expression := term (('+' | '-') term)*
///     term       := unary (('*' | '/' | '%') unary)*
///     unary      := ('-' | '+')* primary
///     primary    := number | name | name '(' (expression (',' expression)*)? ')' | '(' expression ')'
struct ExpressionParser {
  private var lexer: ExpressionLexer
  private(set) var token: ExpressionToken
  private(set) var code: [ExpressionInstruction] = []
  /// Where the last consumed token ended: the end of the subexpression just parsed.
  private(set) var consumedEnd = 0

  init(bytes: [UInt8]) throws(ExpressionError) {
    lexer = ExpressionLexer(bytes: bytes)
    token = try lexer.next()
  }

  static func parse(_ bytes: [UInt8]) throws(ExpressionError) -> ExpressionProgram {
    var parser = try ExpressionParser(bytes: bytes)
    let start = parser.token.range.lowerBound
    try parser.expression(depth: 0)
    try parser.expectEnd()
    return ExpressionProgram(instructions: parser.code, range: start..<parser.consumedEnd)
  }

  mutating func advance() throws(ExpressionError) {
    consumedEnd = token.range.upperBound
    token = try lexer.next()
  }

  /// After a complete expression: only the end of the text may follow.
  mutating func expectEnd(_ what: String = "an operator or the end of the expression") throws(ExpressionError) {
    switch token.kind {
    case .end: return
    case .rightParen:
      throw ExpressionError(
        code: ExpressionDiagnostics.unbalancedParentheses, message: "this ')' closes nothing", range: token.range,
        help: "remove it, or add the '(' it should close")
    default: throw expected(what)
    }
  }

  private mutating func expression(depth: Int) throws(ExpressionError) {
    let start = token.range.lowerBound
    try term(depth: depth)
    while let operation = BinaryOperator(token.kind), operation.isAdditive {
      let operatorToken = token.range
      try advance()
      try term(depth: depth)
      emit(.binary(operation), token: operatorToken, range: start..<consumedEnd)
    }
  }

  private mutating func term(depth: Int) throws(ExpressionError) {
    let start = token.range.lowerBound
    try unary(depth: depth)
    while let operation = BinaryOperator(token.kind), !operation.isAdditive {
      let operatorToken = token.range
      try advance()
      try unary(depth: depth)
      emit(.binary(operation), token: operatorToken, range: start..<consumedEnd)
    }
  }

  private mutating func unary(depth: Int) throws(ExpressionError) {
    var minuses: [Range<Int>] = []
    while token.kind == .minus || token.kind == .plus {
      if token.kind == .minus { minuses.append(token.range) }
      try advance()
    }
    try primary(depth: depth)
    for minus in minuses.reversed() { emit(.negate, token: minus, range: minus.lowerBound..<consumedEnd) }
  }

  private mutating func primary(depth: Int) throws(ExpressionError) {
    let first = token
    switch first.kind {
    case .number(let quantity):
      try advance()
      emit(.number(quantity), token: first.range, range: first.range)
    case .name(let name):
      try advance()
      guard token.kind == .leftParen else {
        emit(.name(name), token: first.range, range: first.range)
        return
      }
      let function = try ExpressionFunction.named(name, at: first.range)
      let arguments = try self.arguments(depth: depth + 1)
      let call = first.range.lowerBound..<consumedEnd
      try function.checkArgumentCount(arguments.count, at: call)
      emit(.call(function, argumentCount: arguments.count), token: first.range, range: call)
    case .leftParen:
      try enter(depth: depth + 1)
      try advance()
      try expression(depth: depth + 1)
      try close(first.range, expecting: "an operator or ')'")
      // The group's value is the last result; widen its range to take in the parentheses.
      code[code.count - 1].range = first.range.lowerBound..<consumedEnd
    case .plus, .minus, .star, .slash, .percent, .rightParen, .comma, .end:
      throw expected("a number, a name or '('")
    }
  }

  /// The arguments of a call, from its '(' (the current token) to its ')'; returns where each argument's
  /// instructions and text are, so that a colour call can evaluate its arguments one by one.
  mutating func arguments(depth: Int) throws(ExpressionError) -> [(instructions: Range<Int>, range: Range<Int>)] {
    let open = token.range
    try enter(depth: depth)
    try advance()
    var arguments: [(instructions: Range<Int>, range: Range<Int>)] = []
    if token.kind != .rightParen {
      while true {
        let first = code.count
        let start = token.range.lowerBound
        try expression(depth: depth)
        arguments.append((first..<code.count, start..<consumedEnd))
        guard token.kind == .comma else { break }
        try advance()
      }
    }
    try close(open, expecting: "an operator, ',' or ')'")
    return arguments
  }

  /// Consumes the ')' matching the '(' at `open`.
  private mutating func close(_ open: Range<Int>, expecting what: String) throws(ExpressionError) {
    switch token.kind {
    case .rightParen: try advance()
    case .end:
      throw ExpressionError(
        code: ExpressionDiagnostics.unbalancedParentheses, message: "this '(' is never closed", range: open,
        help: "add a ')' to close it")
    default: throw expected(what)
    }
  }

  private func enter(depth: Int) throws(ExpressionError) {
    guard depth > ExpressionLimits.maxDepth else { return }
    throw ExpressionError(
      code: ExpressionDiagnostics.tooDeep,
      message: "the expression nests deeper than \(ExpressionLimits.maxDepth) levels of parentheses and calls",
      range: token.range, help: "split it into named parts under `let`")
  }

  private mutating func emit(_ operation: ExpressionInstruction.Operation, token: Range<Int>, range: Range<Int>) {
    code.append(ExpressionInstruction(operation: operation, token: token, range: range))
  }

  /// "expected a number, a name or '(', found ')'".
  func expected(_ what: String) -> ExpressionError {
    let text = String(decoding: lexer.bytes[token.range], as: UTF8.self)
    let found =
      token.kind == .end ? "the end of the expression" : text.count > 40 ? "'\(text.prefix(37))…'" : "'\(text)'"
    return ExpressionError(
      code: ExpressionDiagnostics.syntax, message: "expected \(what), found \(found)", range: token.range,
      help: unitAfterSpace(text) ?? trailingPercent() ?? Self.help(for: token.kind))
  }

  /// `50%`: a percentage, which reads as `50 %` (modulo) with its right side missing.
  private func trailingPercent() -> String? {
    guard token.kind == .end else { return nil }
    var last = lexer.bytes.count - 1
    while last > 0, lexer.bytes[last] == 0x20 || lexer.bytes[last] == 0x09 { last -= 1 }
    guard last > 0, lexer.bytes[last] == UInt8(ascii: "%"), ExpressionLexer.isDigit(lexer.bytes[last - 1]) else {
      return nil
    }
    var start = last - 1
    while start > 0, ExpressionLexer.isDigit(lexer.bytes[start - 1]) || lexer.bytes[start - 1] == 0x2E { start -= 1 }
    guard let percent = Double(String(decoding: lexer.bytes[start..<last], as: UTF8.self)) else { return nil }
    return
      "'%' is the remainder operator, not percent: write \(MessageNumber.text(percent / 100)) for "
      + "\(String(decoding: lexer.bytes[start..<last], as: UTF8.self))%"
  }

  /// `300 ms`, `17 pt`: a unit written apart from its number, which reads as a second value.
  private func unitAfterSpace(_ word: String) -> String? {
    guard case .name = token.kind, token.range.lowerBound > 0 else { return nil }
    var before = token.range.lowerBound - 1
    while before > 0, lexer.bytes[before] == 0x20 || lexer.bytes[before] == 0x09 { before -= 1 }
    guard before < token.range.lowerBound - 1,
      ExpressionLexer.isDigit(lexer.bytes[before]) || lexer.bytes[before] == 0x2E
    else { return nil }
    var start = before
    while start > 0, ExpressionLexer.isDigit(lexer.bytes[start - 1]) || lexer.bytes[start - 1] == 0x2E { start -= 1 }
    let number = String(decoding: lexer.bytes[start...before], as: UTF8.self)
    if ["deg", "rad", "ms", "s"].contains(word) {
      return "write the unit right after the number, with no space: \(number)\(word)"
    }
    if ExpressionLexer.lengthUnits.contains(word.lowercased()) { return "lengths have no unit: write \(number)" }
    return nil
  }

  /// What to do about a token that cannot stand where it is.
  private static func help(for kind: ExpressionToken.Kind) -> String {
    switch kind {
    // Operands and '(' are refused only where an operator belongs.
    case .number, .name, .leftParen: return "put an operator such as '*' between two values"
    case .plus, .minus, .star, .slash, .percent: return "an operator needs a value on each side"
    case .rightParen: return "a value must come before ')'"
    case .comma: return "',' separates the arguments of a call such as min(a, b)"
    case .end: return "the expression stops where a value is needed; complete it"
    }
  }
}
