/// Ordered patterns, each relative to its own folder (a config's patterns to the config's folder, `--exclude`'s to
/// the working folder). As in .gitignore, the last pattern that matches a path decides: a plain one selects it, a
/// negated one (`!`) takes it back.
public struct PathRules: Sendable {
  public struct Rule: Sendable, Hashable {
    public let pattern: PathPattern
    /// The absolute folder the pattern is relative to.
    public let folder: String

    public init(_ pattern: PathPattern, folder: String) {
      self.pattern = pattern
      self.folder = folder
    }
  }

  public var rules: [Rule]

  public init(_ rules: [Rule] = []) { self.rules = rules }

  /// The last rule whose pattern matches the absolute `path`, or nil; a rule never matches a path outside its
  /// folder. The path is selected when that rule's pattern is not negated.
  public func lastMatch(_ path: String, isFolder: Bool) -> Rule? {
    for rule in rules.reversed() {
      guard let segments = FilePaths.segments(of: path, below: rule.folder) else { continue }
      if rule.pattern.matches(segments, isFolder: isFolder) { return rule }
    }
    return nil
  }

  public func selects(_ path: String, isFolder: Bool) -> Bool {
    lastMatch(path, isFolder: isFolder).map { !$0.pattern.isNegated } ?? false
  }
}
