/// A spec's path as the formats read by a repository's host name it: without leading `./` (the same file).
/// `scenec lint .` walks to `./specs/a.yaml`; GitHub matches an annotation's `file=` and a SARIF result's URI to the
/// repository's `specs/a.yaml` (the Actions runner makes only absolute paths relative to the workspace).
enum RepositoryPath {
  static func trimmingCurrentFolder(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}
