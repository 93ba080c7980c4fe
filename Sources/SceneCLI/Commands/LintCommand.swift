import Dispatch
import Foundation
import SceneChecker
import SceneDiagnostics
import SceneYAML

/// `scenec lint PATH…`: checks every spec and prints one report on standard output.
enum LintCommand {
  static let spec = Arguments.Spec(
    options: ["--format", "--color", "--jobs"] + LintBaseline.options + CheckOptions.names + LintSettings.options,
    flags: ["--strict", "--short", "--quiet"] + LintSettings.flags + LintFix.flags)

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "lint")
    let format = try ReportFormat.parse(parsed.value("--format"))
    var settings = try LintSettings(parsed)
    if let file = parsed.value("--print-config") {
      guard parsed.positional.isEmpty else { throw .usage("--print-config takes one file; give no other paths") }
      return try settings.printConfiguration(of: file, format: format, console: console)
    }
    guard !parsed.positional.isEmpty else { throw .usage("lint needs at least one file or folder") }
    let jobs = try parsed.integer("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let baseline = try LintBaseline(parsed)
    let fixMode = try LintFix.mode(parsed)
    let found = try settings.collect(parsed.positional)
    var unreadable = found.unreadable
    var sources: [SourceFile] = []
    var configurations: [LintConfiguration?] = []
    for path in found.files {
      let configuration = settings.configuration(for: path)
      let limit = settings.options(under: configuration).yamlLimits.maxInputBytes
      if path == "-" {
        sources.append(try SpecFiles.read(path, console: console, limit: limit))
        configurations.append(configuration)
        continue
      }
      switch SpecFiles.readFile(path, cap: limit < Int.max ? limit + 1 : limit) {
      case .success(let bytes):
        sources.append(SpecFiles.source(path: path, bytes: bytes, limit: limit))
        configurations.append(configuration)
      case .failure(let failure): unreadable.append(failure)
      }
    }
    // A config with problems checks nothing: its settings are not what its author meant (exit 2 below).
    let configurationProblems = settings.configurationProblems
    let fileOptions = configurations.map(settings.options(under:))
    var fixes: LintFix.Run?
    let checked: [FileReport]
    if !configurationProblems.isEmpty {
      checked = configurationProblems
    } else if let fixMode {
      // Each file is fixed with its own options and levels (a rule that is off offers no fix).
      let settingsByPath = Dictionary(
        zip(sources.map(\.path), zip(fileOptions, configurations)), uniquingKeysWith: { first, _ in first })
      let run = LintFix.run(fixMode, sources: sources, jobs: jobs, quiet: parsed.flag("--quiet"), console: console) {
        let (options, configuration) = settingsByPath[$0.path] ?? (SpecChecker.Options(), nil)
        let diagnostics = report(for: $0, options: options).diagnostics
        return configuration?.applyingLevels(to: diagnostics) ?? diagnostics
      }
      fixes = run
      checked = run.reports
    } else {
      checked = LintSettings.applyingLevels(
        of: configurations, to: checkAll(sources, options: fileOptions, jobs: jobs))
    }
    // The unreadable ones merged in path order, as `collect` sorts the files (standard input last).
    let sorted = (checked + unreadable.map(report(for:))).sorted {
      ($0.source.path == "<stdin>" ? 1 : 0, $0.source.path) < ($1.source.path == "<stdin>" ? 1 : 0, $1.source.path)
    }
    // Fingerprints read each file's tree again, with the limits it was checked with (its config's).
    let checkedLimits = Dictionary(
      zip(sources.map(\.path), fileOptions.map(\.yamlLimits)), uniquingKeysWith: { first, _ in first })
    let fallbackLimits = settings.options(under: nil).yamlLimits
    let limits: @Sendable (String) -> YAMLLimits = { checkedLimits[$0] ?? fallbackLimits }
    let reports = try baseline.apply(
      to: sorted, limits: limits, everyFileRead: unreadable.isEmpty && configurationProblems.isEmpty,
      notes: format == .text && !parsed.flag("--quiet"), console: console)
    let color = try ReportFormat.colorEnabled(parsed.value("--color"), sink: console.standardOutput, console: console)
    var text = format.renderer(color: color, short: parsed.flag("--short"), yamlLimits: limits)
      .render(reports)
    // A clean run says what it looked at, so that CI logs show the linter ran (eslint and SwiftLint do too).
    if text.isEmpty && format == .text && !parsed.flag("--quiet") {
      text = ReportSummary.count(reports.count, "file") + " checked, no problems\n"
    }
    if fixMode == .dryRun, let fixes { text = fixes.diff }
    guard console.standardOutput.write(text) else { throw .closedOutput }
    // A file that could not be read was not checked: the run failed, whatever the others hold.
    guard unreadable.isEmpty, configurationProblems.isEmpty, fixes?.writeFailed != true else { return 2 }
    let errors = reports.reduce(0) { $0 + $1.errorCount }
    let warnings = reports.reduce(0) { $0 + $1.warningCount }
    if let line = settings.tooManyWarnings(warnings) {
      _ = console.standardError.write(line)
      return 1
    }
    return errors > 0 || (parsed.flag("--strict") && warnings > 0) ? 1 : 0
  }

  /// E0114 for a file or folder that could not be read, at the start of an empty file of its name.
  static func report(for unreadable: SpecFiles.Unreadable) -> FileReport {
    let what = unreadable.isFolder ? "folder" : "file"
    let diagnostic = Diagnostic(
      YAMLDiagnostics.unreadable, "cannot read this \(what): \(unreadable.reason)", at: .at(0),
      help: "check that it exists and that its permissions let you read it, or leave it out of the paths given")
    return FileReport(source: SourceFile(path: unreadable.path, bytes: []), diagnostics: [diagnostic])
  }

  /// Checks files (each with its options) on up to `jobs` threads; the report is the same as a serial run's.
  static func checkAll(_ sources: [SourceFile], options: [SpecChecker.Options], jobs: Int) -> [FileReport] {
    ParallelWork.map(Array(zip(sources, options)), jobs: jobs) { report(for: $0.0, options: $0.1) }
  }

  static func report(for source: SourceFile, options: SpecChecker.Options) -> FileReport {
    FileReport(source: source, diagnostics: SpecChecker.check(source, options: options).diagnostics)
  }
}

/// Fixed slots written by index from several threads; each slot is written once, read after all writers finish.
final class ResultSlots<Value>: @unchecked Sendable {
  private var storage: [Value?]
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  subscript(index: Int) -> Value? {
    get { lock.withLock { storage[index] } }
    set { lock.withLock { storage[index] = newValue } }
  }

  var values: [Value] { lock.withLock { storage.map { $0! } } }
}

/// Hands out work indices to the lint workers.
final class AtomicCounter: @unchecked Sendable {
  private var value = -1
  private let lock = NSLock()

  func increment() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}
