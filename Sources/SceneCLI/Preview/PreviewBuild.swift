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

  static func compile(_ source: SourceFile, options: SpecChecker.Options) -> PreviewBuild {
    var result = SpecChecker.check(source, options: options)
    var compiled: PlanCompiler.Compilation?
    if !result.hasErrors, let scene = result.scene {
      result.scene = nil
      compiled = PlanCompiler.checkedCompile(consuming: scene, source: source)
    }
    let diagnostics = (result.diagnostics + (compiled?.diagnostics ?? [])).sorted()
    let reports = [FileReport(source: source, diagnostics: diagnostics)]
    let json = JSONRenderer().render(reports)
    let text = diagnostics.isEmpty ? "" : TextRenderer(color: false).render(reports)
    guard let plan = compiled?.plan, compiled?.diagnostics.isEmpty == true else {
      return PreviewBuild(planJSON: nil, diagnosticsJSON: json, diagnosticsText: text, hasErrors: true)
    }
    return PreviewBuild(
      planJSON: String(decoding: plan.prettyJSONBytes(), as: UTF8.self), diagnosticsJSON: json,
      diagnosticsText: text, hasErrors: false)
  }
}
