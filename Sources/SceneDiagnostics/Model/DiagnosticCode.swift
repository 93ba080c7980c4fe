/// A stable diagnostic identity: `E0203` / `unknown-key`. Codes never change meaning once published;
/// Grammar.md indexes every one, and a test keeps that index in step with the catalogues.
public struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// `E…` for errors, `W…` for warnings.
  public let id: String
  /// Kebab-case name, shown in SARIF as the rule name and accepted wherever a code is
  /// (`# scenec-disable: unused-layer`).
  public let name: String
  public let severity: Severity
  /// One line for Grammar.md's index and SARIF's rule description.
  public let summary: String

  public init(_ id: String, _ name: String, _ summary: String) {
    self.id = id
    self.name = name
    self.severity = id.hasPrefix("W") ? .warning : .error
    self.summary = summary
  }

  public var description: String { id }

  public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.id < rhs.id }
}

public enum Severity: String, Sendable, Hashable, Comparable {
  case error
  case warning
  case note

  private var rank: Int {
    switch self {
    case .error: return 0
    case .warning: return 1
    case .note: return 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
