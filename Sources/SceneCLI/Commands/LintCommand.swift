import Dispatch
import Foundation
import SceneChecker
import SceneDiagnostics
import SceneYAML

/// `scenec lint PATH…`: checks every spec and prints one report on standard output.
enum LintCommand {
  static let spec = Arguments.Spec(
    options: ["--format", "--color", "--jobs"] + CheckOptions.names,
    flags: ["--strict", "--short", "--quiet"] + LintFix.flags)

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "lint")
    guard !parsed.positional.isEmpty else { throw .usage("lint needs at least one file or folder") }
    let format = try ReportFormat.parse(parsed.value("--format"))
    let options = try CheckOptions.options(from: parsed)
    let jobs = try parsed.integer("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let fixMode = try LintFix.mode(parsed)
    let found = try SpecFiles.collect(parsed.positional)
    var unreadable = found.unreadable
    var sources: [SourceFile] = []
    for path in found.files {
      if path == "-" {
        sources.append(try SpecFiles.read(path, console: console, limit: options.yamlLimits.maxInputBytes))
        continue
      }
      let limit = options.yamlLimits.maxInputBytes
      switch SpecFiles.readFile(path, cap: limit < Int.max ? limit + 1 : limit) {
      case .success(let bytes): sources.append(SpecFiles.source(path: path, bytes: bytes, limit: limit))
      case .failure(let failure): unreadable.append(failure)
      }
    }
    let fixes = fixMode.map { mode in
      LintFix.run(mode, sources: sources, jobs: jobs, quiet: parsed.flag("--quiet"), console: console) {
        report(for: $0, options: options).diagnostics
      }
    }
    let checked = fixes?.reports ?? checkAll(sources, options: options, jobs: jobs)
    // The unreadable ones merged in path order, as `collect` sorts the files (standard input last).
    let reports = (checked + unreadable.map(report(for:))).sorted {
      ($0.source.path == "<stdin>" ? 1 : 0, $0.source.path) < ($1.source.path == "<stdin>" ? 1 : 0, $1.source.path)
    }
    let color = try ReportFormat.colorEnabled(parsed.value("--color"), sink: console.standardOutput, console: console)
    var text = format.renderer(color: color, short: parsed.flag("--short")).render(reports)
    // A clean run says what it looked at, so that CI logs show the linter ran (eslint and SwiftLint do too).
    if text.isEmpty && format == .text && !parsed.flag("--quiet") {
      text = ReportSummary.count(reports.count, "file") + " checked, no problems\n"
    }
    if fixMode == .dryRun, let fixes { text = fixes.diff }
    guard console.standardOutput.write(text) else { throw .closedOutput }
    // A file that could not be read was not checked: the run failed, whatever the others hold.
    guard unreadable.isEmpty, fixes?.writeFailed != true else { return 2 }
    let errors = reports.reduce(0) { $0 + $1.errorCount }
    let warnings = reports.reduce(0) { $0 + $1.warningCount }
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

  /// Checks files on up to `jobs` threads; the report is the same as a serial run's.
  static func checkAll(_ sources: [SourceFile], options: SpecChecker.Options, jobs: Int) -> [FileReport] {
    ParallelWork.map(sources, jobs: jobs) { report(for: $0, options: options) }
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
