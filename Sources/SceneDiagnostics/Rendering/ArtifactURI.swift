/// How SARIF names a spec file: a relative URI reference under `%SRCROOT%` (what GitHub code scanning resolves
/// against the checkout), or a `file://` URI when the path is absolute and outside `sourceRoot`.
///
/// The path is kept as given, byte for byte: every byte outside RFC 3986's path characters is percent-encoded
/// (`\`, `%`, space, `#`, `?`, controls, non-ASCII), so decoding the URI gives the file's name back. A `\` is a
/// character of a POSIX file name, not a separator: `a\b.yaml` is one file in the current folder, and writing it
/// `a/b.yaml` would name another. Only a leading `./` is dropped (it names the same file).
struct ArtifactURI: Hashable {
  static let sourceRootBaseID = "%SRCROOT%"

  let uri: String
  /// `%SRCROOT%` for relative URIs, nil for absolute ones.
  let baseID: String?

  init(path: String, sourceRoot: String?) {
    var path = path
    if let root = sourceRoot, !root.isEmpty {
      let prefix = root.hasSuffix("/") ? root : root + "/"
      if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
    }
    path = RepositoryPath.trimmingCurrentFolder(path)
    if path.hasPrefix("/") {
      uri = "file://" + Self.percentEncoded(path, keepingColon: true)
      baseID = nil
    } else {
      // A colon in the first segment would read as a scheme, so relative references encode it.
      uri = Self.percentEncoded(path, keepingColon: false)
      baseID = Self.sourceRootBaseID
    }
  }

  /// RFC 3986 path characters (unreserved, sub-delimiters, `@`, `/`) stay; every other UTF-8 byte becomes `%XX`.
  static func percentEncoded(_ path: String, keepingColon: Bool) -> String {
    var result = ""
    for byte in path.utf8 {
      let isUnreserved =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
      let isAllowed = isUnreserved || "!$&'()*+,;=@/".utf8.contains(byte) || (keepingColon && byte == UInt8(ascii: ":"))
      if isAllowed {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
