import SceneDiagnostics

/// The expression and colour diagnostic catalogue (codes E04xx).
public enum ExpressionDiagnostics {
  public static let syntax = DiagnosticCode(
    "E0401", "expression-syntax", "An expression has a character or token where it cannot stand.")
  public static let unbalancedParentheses = DiagnosticCode(
    "E0402", "unbalanced-parentheses", "A '(' that is never closed, or a ')' that closes nothing.")
  public static let unknownName = DiagnosticCode(
    "E0403", "unknown-name", "An expression uses a name that is neither built in nor defined by `let` or `repeat`.")
  public static let unknownFunction = DiagnosticCode(
    "E0404", "unknown-function", "A call to a function the expression language does not have.")
  public static let argumentCount = DiagnosticCode(
    "E0405", "argument-count", "A function or colour call with the wrong number of arguments.")
  public static let unitMismatch = DiagnosticCode(
    "E0406", "unit-mismatch", "Units that do not combine, such as an angle plus a duration.")
  public static let unknownUnit = DiagnosticCode(
    "E0407", "unknown-unit", "A number with a unit suffix other than deg, rad, ms or s.")
  public static let notFinite = DiagnosticCode(
    "E0408", "not-finite", "An expression whose value is NaN or infinite (division by zero, sqrt(-1), overflow).")
  public static let wrongUnit = DiagnosticCode(
    "E0409", "wrong-unit", "An expression whose unit does not fit its place, such as an angle given for opacity.")
  public static let tooDeep = DiagnosticCode(
    "E0410", "expression-too-deep", "An expression nests parentheses and calls deeper than 64 levels.")
  public static let tooLong = DiagnosticCode(
    "E0411", "expression-too-long", "An expression longer than 4096 bytes.")
  public static let nanOrInfinity = DiagnosticCode(
    "E0412", "nan-or-infinity", "`nan` or `inf` in an expression; only repeatCount accepts `inf`.")
  public static let malformedHexColor = DiagnosticCode(
    "E0413", "malformed-hex-color", "A hex colour that is not #RGB, #RGBA, #RRGGBB or #RRGGBBAA.")
  public static let unknownColor = DiagnosticCode(
    "E0414", "unknown-color", "A colour name that is not one of UIKit's fixed colours.")
  public static let channelOutOfRange = DiagnosticCode(
    "E0415", "color-channel-out-of-range", "An rgb()/rgba() channel outside 0–255, or an alpha outside 0–1.")
  public static let notAColor = DiagnosticCode(
    "E0416", "not-a-color", "A value that is not a hex colour, an rgb()/rgba() call or a colour name.")

  public static let letTypeMismatch = DiagnosticCode(
    "E0420", "let-type-mismatch", "A `let` name used where a value of another type is expected.")
  public static let letInArithmetic = DiagnosticCode(
    "E0421", "let-in-arithmetic", "A `let` name holding a colour or a list, used inside an arithmetic expression.")
  public static let letValueNotSupported = DiagnosticCode(
    "E0422", "let-value-not-supported",
    "A `let` value that is not a number, angle, duration, colour or list of numbers.")

  public static let all: [DiagnosticCode] = [
    syntax, unbalancedParentheses, unknownName, unknownFunction, argumentCount, unitMismatch, unknownUnit, notFinite,
    wrongUnit, tooDeep, tooLong, nanOrInfinity, malformedHexColor, unknownColor, channelOutOfRange, notAColor,
    letTypeMismatch, letInArithmetic, letValueNotSupported,
  ]
}

/// An expression or colour that could not be read or evaluated; `diagnostic` points into the spec file.
public struct ExpressionFailure: Error, Sendable, Hashable {
  public var diagnostic: Diagnostic

  public init(_ diagnostic: Diagnostic) {
    self.diagnostic = diagnostic
  }
}

/// A failure found inside an expression, located by byte offsets into the expression's own text. The lexer,
/// parser and evaluator know nothing about the file; `diagnostic(in:)` places the failure there at the end.
struct ExpressionError: Error {
  var code: DiagnosticCode
  var message: String
  var range: Range<Int>
  var labels: [(message: String, range: Range<Int>)] = []
  var notes: [String] = []
  var help: String?
  var replacement: String?
  /// Labels outside the expression's text, such as the `let` definition of a name it uses.
  var fileLabels: [Diagnostic.Label] = []

  func diagnostic(in map: SourceMap) -> Diagnostic {
    Diagnostic(
      code, message, at: map.span(of: range),
      labels: labels.map { Diagnostic.Label($0.message, at: map.span(of: $0.range)) } + fileLabels, notes: notes,
      help: help, replacement: replacement)
  }
}

/// A did-you-mean for an unknown word: the help line, and a replacement when exactly one candidate is close.
struct Suggestion {
  var help: String?
  var replacement: String?

  init(for word: String, among candidates: [String]) {
    let closest = Suggestions.closest(to: word, among: candidates)
    help = Suggestions.didYouMean(word, among: candidates)
    replacement = closest.count == 1 ? closest[0] : nil
  }
}

/// Where the bytes of an expression's text sit in the file.
///
/// A plain scalar's text is its source, byte for byte. A quoted scalar's source adds the two quotes, so when the
/// lengths differ by exactly two the text starts one byte in. Anything else (escapes, folded lines) cannot be
/// followed offset by offset, and every range maps to the whole scalar.
struct SourceMap {
  let span: Span
  private let shift: Int?

  init(span: Span, textLength: Int) {
    self.span = span
    switch span.end - span.start - textLength {
    case 0: shift = 0
    case 2: shift = 1
    default: shift = nil
    }
  }

  func span(of range: Range<Int>) -> Span {
    guard let shift else { return span }
    return Span(start: span.start + shift + range.lowerBound, end: span.start + shift + range.upperBound)
  }
}
