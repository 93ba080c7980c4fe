import SceneChecker
import SceneDiagnostics
import SceneExport
import SceneRuntime

/// The located diagnostics of one `compile`, `sample` or `export` run, on standard error in `--format
/// text|json|sarif|github|gitlab` (standard output carries the plan, the samples or the export).
///
/// Text goes out batch by batch, as each phase finishes (the checker's report first, as `lint` prints it, then the
/// export's warnings), so a terminal sees them when they happen. The machine formats gather every batch and write
/// one document when the command ends (`finish`), and leave out the plain `scenec: note:` lines, so standard error
/// is that document alone.
final class DiagnosticReport {
  static let options = ["--format", "--color"]
  static let help = """
      --format FORMAT      diagnostics on standard error as text (default), json, sarif, github or gitlab
      --color WHEN         text: auto (default), always, never
    """

  let format: ReportFormat
  private let color: Bool
  private let console: Console
  /// The spec the diagnostics are about; nil until a phase has read it.
  private(set) var source: SourceFile?
  private var gathered: [Diagnostic] = []
  private var finished = false

  init(_ parsed: Arguments, console: Console) throws(CommandFailure) {
    format = try ReportFormat.parse(parsed.value("--format"))
    color = try ReportFormat.colorEnabled(parsed.value("--color"), sink: console.standardError, console: console)
    self.console = console
  }

  /// The spec later diagnostics point into (the first one given is kept).
  func use(_ source: SourceFile) {
    if self.source == nil { self.source = source }
  }

  /// Diagnostics about `source`, already sorted and with the file's suppressions applied.
  func add(_ diagnostics: [Diagnostic], in source: SourceFile) {
    use(source)
    guard !diagnostics.isEmpty else { return }
    if format == .text {
      _ = console.standardError.write(
        TextRenderer(color: color).render([FileReport(source: source, diagnostics: diagnostics)]))
    } else {
      gathered += diagnostics
    }
  }

  /// A line for people (`scenec: note: …`): text format only.
  func note(_ line: String) {
    if format == .text { _ = console.standardError.write(line + "\n") }
  }

  /// Export warnings as located diagnostics (through `Plan.sourceMap`), without those the spec's `# scenec-disable`
  /// comments switch off; returns how many are reported.
  @discardableResult
  func add(_ warnings: [ExportWarning], plan: Plan, input: String) -> Int {
    guard !warnings.isEmpty else { return 0 }
    let source = self.source ?? SourceFile(path: input, bytes: [])
    let places = ExportWarningPlaces(plan: plan, sceneTop: ExportWarningPlaces.sceneTop(in: source))
    let diagnostics = SpecChecker.removingSuppressed(places.diagnostics(warnings).sorted(), in: source)
    add(diagnostics, in: source)
    return diagnostics.count
  }

  /// Writes the gathered document (machine formats; an empty report when nothing was found). Once.
  func finish() {
    guard !finished else { return }
    finished = true
    guard format != .text else { return }
    let reports = source.map { [FileReport(source: $0, diagnostics: gathered.sorted())] } ?? []
    _ = console.standardError.write(format.renderer(color: false, short: false).render(reports))
  }
}
