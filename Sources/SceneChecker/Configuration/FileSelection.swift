/// Which files a folder walk lints: each entry is judged by the config of the folder holding it (its `exclude:` and
/// `include:`) and by the command line's `--exclude`, which comes after the config's patterns (so it can also take
/// one back with `!`). Hidden entries (a name starting with `.`: `.git`, `.github`, `.build`) are never walked into
/// or linted; an excluded folder is not walked into, so nothing below it can be taken back. Paths named on the
/// command line are not judged at all: they are always read.
public struct FileSelection: Sendable {
  public enum Decision: Sendable, Hashable {
    /// A folder to walk into, or a file to lint.
    case selected
    case hidden
    /// The pattern that excluded it.
    case excluded(PathPattern)
    /// A file that no `include:` pattern (by default `*.yaml`, `*.yml`) selects.
    case notIncluded
  }

  public var finder: ConfigurationFinder
  /// `--exclude`'s patterns, relative to the working folder.
  public let commandLineExclude: [PathPattern]

  public init(finder: ConfigurationFinder, commandLineExclude: [PathPattern]) {
    self.finder = finder
    self.commandLineExclude = commandLineExclude
  }

  /// What a walk does with the entry at the absolute `path`.
  public mutating func decide(_ path: String, isFolder: Bool) -> Decision {
    let name = path.split(separator: "/").last ?? ""
    if name.hasPrefix(".") { return .hidden }
    let configuration = finder.configuration(forFolder: FilePaths.parent(path))
    let exclude = PathRules(
      (configuration?.excludeRules ?? [])
        + commandLineExclude.map { PathRules.Rule($0, folder: finder.workingFolder) })
    if let rule = exclude.lastMatch(path, isFolder: isFolder), !rule.pattern.isNegated {
      return .excluded(rule.pattern)
    }
    if isFolder { return .selected }
    let include = PathRules(configuration?.includeRules ?? LintConfiguration.defaultIncludeRules)
    return include.selects(path, isFolder: false) ? .selected : .notIncluded
  }

  /// What a walk of the absolute folder `root` would do with the file at the absolute `path` below it: the first
  /// folder on the way down that it would not walk into decides, else the file's own decision.
  public mutating func decide(file path: String, walkedFrom root: String) -> Decision {
    guard let segments = FilePaths.segments(of: path, below: root), !segments.isEmpty else {
      return decide(path, isFolder: false)
    }
    var folder = root
    for segment in segments.dropLast() {
      folder = (folder == "/" ? "" : folder) + "/" + segment
      let decision = decide(folder, isFolder: true)
      if decision != .selected { return decision }
    }
    return decide(path, isFolder: false)
  }
}
