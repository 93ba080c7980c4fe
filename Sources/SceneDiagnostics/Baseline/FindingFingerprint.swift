/// What names one finding across edits that move it: the file, the code, where in the document it is (the YAML
/// key path) and what it is about (the text its span covers). No line or column is part of it, so a finding keeps
/// its fingerprint when lines are added above it. The baseline (`Baseline`), the GitLab report's fingerprints
/// (`GitLabRenderer`) and any other front end that must recognise a finding again (a language server) use this
/// one definition; docs/baseline.md describes it for people.
///
/// Two findings of one code on the same text at the same key path have the same fingerprint: matching counts them
/// (a baseline with two of them leaves out at most two).
public struct FindingFingerprint: Sendable, Hashable, Comparable {
  /// The file, as `normalizedPath` gives it.
  public let path: String
  /// The diagnostic code (`E0202`).
  public let code: String
  /// Where the span starts in the document, as `layers[id=button].animations[0].toValue` (see
  /// `YAMLDocument.keyPath(at:)`); empty at the top of the file or when the file is no YAML document.
  public let keyPath: String
  /// FNV-1a 64 (`FNV1a64`) of the span's text as `normalizedText` gives it, a NUL byte, and the key path: sixteen
  /// hex digits.
  public let digest: String

  public init(path: String, code: String, keyPath: String, digest: String) {
    self.path = path
    self.code = code
    self.keyPath = keyPath
    self.digest = digest
  }

  /// The fingerprint of a diagnostic whose span covers `spanText` and starts at `keyPath`, in the file `path`
  /// (already normalised).
  public init(path: String, code: String, keyPath: String, spanText: String) {
    var hash = FNV1a64()
    hash.combine(field: Self.normalizedText(spanText))
    hash.combine(keyPath.utf8)
    self.init(path: path, code: code, keyPath: keyPath, digest: hash.hex)
  }

  /// A span's text as the digest reads it: lines that hold only a comment are left out, every run of white space
  /// (line breaks included) becomes one space, and none is left at either end. Re-indenting a block or adding a
  /// comment line inside a spanned layer then keeps the finding's fingerprint.
  public static func normalizedText(_ text: String) -> String {
    var words: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("#") { continue }
      words += line.split { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
    return words.joined(separator: " ")
  }

  /// A path as the user gave it, made comparable between runs from the same folder (`RepositoryPath.normalized`):
  /// relative to `currentFolder` when inside it, without `.` or empty segments.
  public static func normalizedPath(_ path: String, currentFolder: String?) -> String {
    RepositoryPath.normalized(path, currentFolder: currentFolder)
  }

  /// File, code, key path, digest: the order of a baseline's entries.
  public static func < (lhs: FindingFingerprint, rhs: FindingFingerprint) -> Bool {
    (lhs.path, lhs.code, lhs.keyPath, lhs.digest) < (rhs.path, rhs.code, rhs.keyPath, rhs.digest)
  }
}
