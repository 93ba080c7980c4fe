import SceneDiagnostics
import SceneYAML

/// Reads a `.scenec.yml` with the spec reader (so its YAML problems are the same located E01xx) and checks every
/// key, collecting every problem rather than stopping at the first.
struct ConfigurationReader {
  static let keys = ["rules", "exclude", "include"] + InputLimit.all.map(\.name)
  /// What `rules:` may name: what lint reports.
  static let lookup = CodeLookup(SpecChecker.catalogue)

  let source: SourceFile

  func read(into configuration: inout LintConfiguration) {
    let read = YAMLReader.read(source)
    // An empty file (or one of only comments) sets nothing, which is a config, not a problem.
    var diagnostics = read.diagnostics.filter { $0.code != YAMLDiagnostics.emptyDocument }
    for index in diagnostics.indices where startsWithTagOrAlias(diagnostics[index]) {
      diagnostics[index].notes.append(
        "a pattern that starts with '!' or '*' must be quoted in YAML: - \"!specs/keep/\", - \"*.scene.yml\"")
    }
    configuration.diagnostics = diagnostics
    guard !diagnostics.contains(where: { $0.severity == .error }), let root = read.document.root else { return }
    var reading = Reading(document: read.document, diagnostics: [])
    reading.settings(root, into: &configuration)
    configuration.diagnostics += reading.diagnostics
  }

  /// Whether a YAML problem is an unquoted `!…` (a tag) or `*…` (an alias, which fails to parse as one when
  /// followed by `.`): what a glob written as it is in a shell gives.
  private func startsWithTagOrAlias(_ diagnostic: Diagnostic) -> Bool {
    if diagnostic.code == YAMLDiagnostics.tag || diagnostic.code == YAMLDiagnostics.anchor { return true }
    guard diagnostic.code == YAMLDiagnostics.syntax else { return false }
    let start = diagnostic.span.start
    return [start - 1, start].contains { $0 >= 0 && $0 < source.bytes.count && source.bytes[$0] == UInt8(ascii: "*") }
  }

  /// The walk over the document, with the problems found so far.
  private struct Reading {
    let document: YAMLDocument
    var diagnostics: [Diagnostic]

    mutating func settings(_ root: YAMLNode, into configuration: inout LintConfiguration) {
      guard document.kind(root) == .mapping else {
        problem(
          ConfigurationDiagnostics.wrongType, "a .scenec.yml is a mapping of settings, found \(describe(root))",
          at: root, help: "write keys such as `rules:`, `exclude:` and `max-layers:` at the top level")
        return
      }
      for entry in document.entries(root) {
        let key = document.scalar(entry.key)
        switch key {
        case "rules": rules(entry.value, into: &configuration.levels)
        case "exclude": configuration.exclude = patterns(entry.value, key: key) ?? []
        case "include": configuration.include = patterns(entry.value, key: key) ?? configuration.include
        default:
          if let limit = InputLimit.named(key) {
            if let value = limitValue(entry.value, limit: limit) { configuration.limits[limit.name] = value }
            continue
          }
          let closest = Suggestions.closest(to: key, among: ConfigurationReader.keys).first
          diagnostics.append(
            Diagnostic(
              ConfigurationDiagnostics.unknownKey, "unknown key '\(key)' in .scenec.yml",
              at: document.span(entry.key),
              help: closest.map { "did you mean '\($0)'?" }
                ?? "the keys are rules, exclude, include and the limits (max-layers, …); Grammar.md, "
                + "\"Lint configuration\"",
              replacement: closest))
        }
      }
    }

    private mutating func rules(_ node: YAMLNode, into levels: inout [DiagnosticCode: RuleLevel]) {
      if document.isEmptyPlainScalar(node) { return }
      guard document.kind(node) == .mapping else {
        problem(
          ConfigurationDiagnostics.wrongType, "`rules` is a mapping of codes to levels, found \(describe(node))",
          at: node, help: "write one `CODE: LEVEL` per line below `rules:`, e.g. `W0106: off`")
        return
      }
      for entry in document.entries(node) {
        let word = document.scalar(entry.key)
        let code = ConfigurationReader.lookup.code(word)
        if code == nil { unknownRule(word, at: entry.key) }
        guard let level = level(entry.value), let code else { continue }
        guard code.severity == .warning || level == .error else {
          problem(
            ConfigurationDiagnostics.errorLevel,
            "\(code.id) (\(code.name)) is an error, and errors cannot be turned off or made warnings",
            at: entry.value,
            help: "a spec with an error cannot compile: fix it, or exclude the file; only warnings (W…) have levels")
          continue
        }
        levels[code] = level
      }
    }

