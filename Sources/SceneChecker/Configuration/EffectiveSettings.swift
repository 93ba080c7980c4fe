import SceneCore
import SceneDiagnostics

/// The settings that apply to one file, as `scenec lint --print-config FILE` prints them (Grammar.md, "Lint
/// configuration"): which config, the rule levels that differ from the defaults, the patterns, what a folder walk
/// does with the file, and every limit. Members in a fixed order, rules sorted by code: the same settings print
/// the same bytes.
public struct EffectiveSettings: Sendable {
  /// The file as named.
  public var file: String
  public var configuration: LintConfiguration?
  public var lookup: ConfigurationFinder.Lookup
  public var commandLineExclude: [PathPattern]
  /// What `scenec lint FOLDER` does with the file, for a walk of the working folder (of the file's own folder
  /// when it is not below the working folder).
  public var walk: FileSelection.Decision
  /// The limits in force: defaults, then the config's, then the flags'.
  public var options: SpecChecker.Options

  public init(
    file: String, configuration: LintConfiguration?, lookup: ConfigurationFinder.Lookup,
    commandLineExclude: [PathPattern], walk: FileSelection.Decision, options: SpecChecker.Options
  ) {
    self.file = file
    self.configuration = configuration
    self.lookup = lookup
    self.commandLineExclude = commandLineExclude
    self.walk = walk
    self.options = options
  }

  public var json: JSONValue {
    let lookupName: String
    switch lookup {
    case .nearest: lookupName = "nearest"
    case .given: lookupName = "given"
    case .none: lookupName = "none"
    }
    let (walkName, pattern): (String, PathPattern?)
    switch walk {
    case .selected: (walkName, pattern) = ("lint", nil)
    case .hidden: (walkName, pattern) = ("hidden", nil)
    case .excluded(let by): (walkName, pattern) = ("excluded", by)
    case .notIncluded: (walkName, pattern) = ("not-included", nil)
    }
    let changed = (configuration?.levels ?? [:]).filter { $0.value.rawValue != $0.key.severity.rawValue }
    let rules = changed.sorted { $0.key < $1.key }.map { code, level in
      (code.id, JSONValue.object([("name", .string(code.name)), ("level", .string(level.rawValue))]))
    }
    let include = configuration?.include ?? LintConfiguration.defaultInclude
    return .object([
      ("file", .string(file)),
      ("config", JSONValue(configuration?.source.path)),
      ("lookup", .string(lookupName)),
      ("walk", .string(walkName)),
      ("walkPattern", JSONValue(pattern?.text)),
      ("rules", .object(rules)),
      ("exclude", .array((configuration?.exclude ?? []).map { .string($0.text) })),
      ("commandLineExclude", .array(commandLineExclude.map { .string($0.text) })),
      ("include", .array(include.map { .string($0.text) })),
      ("limits", .object(InputLimit.all.map { ($0.name, JSONValue(options[keyPath: $0.limit])) })),
    ])
  }
}
