/// How SARIF names a spec file: a relative URI reference under `%SRCROOT%` (what GitHub code scanning resolves
/// against the checkout), or a `file://` URI when the path is absolute and outside `sourceRoot`.
struct ArtifactURI: Hashable {
  static let sourceRootBaseID = "%SRCROOT%"

  let uri: String
  /// `%SRCROOT%` for relative URIs, nil for absolute ones.
  let baseID: String?

  init(path: String, sourceRoot: String?) {
    var path = path.replacingBackslashes()
    if let root = sourceRoot.map({ $0.replacingBackslashes() }), !root.isEmpty {
      let prefix = root.hasSuffix("/") ? root : root + "/"
      if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
    }
    while path.hasPrefix("./") { path.removeFirst(2) }
    if path.hasPrefix("/") {
      uri = "file://" + Self.percentEncoded(path, keepingColon: true)
      baseID = nil
    } else if Self.startsWithDriveLetter(path) {
      uri = "file:///" + Self.percentEncoded(path, keepingColon: true)
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

  private static func startsWithDriveLetter(_ path: String) -> Bool {
    let scalars = Array(path.unicodeScalars.prefix(3))
    return scalars.count == 3 && scalars[0].properties.isAlphabetic && scalars[0].isASCII && scalars[1] == ":"
      && scalars[2] == "/"
  }
}

extension String {
  fileprivate func replacingBackslashes() -> String {
    String(unicodeScalars.map { $0 == "\\" ? "/" : Character($0) })
  }
}
