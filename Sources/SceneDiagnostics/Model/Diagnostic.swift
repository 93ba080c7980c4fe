/// A finding about a spec, as data: rendering (text, JSON, SARIF, GitHub annotations) is separate.
public struct Diagnostic: Sendable, Hashable {
  public var code: DiagnosticCode
  public var severity: Severity
  /// One line that makes sense alone: "unknown key 'opactiy' in a layer".
  public var message: String
  /// What the caret underlines.
  public var span: Span
  /// Other places that explain this one ("first defined here").
  public var labels: [Label]
  /// Extra facts ("while parsing a block mapping").
  public var notes: [String]
  /// How to fix it ("did you mean 'opacity'?"); rendered as `help:`.
  public var help: String?
  /// A machine-applicable replacement for `span`, when the fix is certain enough to offer (did-you-mean).
  public var replacement: String?

  public init(
    _ code: DiagnosticCode, _ message: String, at span: Span, labels: [Label] = [], notes: [String] = [],
    help: String? = nil, replacement: String? = nil
  ) {
    self.code = code
    self.severity = code.severity
    self.message = message
    self.span = span
    self.labels = labels
    self.notes = notes
    self.help = help
    self.replacement = replacement
  }

  public struct Label: Sendable, Hashable {
    public var span: Span
    public var message: String

    public init(_ message: String, at span: Span) {
      self.span = span
      self.message = message
    }
  }
}

extension Diagnostic: Comparable {
  /// Position first (the order a reader meets them in the file), then code, then message, so that sorting is
  /// total and output is deterministic.
  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    if lhs.span.start != rhs.span.start { return lhs.span.start < rhs.span.start }
    if lhs.span.end != rhs.span.end { return lhs.span.end < rhs.span.end }
    if lhs.code != rhs.code { return lhs.code < rhs.code }
    return lhs.message < rhs.message
  }
}
