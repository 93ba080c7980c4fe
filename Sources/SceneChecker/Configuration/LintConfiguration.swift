import SceneDiagnostics

/// How a rule is reported: not at all, as a warning, or as an error (which makes lint exit 1).
public enum RuleLevel: String, Sendable, CaseIterable {
  case off
  case warning
  case error
}

/// One `.scenec.yml`, read and checked: the rule levels, the patterns of the files a folder walk lints, and the
/// input limits it sets. Grammar.md ("Lint configuration") documents the keys.
public struct LintConfiguration: Sendable {
  public static let fileName = ".scenec.yml"
  /// What a folder walk lints when `include:` is not given.
  public static let defaultInclude = ["*.yaml", "*.yml"].compactMap { try? PathPattern.parse($0).get() }

  /// The file as read; reports name it by `source.path`.
  public let source: SourceFile
  /// The absolute folder holding it, which its patterns are relative to.
  public let folder: String
  /// Levels that `rules:` sets, by code.
  public internal(set) var levels: [DiagnosticCode: RuleLevel] = [:]
  public internal(set) var exclude: [PathPattern] = []
  /// `include:` as written; nil when absent (then `defaultInclude`).
  public internal(set) var include: [PathPattern]?
  /// Limits it sets, by name (`max-layers`).
  public internal(set) var limits: [String: Int] = [:]
  /// Its own problems, located in it; while it has any, lint checks no spec.
  public internal(set) var diagnostics: [Diagnostic] = []

  /// Reads and checks `source`, a config file in the absolute `folder`.
  public init(source: SourceFile, folder: String) {
    self.source = source
    self.folder = folder
    ConfigurationReader(source: source).read(into: &self)
    diagnostics.sort()
  }

  /// A config that could not be read at all: `diagnostic` (E0114) is all it holds.
  public init(unreadable source: SourceFile, folder: String, diagnostic: Diagnostic) {
    self.source = source
    self.folder = folder
    diagnostics = [diagnostic]
  }

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  public var excludeRules: [PathRules.Rule] { exclude.map { PathRules.Rule($0, folder: folder) } }
  /// `include:`'s rules, or the default's, which select a spec file wherever it is.
  public var includeRules: [PathRules.Rule] {
    include.map { $0.map { PathRules.Rule($0, folder: folder) } } ?? Self.defaultIncludeRules
  }
  public static let defaultIncludeRules = defaultInclude.map { PathRules.Rule($0, folder: "/") }

  /// `diagnostics` at the levels `rules:` gives them: `off` removes one, `warning` and `error` set its severity.
  /// Errors keep theirs (the config cannot lower them: E1004).
  public func applyingLevels(to diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard !levels.isEmpty else { return diagnostics }
    return diagnostics.compactMap { diagnostic in
      guard diagnostic.code.severity == .warning, let level = levels[diagnostic.code] else { return diagnostic }
      var changed = diagnostic
      switch level {
      case .off: return nil
      case .warning: changed.severity = .warning
      case .error: changed.severity = .error
      }
      return changed
    }
  }
}
