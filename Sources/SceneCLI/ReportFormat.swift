import SceneChecker
import SceneDiagnostics

/// `--format text|json|sarif|github`.
enum ReportFormat: String, CaseIterable {
  case text
  case json
  case sarif
  case github

  static func parse(_ value: String?) throws(CommandFailure) -> ReportFormat {
    guard let value else { return .text }
    guard let format = ReportFormat(rawValue: value) else {
      let hint =
        Suggestions.closest(to: value, among: allCases.map(\.rawValue)).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown format '\(value)'; the formats are text, json, sarif and github\(hint)")
    }
    return format
  }

  func renderer(color: Bool, short: Bool) -> any ReportRenderer {
    switch self {
    case .text: return TextRenderer(color: color, short: short)
    case .json: return JSONRenderer()
    case .sarif:
      // The exporters' codes too: compile, sample and export report them (a lint report never uses them).
      return SARIFRenderer(toolVersion: SceneCLI.version, catalogue: SpecChecker.catalogue + ExportCodeCatalogue.all)
    case .github: return GitHubRenderer()
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
