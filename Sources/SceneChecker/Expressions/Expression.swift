import SceneDiagnostics

/// The names an expression can read besides the built-ins: the scene size, `let` values and loop variables.
public struct ExpressionEnvironment: Sendable {
  public var width: Double
  public var height: Double
  /// `let` values and the loop variable of the `repeat` being checked.
  public var names: [String: Quantity]
  /// `let` names that hold a colour or a list of numbers: no expression can compute with them, but a colour may
  /// stand where a colour is read, and an expression that names one is told what it is.
  var typedNames: [String: TypedLetValue] = [:]

  public init(width: Double = 0, height: Double = 0, names: [String: Quantity] = [:]) {
    self.width = width
    self.height = height
    self.names = names
  }
}

/// Bounds that keep one expression cheap whatever its text, documented in Grammar.md.
public enum ExpressionLimits {
  /// Deepest nesting of parentheses and calls.
  public static var maxDepth: Int { 64 }
  /// Longest expression text, in UTF-8 bytes.
  public static var maxBytes: Int { 4096 }
}

/// Arithmetic on numbers, angles and durations, as scene values are written:
/// `(80 - 2*pad) / 2 / (cos(45deg) + 1)`.
///
/// `span` is where the text sits in the spec file, so that diagnostics point at the offending token; see
/// `SourceMap` for how quoted scalars are followed.
public enum Expression {
  /// The names every expression can read.
  public static let builtinNames = ["pi", "width", "height"]
  /// The functions every expression can call.
  public static let functionNames = ExpressionFunction.allCases.map(\.rawValue)

  /// The value of `text`, checked against the unit its place expects: `.angle` and `.time` also accept a bare
  /// number (radians, seconds) and return it in that unit, `.none` accepts only a bare number, `nil` anything.
  public static func evaluate(
    _ text: String, at span: Span, in environment: ExpressionEnvironment, expecting unit: Unit?
  ) -> Result<Quantity, ExpressionFailure> {
    parse(text, at: span).flatMap { $0.evaluate(in: environment, expecting: unit) }
  }

  /// Parses once for many evaluations, such as one per instance of a repeated layer.
  public static func parse(_ text: String, at span: Span) -> Result<ParsedExpression, ExpressionFailure> {
    let map = SourceMap(span: span, textLength: text.utf8.count)
    do {
      return .success(ParsedExpression(program: try ExpressionParser.parse(Array(text.utf8)), map: map))
    } catch {
      return .failure(ExpressionFailure(error.diagnostic(in: map)))
    }
  }

  /// The names `text` reads as values (not function names), in order of first use, without repeats. Works on
  /// malformed text too, reading past bad tokens, so that an error elsewhere in an expression does not make the
  /// unused-`let` lint report a name that is used.
  public static func referencedNames(in text: String) -> [String] {
    var lexer = ExpressionLexer(bytes: Array(text.utf8), limit: .max, detailedErrors: false)
    var names: [String] = []
    var seen: Set<String> = []
    var pending: String?
    while true {
      let kind: ExpressionToken.Kind
      do { kind = try lexer.next().kind } catch { continue }
      if let name = pending, kind != .leftParen, seen.insert(name).inserted { names.append(name) }
      pending = nil
      switch kind {
      case .name(let name): pending = name
      case .end: return names
      case .number, .plus, .minus, .star, .slash, .percent, .leftParen, .rightParen, .comma: break
      }
    }
  }
}

/// An expression parsed and ready to evaluate in any environment.
public struct ParsedExpression: Sendable {
  let program: ExpressionProgram
  let map: SourceMap

  /// Where the expression sits in the file.
  public var span: Span { map.span(of: program.range) }

  /// The names the expression reads as values, in order of first use, without repeats.
  public var referencedNames: [String] {
    var seen: Set<String> = []
    return program.instructions.compactMap {
      guard case .name(let name) = $0.operation, seen.insert(name).inserted else { return nil }
      return name
    }
  }

  /// See `Expression.evaluate`.
  public func evaluate(
    in environment: ExpressionEnvironment, expecting unit: Unit?
  ) -> Result<Quantity, ExpressionFailure> {
    do {
      let result = try ExpressionEvaluator(environment: environment).run(program)
      return .success(try ExpressionEvaluator.conform(result, to: unit))
    } catch {
      return .failure(ExpressionFailure(error.diagnostic(in: map)))
    }
  }
}