    private mutating func unknownRule(_ word: String, at node: YAMLNode) {
      if let export = ExportCodeCatalogue.all.first(where: { $0.id == word || $0.name == word }) {
        problem(
          ConfigurationDiagnostics.unknownRule,
          "\(export.id) (\(export.name)) is an export warning, which lint never reports", at: node,
          help: "switch it off in the spec, where `scenec export` reads it: `# scenec-disable: \(export.id)`")
        return
      }
      problem(
        ConfigurationDiagnostics.unknownRule, "'\(word)' is not a diagnostic code or name", at: node,
        help: ConfigurationReader.lookup.suggestion(for: word)
          ?? "name a warning by its code (W0106) or its name (unused-layer); Grammar.md lists them")
    }

    private mutating func level(_ node: YAMLNode) -> RuleLevel? {
      guard document.kind(node) == .scalar else {
        problem(
          ConfigurationDiagnostics.wrongType, "a rule level is one word, found \(describe(node))", at: node,
          help: "write off, warning or error")
        return nil
      }
      let word = document.scalar(node)
      if let level = RuleLevel(rawValue: word) { return level }
      // eslint's `warn` is a prefix of `warning`, too far from it for the edit distance alone.
      let closest =
        Suggestions.closest(to: word, among: RuleLevel.allCases.map(\.rawValue)).first
        ?? RuleLevel.allCases.first { !word.isEmpty && $0.rawValue.hasPrefix(word.lowercased()) }?.rawValue
      diagnostics.append(
        Diagnostic(
          ConfigurationDiagnostics.unknownLevel, "'\(word)' is not a rule level", at: document.span(node),
          help: closest.map { "did you mean '\($0)'?" } ?? "write off, warning or error", replacement: closest))
      return nil
    }

    /// The patterns of a list, or nil when the value is no list.
    private mutating func patterns(_ node: YAMLNode, key: String) -> [PathPattern]? {
      if document.isEmptyPlainScalar(node) { return [] }
      guard document.kind(node) == .sequence else {
        problem(
          ConfigurationDiagnostics.wrongType, "`\(key)` is a list of patterns, found \(describe(node))", at: node,
          help: "write one `- pattern` per line below `\(key):`, or `\(key): [\"Fuzz/\"]`")
        return nil
      }
      var patterns: [PathPattern] = []
      for item in document.items(node) {
        guard document.kind(item) == .scalar else {
          problem(
            ConfigurationDiagnostics.wrongType, "a pattern is a string, found \(describe(item))", at: item,
            help: "write the glob itself, e.g. `- \"Tests/**/Fixtures/*\"`")
          continue
        }
        let text = document.scalar(item)
        switch PathPattern.parse(text) {
        case .success(let pattern): patterns.append(pattern)
        case .failure(.empty):
          problem(
            ConfigurationDiagnostics.badPattern, "an empty pattern matches nothing", at: item,
            help: "remove it, or write a glob such as `Fuzz/`")
        case .failure(.reachesAbove):
          problem(
            ConfigurationDiagnostics.badPattern,
            "'\(text)' reaches above the folder of this .scenec.yml, where its patterns never look", at: item,
            help: "write the pattern in a .scenec.yml of a folder above, or name the path from this folder")
        }
      }
      return patterns
    }

    private mutating func limitValue(_ node: YAMLNode, limit: InputLimit) -> Int? {
      let text = document.kind(node) == .scalar ? document.scalar(node) : ""
      guard let value = InputLimit.number(text) else {
        let found = document.kind(node) == .scalar ? "'\(text)'" : describe(node)
        problem(
          ConfigurationDiagnostics.wrongType, "`\(limit.name)` is a positive whole number, found \(found)", at: node,
          help: "write a number of at most \(limit.ceiling), e.g. `\(limit.name): \(limit.ceiling / 10)`")
        return nil
      }
      guard value <= limit.ceiling else {
        problem(
          ConfigurationDiagnostics.limitTooLarge, "`\(limit.name)` is at most \(limit.ceiling), found \(text)",
          at: node, help: "the ceiling keeps a check's cost to what a machine meets; Grammar.md, \"Limits\"")
        return nil
      }
      return value
    }

    private func describe(_ node: YAMLNode) -> String {
      switch document.kind(node) {
      case .mapping: return "a mapping"
      case .sequence: return "a list"
      default: return document.isEmptyPlainScalar(node) ? "nothing" : "a single value"
      }
    }

    private mutating func problem(_ code: DiagnosticCode, _ message: String, at node: YAMLNode, help: String) {
      diagnostics.append(Diagnostic(code, message, at: document.span(node), help: help))
    }
  }
}
