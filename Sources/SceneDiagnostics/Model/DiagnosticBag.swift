/// Collects the diagnostics of a phase. A phase reports every error it finds; the pipeline stops before the
/// next phase when any of them is an error.
public struct DiagnosticBag: Sendable {
  public private(set) var diagnostics: [Diagnostic] = []

  public init() {}

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  public var isEmpty: Bool { diagnostics.isEmpty }

  public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  public mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

  public mutating func error(
    _ code: DiagnosticCode, _ message: String, at span: Span, labels: [Diagnostic.Label] = [],
    notes: [String] = [], help: String? = nil, replacement: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(code, message, at: span, labels: labels, notes: notes, help: help, replacement: replacement))
  }

  /// The diagnostics sorted by position, duplicates removed.
  public var sorted: [Diagnostic] {
    var seen = Set<Diagnostic>()
    return diagnostics.sorted().filter { seen.insert($0).inserted }
  }
}
