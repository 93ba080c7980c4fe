import Foundation
import SceneChecker
import SceneDiagnostics
import SceneYAML

/// `--format text|json|sarif|github|gitlab`.
enum ReportFormat: String, CaseIterable {
  case text
  case json
  case sarif
  case github
  case gitlab

  /// `text|json|sarif|github|gitlab`, as usage lines write the choice.
  static let choices = allCases.map(\.rawValue).joined(separator: "|")

  static func parse(_ value: String?) throws(CommandFailure) -> ReportFormat {
    guard let value else { return .text }
    guard let format = ReportFormat(rawValue: value) else {
      let hint =
        Suggestions.closest(to: value, among: allCases.map(\.rawValue)).first.map { "; did you mean '\($0)'?" } ?? ""
      let names = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " and " + allCases.last!.rawValue
      throw .usage("unknown format '\(value)'; the formats are \(names)\(hint)")
    }
    return format
  }

  /// `yamlLimits` gives, by path, the limits the files were checked with: the GitLab report reads each file's node
  /// tree again for its fingerprints.
  func renderer(
    color: Bool, short: Bool, yamlLimits: @escaping @Sendable (String) -> YAMLLimits = { _ in .default }
  ) -> any ReportRenderer {
    switch self {
    case .text: return TextRenderer(color: color, short: short)
    case .json: return JSONRenderer()
    case .sarif:
      // The exporters' codes too: compile, sample and export report them (a lint report never uses them).
      return SARIFRenderer(toolVersion: SceneCLI.version, catalogue: SpecChecker.catalogue + ExportCodeCatalogue.all)
    case .github: return GitHubRenderer()
    case .gitlab:
      let folder = FileManager.default.currentDirectoryPath
      return GitLabRenderer { FindingFingerprints.of($0, limits: yamlLimits($0.source.path), currentFolder: folder) }
    }
  }

  /// `--color auto|always|never`; auto means a terminal without NO_COLOR.
  static func colorEnabled(_ value: String?, sink: OutputSink, console: Console) throws(CommandFailure) -> Bool {
    guard let choice = ColorChoice(rawValue: value ?? "auto") else {
      throw .usage("unknown colour choice '\(value ?? "")'; use auto, always or never")
    }
    return ColorPolicy(choice).isEnabled(environment: console.environment, outputIsTerminal: sink.isTerminal)
  }
}
