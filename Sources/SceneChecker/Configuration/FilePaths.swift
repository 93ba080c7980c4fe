/// Absolute paths made and taken apart as text: the config lookup and the patterns compare paths, not files, so a
/// path is the same however it was written (`specs/./a.yaml`, `/repo/specs/a.yaml`).
public enum FilePaths {
  /// `path` made absolute against `folder` (itself absolute), with `.`, `..` and repeated `/` resolved as text
  /// (a `..` after a symbolic link goes back along the path written, as a shell's `cd` does).
  public static func absolute(_ path: String, in folder: String) -> String {
    let joined = path.hasPrefix("/") ? path : folder + "/" + path
    var segments: [Substring] = []
    for segment in joined.split(separator: "/") {
      switch segment {
      case ".": continue
      case "..": _ = segments.popLast()
      default: segments.append(segment)
      }
    }
    return "/" + segments.joined(separator: "/")
  }

  /// The folder holding an absolute path; `/` for `/` itself.
  public static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// `path`'s segments below `folder` (both absolute), or nil when it is not below it.
  public static func segments(of path: String, below folder: String) -> [Substring]? {
    if folder == "/" { return path.split(separator: "/") }
    guard path.hasPrefix(folder), path.count > folder.count else { return path == folder ? [] : nil }
    let rest = path.dropFirst(folder.count)
    guard rest.hasPrefix("/") else { return nil }
    return rest.split(separator: "/")
  }

  /// How a report names a file found at `path`: relative to the working folder when below it, else absolute.
  public static func shown(_ path: String, from workingFolder: String) -> String {
    guard let segments = segments(of: path, below: workingFolder), !segments.isEmpty else { return path }
    return segments.joined(separator: "/")
  }
}
