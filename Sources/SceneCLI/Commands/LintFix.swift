import Foundation
import SceneDiagnostics

/// `lint --fix` and `lint --fix-dry-run`: the fixes diagnostics carry (`Fixer`), written into the files or shown
/// as a unified diff. `LintCommand` reads the files and prints the report; this decides what each file becomes.
enum LintFix {
  enum Mode {
    /// `--fix`: each fixed file replaced atomically, keeping its mode; the report is of the fixed files.
    case write
    /// `--fix-dry-run`: nothing written; standard output is the diff instead of the report.
    case dryRun
  }

  static let flags = ["--fix", "--fix-dry-run"]

  /// The mode the flags ask for. `--fix` cannot write standard input back anywhere, so `-` is refused with it.
  static func mode(_ parsed: Arguments) throws(CommandFailure) -> Mode? {
    switch (parsed.flag("--fix"), parsed.flag("--fix-dry-run")) {
    case (true, true): throw .usage("give --fix or --fix-dry-run, not both")
    case (true, false):
      guard !parsed.positional.contains("-") else {
        throw .usage("--fix cannot write back to standard input; give file names, or use --fix-dry-run for the diff")
      }
      return .write
    case (false, true): return .dryRun
    case (false, false): return nil
    }
  }

  struct Run {
    /// One report per file, of the text it holds after the run (fixed, or as read when its fixes were refused or
    /// could not be written).
    var reports: [FileReport]
    /// `--fix-dry-run`: every changed file's diff, in path order.
    var diff = ""
    /// A fixed file could not be written (lint then exits 2).
    var writeFailed = false
  }

  /// Fixes `sources` (on up to `jobs` threads), then writes them or collects their diffs in order, saying on standard
  /// error which files were left as they were and why, and how many problems were fixed.
  static func run(
    _ mode: Mode, sources: [SourceFile], jobs: Int, quiet: Bool, console: Console,
    check: @escaping @Sendable (SourceFile) -> [Diagnostic]
  ) -> Run {
    let outcomes = ParallelWork.map(sources, jobs: jobs) { Fixer.fix($0, check: check) }
    var run = Run(reports: [])
    var fixedProblems = 0
    var fixedFiles = 0
    var leftFiles = 0
    for outcome in outcomes {
      let path = outcome.original.path
      if let refusal = outcome.refusal {
        let location = refusal.text.location(of: refusal.error.span.start)
        notFixed(
          path,
          "the fixes would leave error \(refusal.error.code.id) at \(location.line):\(location.column) "
            + "(\(refusal.error.message))", console: console)
        leftFiles += 1
      }
      guard outcome.changed else {
        run.reports.append(FileReport(source: outcome.result, diagnostics: outcome.diagnostics))
        continue
      }
      switch mode {
      case .dryRun:
        run.diff += UnifiedDiff.render(
          old: outcome.original.bytes, new: outcome.result.bytes, path: PrintableText.escaped(path))
      case .write:
        do throws(CommandFailure) {
          try write(outcome.result.bytes, to: path)
        } catch {
          notFixed(path, reason(error), console: console)
          run.writeFailed = true
          leftFiles += 1
          run.reports.append(FileReport(source: outcome.original, diagnostics: outcome.originalDiagnostics))
          continue
        }
      }
      fixedProblems += outcome.fixedCount
      fixedFiles += 1
      run.reports.append(FileReport(source: outcome.result, diagnostics: outcome.diagnostics))
    }
    if !quiet {
      let line = summary(mode, problems: fixedProblems, files: fixedFiles, left: leftFiles, reports: run.reports)
      _ = console.standardError.write(line)
    }
    return run
  }

  /// "scenec: fixed 3 problems in 2 files", and how many files were left as they were (each already named); a dry
  /// run also says what would remain, as it prints no report.
  static func summary(_ mode: Mode, problems: Int, files: Int, left: Int, reports: [FileReport]) -> String {
    let unfixed = left > 0 ? "; \(ReportSummary.count(left, "file")) left as \(left == 1 ? "it was" : "they were")" : ""
    guard problems > 0 || left > 0 else { return "scenec: nothing to fix\n" }
    let fixed = "\(ReportSummary.count(problems, "problem")) in \(ReportSummary.count(files, "file"))" + unfixed
    guard mode == .dryRun else { return "scenec: fixed \(fixed)\n" }
    let errors = reports.reduce(0) { $0 + $1.errorCount }
    let warnings = reports.reduce(0) { $0 + $1.warningCount }
    let remaining =
      errors + warnings == 0
      ? "no problems would remain"
      : "\(ReportSummary.count(errors, "error")) and \(ReportSummary.count(warnings, "warning")) would remain"
    return "scenec: would fix \(fixed); \(remaining)\n"
  }

  /// Replaces the file at `path`, which must be writable: a read-only spec is left alone (a rename would replace
  /// it regardless of its mode, and root may write any file), as a sign that it is not to be changed.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw .failed(String(cString: strerror(errno))) }
    guard status.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
      throw .failed("the file is read-only; make it writable to fix it")
    }
    try AtomicFile.write(bytes: bytes, to: path)
  }

  private static func reason(_ failure: CommandFailure) -> String {
    switch failure {
    case .usage(let message), .failed(let message): message
    case .closedOutput: "standard output was closed"
    }
  }

  private static func notFixed(_ path: String, _ reason: String, console: Console) {
    let line = "scenec: not fixed: \(PrintableText.escaped(path)): \(PrintableText.escaped(reason))\n"
    _ = console.standardError.write(line)
  }
}
