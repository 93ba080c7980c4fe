import SceneChecker
import SceneCompiler
import SceneDiagnostics
import SceneRuntime

/// One compile of the previewed spec: its plan when it has no errors, and its diagnostics as `scenec lint
/// --format json` writes them (the page's `/diagnostics.json`) and as text for the terminal.
struct PreviewBuild {
  var planJSON: String?
  /// The spans the page plays and loops (`PreviewSpans`), with the plan.
  var spansJSON: String?
  var diagnosticsJSON: String
  var diagnosticsText: String
  var hasErrors: Bool

  /// `shownAs` names the spec in what the page gets (the plan's source map, the JSON report) in place of its
  /// path; the terminal's text keeps the path as given.
  static func compile(_ source: SourceFile, options: SpecChecker.Options, shownAs name: String? = nil) -> PreviewBuild {
    var result = SpecChecker.check(source, options: options)
    var compiled: PlanCompiler.Compilation?
    if !result.hasErrors, let scene = result.scene {
      result.scene = nil
      compiled = PlanCompiler.checkedCompile(consuming: scene, source: source)
    }
    let diagnostics = (result.diagnostics + (compiled?.diagnostics ?? [])).sorted()
    let reports = [FileReport(source: source, diagnostics: diagnostics)]
    let shown = name.map {
      [FileReport(source: SourceFile(path: $0, bytes: source.bytes), diagnostics: diagnostics)]
    }
    let json = JSONRenderer().render(shown ?? reports)
    let text = diagnostics.isEmpty ? "" : TextRenderer(color: false).render(reports)
    guard var plan = compiled?.plan, compiled?.diagnostics.isEmpty == true else {
      return PreviewBuild(planJSON: nil, diagnosticsJSON: json, diagnosticsText: text, hasErrors: true)
    }
    if let name { plan.sourceMap?.path = name }
    return PreviewBuild(
      planJSON: String(decoding: plan.prettyJSONBytes(), as: UTF8.self), spansJSON: PreviewSpans.json(plan: plan),
      diagnosticsJSON: json,
      diagnosticsText: text, hasErrors: false)
  }
}
