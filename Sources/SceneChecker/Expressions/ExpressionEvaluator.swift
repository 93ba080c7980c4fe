/// A value on the evaluator's stack, with the text that produced it, for blame.
struct Operand {
  var quantity: Quantity
  var range: Range<Int>
}

/// Runs a program over a value stack, applying the unit rules and rejecting every non-finite intermediate value
/// at the operation that produced it.
struct ExpressionEvaluator {
  let environment: ExpressionEnvironment

  func run(_ program: ExpressionProgram) throws(ExpressionError) -> Operand {
    var stack: [Operand] = []
    for instruction in program.instructions {
      let quantity: Quantity
      var why = "the result is too large to represent"
      switch instruction.operation {
      case .number(let literal):
        quantity = literal
      case .name(let name):
        quantity = try resolve(name, at: instruction.token)
      case .negate:
        let operand = stack.removeLast().quantity
        quantity = Quantity(-operand.value, operand.unit)
      case .binary(let operation):
        let right = stack.removeLast()
        let left = stack.removeLast()
        quantity = try apply(operation, left, right, at: instruction.token)
        if right.quantity.value == 0, operation == .divide || operation == .remainder { why = "division by zero" }
      case .call(let function, let count):
        quantity = try function.apply(stack.suffix(count))
        stack.removeLast(count)
        why = function.whyNotFinite
      }
      guard quantity.value.isFinite else {
        throw ExpressionError(
          code: ExpressionDiagnostics.notFinite, message: "the expression's value is not a finite number",
          range: instruction.range, help: why)
      }
      stack.append(Operand(quantity: quantity, range: instruction.range))
    }
    return stack.removeLast()
  }

  /// The value in the unit its place expects. A bare number takes that unit (radians, seconds); `nil` accepts
  /// anything.
  static func conform(_ operand: Operand, to expected: Unit?) throws(ExpressionError) -> Quantity {
    let quantity = operand.quantity
    guard let expected, quantity.unit != expected else { return quantity }
    if quantity.unit == .none { return Quantity(quantity.value, expected) }
    let help: String
    switch expected {
    case .none: help = "write a plain number, without deg, rad, ms or s"
    case .angle: help = "an angle is written with deg or rad, or as a bare number of radians"
    case .time: help = "a duration is written with s or ms, or as a bare number of seconds"
    }
    throw ExpressionError(
      code: ExpressionDiagnostics.wrongUnit, message: "expected \(expected.phrase), found \(quantity.unit.phrase)",
      range: operand.range, help: help)
  }

  /// Words people write for "repeat forever" and for the instance number, each answered with the spelling scenec
  /// has (`inf`, the loop variable).
  static let foreverWords: Set<String> = ["forever", "infinite", "infinity", "always", "loop", "indefinitely"]
  static let indexWords: Set<String> = ["index", "idx", "instance", "n", "iteration", "count", "number"]

  private func resolve(_ name: String, at range: Range<Int>) throws(ExpressionError) -> Quantity {
    switch name {
    case "pi": return Quantity(.pi)
    case "width": return Quantity(environment.width)
    case "height": return Quantity(environment.height)
    default: if let value = environment.names[name] { return value }
    }
    if let typed = environment.typedNames[name] {
      throw ExpressionError(
        code: ExpressionDiagnostics.letInArithmetic,
        message: "'\(name)' is \(typed.phrase), which has no place in arithmetic", range: range,
        notes: ["expressions compute with numbers, angles and durations"], help: typed.arithmeticHelp(name),
        fileLabels: [.init("'\(name)' is defined here as \(typed.phrase)", at: typed.definition)])
    }
    var suggestion = Suggestion(for: name, among: Expression.builtinNames + environment.names.keys.sorted())
    if suggestion.help == nil {
      if let function = ExpressionFunction(rawValue: name) {
        suggestion.help = "'\(name)' is a function: call it as \(function.signature)"
      } else if NamedColors.names.contains(name) {
        suggestion.help = "'\(name)' is a colour, which has no place in arithmetic"
      } else if Self.foreverWords.contains(name.lowercased()) {
        suggestion.help = "`repeatCount: inf` repeats forever; `inf` is accepted nowhere else"
        suggestion.replacement = "inf"
      } else if Self.indexWords.contains(name.lowercased()) {
        suggestion.help = "the loop variable of a repeated layer is 'i', or the name its `as:` gives"
        if environment.names["i"] != nil { suggestion.replacement = "i" }
      } else {
        suggestion.help = "define it under `let`"
      }
    }
    throw ExpressionError(
      code: ExpressionDiagnostics.unknownName, message: "unknown name '\(name)'", range: range,
      help: suggestion.help, replacement: suggestion.replacement)
  }

  /// The unit rules of the five operators; see `Unit.combined(with:)` for why a bare number adopts a unit.
  private func apply(
    _ operation: BinaryOperator, _ left: Operand, _ right: Operand, at token: Range<Int>
  ) throws(ExpressionError) -> Quantity {
    let (a, b) = (left.quantity, right.quantity)
    func mismatch(_ message: String, help: String) -> ExpressionError {
      ExpressionError(
        code: ExpressionDiagnostics.unitMismatch, message: message, range: token,
        labels: [("this is \(a.unit.phrase)", left.range), ("this is \(b.unit.phrase)", right.range)], help: help)
    }
    func combined(_ message: String) throws(ExpressionError) -> Unit {
      guard let unit = a.unit.combined(with: b.unit) else {
        throw mismatch(message, help: "both sides must be angles, or both durations; a bare number takes either unit")
      }
      return unit
    }
    switch operation {
    case .add:
      return Quantity(a.value + b.value, try combined("can't add \(a.unit.phrase) and \(b.unit.phrase)"))
    case .subtract:
      return Quantity(a.value - b.value, try combined("can't subtract \(b.unit.phrase) from \(a.unit.phrase)"))
    case .remainder:
      let unit = try combined("can't take the remainder of \(a.unit.phrase) divided by \(b.unit.phrase)")
      return Quantity(a.value.truncatingRemainder(dividingBy: b.value), unit)
    case .multiply:
      guard a.unit == .none || b.unit == .none else {
        throw mismatch(
          "can't multiply \(a.unit.phrase) by \(b.unit.phrase)", help: "at most one side of '*' may have a unit")
      }
      return Quantity(a.value * b.value, a.unit == .none ? b.unit : a.unit)
    case .divide:
      if b.unit == .none { return Quantity(a.value / b.value, a.unit) }
      if a.unit == b.unit { return Quantity(a.value / b.value) }
      throw mismatch(
        "can't divide \(a.unit.phrase) by \(b.unit.phrase)",
        help: "a unit may be divided by a number, or by the same unit to give a number")
    }
  }
}
