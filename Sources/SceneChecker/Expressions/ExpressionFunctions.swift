import SceneDiagnostics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The built-in functions, with their argument counts and unit rules.
enum ExpressionFunction: String, CaseIterable, Sendable {
  case sin, cos, tan, asin, acos, atan, atan2, sqrt, abs, min, max, pow, floor, ceil, round, clamp, mix

  /// How the function is called, for help text.
  var signature: String {
    switch self {
    case .sin, .cos, .tan: return "\(rawValue)(angle)"
    case .asin, .acos, .atan, .sqrt, .abs, .floor, .ceil, .round: return "\(rawValue)(x)"
    case .atan2: return "atan2(y, x)"
    case .min, .max: return "\(rawValue)(a, b, …)"
    case .pow: return "pow(base, exponent)"
    case .clamp: return "clamp(x, lo, hi)"
    case .mix: return "mix(a, b, t)"
    }
  }

  var arity: ClosedRange<Int> {
    switch self {
    case .sin, .cos, .tan, .asin, .acos, .atan, .sqrt, .abs, .floor, .ceil, .round: return 1...1
    case .atan2, .pow: return 2...2
    case .min, .max: return 2...Int.max
    case .clamp, .mix: return 3...3
    }
  }

  static func named(_ name: String, at range: Range<Int>) throws(ExpressionError) -> ExpressionFunction {
    if let function = ExpressionFunction(rawValue: name) { return function }
    var suggestion = Suggestion(for: name, among: allCases.map(\.rawValue))
    if suggestion.help == nil {
      suggestion.help =
        Expression.builtinNames.contains(name)
        ? "'\(name)' is a constant, not a function"
        : "the functions are \(allCases.map(\.rawValue).joined(separator: ", "))"
    }
    throw ExpressionError(
      code: ExpressionDiagnostics.unknownFunction, message: "unknown function '\(name)'", range: range,
      help: suggestion.help, replacement: suggestion.replacement)
  }

  func checkArgumentCount(_ count: Int, at range: Range<Int>) throws(ExpressionError) {
    guard !arity.contains(count) else { return }
    let wanted: String
    switch arity.upperBound {
    case arity.lowerBound: wanted = arity.lowerBound == 1 ? "1 argument" : "\(arity.lowerBound) arguments"
    default: wanted = "\(arity.lowerBound) or more arguments"
    }
    throw ExpressionError(
      code: ExpressionDiagnostics.argumentCount, message: "'\(rawValue)' takes \(wanted), found \(count)",
      range: range, help: "call it as \(signature)")
  }

  /// The function's value; the parser has already checked the argument count.
  func apply(_ arguments: ArraySlice<Operand>) throws(ExpressionError) -> Quantity {
    let values = arguments.map(\.quantity.value)
    let first = arguments.first!
    let x = values[0]
    switch self {
    case .sin: return try Quantity(sine(value(first, in: [.none, .angle])))
    case .cos: return try Quantity(cosine(value(first, in: [.none, .angle])))
    case .tan: return try Quantity(tangent(value(first, in: [.none, .angle])))
    case .asin: return try Quantity(arcsine(value(first, in: [.none])), .angle)
    case .acos: return try Quantity(arccosine(value(first, in: [.none])), .angle)
    case .atan: return try Quantity(arctangent(value(first, in: [.none])), .angle)
    case .atan2:
      _ = try sharedUnit(arguments)
      return Quantity(atan2Radians(x, values[1]), .angle)
    case .sqrt: return try Quantity(value(first, in: [.none]).squareRoot())
    case .pow: return try Quantity(power(value(first, in: [.none]), value(arguments.last!, in: [.none])))
    case .abs: return Quantity(x.magnitude, first.quantity.unit)
    case .floor: return Quantity(x.rounded(.down), first.quantity.unit)
    case .ceil: return Quantity(x.rounded(.up), first.quantity.unit)
    case .round: return Quantity(x.rounded(), first.quantity.unit)
    case .min: return Quantity(values.min()!, try sharedUnit(arguments))
    case .max: return Quantity(values.max()!, try sharedUnit(arguments))
    case .clamp: return Quantity(Swift.min(Swift.max(x, values[1]), values[2]), try sharedUnit(arguments))
    case .mix:
      let unit = try sharedUnit(arguments.prefix(2))
      return try Quantity(x + (values[1] - x) * value(arguments.last!, in: [.none]), unit)
    }
  }

  /// Why a call gave NaN or infinity, for the not-finite help.
  var whyNotFinite: String {
    switch self {
    case .sqrt: return "sqrt of a negative number has no real value"
    case .asin, .acos: return "\(rawValue) takes values from -1 to 1"
    case .pow: return "pow of a negative base to a fractional power has no real value, and large powers overflow"
    case .sin, .cos, .tan, .atan, .atan2, .abs, .min, .max, .floor, .ceil, .round, .clamp, .mix:
      return "the result is too large to represent"
    }
  }

  /// The argument's value, when its unit is one of `units`.
  private func value(_ argument: Operand, in units: [Unit]) throws(ExpressionError) -> Double {
    let unit = argument.quantity.unit
    guard !units.contains(unit) else { return argument.quantity.value }
    let wanted = units.contains(.angle) ? "an angle or a number" : "a number"
    throw ExpressionError(
      code: ExpressionDiagnostics.unitMismatch, message: "'\(rawValue)' takes \(wanted), found \(unit.phrase)",
      range: argument.range, help: Self.unitRemoval(unit))
  }

  /// The one unit all arguments share, bare numbers adopting it; an angle beside a duration is an error.
  private func sharedUnit(_ arguments: ArraySlice<Operand>) throws(ExpressionError) -> Unit {
    var unit = Unit.none
    var witness: Operand?
    for argument in arguments {
      guard let combined = unit.combined(with: argument.quantity.unit) else {
        throw ExpressionError(
          code: ExpressionDiagnostics.unitMismatch,
          message: "'\(rawValue)' can't mix \(unit.phrase) and \(argument.quantity.unit.phrase)",
          range: argument.range, labels: witness.map { [("this is \(unit.phrase)", $0.range)] } ?? [],
          help: "give all angles or all durations; bare numbers take either unit")
      }
      if combined != unit { witness = argument }
      unit = combined
    }
    return unit
  }

  /// "divide by 1rad (or 1deg) to make it a plain number".
  static func unitRemoval(_ unit: Unit) -> String? {
    switch unit {
    case .none: return nil
    case .angle: return "divide by 1rad (or 1deg) to make it a plain number"
    case .time: return "divide by 1s (or 1ms) to make it a plain number"
    }
  }
}

// The C library's functions, reached from file scope: inside the enum, its cases `sin`, `cos`… hide them.
private func sine(_ x: Double) -> Double { sin(x) }
private func cosine(_ x: Double) -> Double { cos(x) }
private func tangent(_ x: Double) -> Double { tan(x) }
private func arcsine(_ x: Double) -> Double { asin(x) }
private func arccosine(_ x: Double) -> Double { acos(x) }
private func arctangent(_ x: Double) -> Double { atan(x) }
private func atan2Radians(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
