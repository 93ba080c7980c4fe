/// A spec's path as the formats read by a repository's host name it: without leading `./` (the same file).
/// `scenec lint .` walks to `./specs/a.yaml`; GitHub matches an annotation's `file=` and a SARIF result's URI to the
/// repository's `specs/a.yaml` (the Actions runner makes only absolute paths relative to the workspace).
enum RepositoryPath {
  static func trimmingCurrentFolder(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }

  /// The path by which the baseline and GitLab's report name a file (`FindingFingerprint.normalizedPath`), which
  /// must be relative to the repository and the same from run to run: `trimmingCurrentFolder`'s, and also an
  /// absolute path inside `currentFolder` made relative to it, and `.` segments, empty segments (`a//b`) and a
  /// trailing `/` dropped. `..` is kept (resolving it would need the file system and its links); another absolute
  /// path stays absolute; `<stdin>` is kept.
  static func normalized(_ path: String, currentFolder: String?) -> String {
    var path = trimmingCurrentFolder(path)
    if let folder = currentFolder, folder.hasPrefix("/") {
      let prefix = folder.hasSuffix("/") ? folder : folder + "/"
      if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
    }
    let absolute = path.hasPrefix("/")
    let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
