import SceneChecker
import SceneCompiler
import SceneDiagnostics
import SceneRuntime

/// One compile of the previewed spec: its plan when it has no errors, and its diagnostics as `scenec lint
/// --format json` writes them (the page's `/diagnostics.json`) and as text for the terminal.
struct PreviewBuild {
  var planJSON: String?
  var diagnosticsJSON: String
  var diagnosticsText: String
  var hasErrors: Bool

  /// `shownAs` names the spec in what the page gets (the plan's source map, the JSON report) in place of its
  /// path; the terminal's text keeps the path as given.
  static func compile(_ source: SourceFile, options: SpecChecker.Options, shownAs name: String? = nil) -> PreviewBuild {
    var result = SpecChecker.check(source, options: options)
    let reports = [FileReport(source: source, diagnostics: result.diagnostics)]
    let shown = name.map {
      [FileReport(source: SourceFile(path: $0, bytes: source.bytes), diagnostics: reports[0].diagnostics)]
    }
    let json = JSONRenderer().render(shown ?? reports)
    let text = result.diagnostics.isEmpty ? "" : TextRenderer(color: false).render(reports)
    guard !result.hasErrors, let scene = result.scene else {
      return PreviewBuild(planJSON: nil, diagnosticsJSON: json, diagnosticsText: text, hasErrors: true)
    }
    result.scene = nil
    var plan = PlanCompiler.compile(consuming: scene, source: source)
    if let name { plan.sourceMap?.path = name }
    return PreviewBuild(
      planJSON: String(decoding: plan.prettyJSONBytes(), as: UTF8.self), diagnosticsJSON: json,
      diagnosticsText: text, hasErrors: false)
  }
}
