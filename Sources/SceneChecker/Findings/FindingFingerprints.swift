import SceneDiagnostics
import SceneYAML

/// The fingerprints of a report's findings (`FindingFingerprint`), for the baseline and the GitLab report: the key
/// path of each span comes from the file's located node tree, read again here (only for a file with findings).
public enum FindingFingerprints {
  /// One fingerprint per diagnostic of `report`, in its order. `limits` should be those the file was checked
  /// with, so that the tree is the one the checker saw; `currentFolder` makes absolute paths inside it relative.
  public static func of(_ report: FileReport, limits: YAMLLimits = .default, currentFolder: String?)
    -> [FindingFingerprint]
  {
    guard !report.diagnostics.isEmpty else { return [] }
    let source = report.source
    let path = FindingFingerprint.normalizedPath(source.path, currentFolder: currentFolder)
    let document = source.bytes.isEmpty ? YAMLDocument() : YAMLReader.read(source, limits: limits).document
    return report.diagnostics.map { diagnostic in
      FindingFingerprint(
        path: path, code: diagnostic.code.id, keyPath: document.keyPath(at: diagnostic.span.start),
        spanText: source.text(of: diagnostic.span))
    }
  }
}
