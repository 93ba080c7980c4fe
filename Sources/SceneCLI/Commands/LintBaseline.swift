import Foundation
import SceneChecker
import SceneDiagnostics
import SceneYAML

/// `lint --write-baseline FILE` records every finding of the run; `lint --baseline FILE` leaves out the findings
/// FILE holds and reports the rest (the exit status is computed on what remains). The matching is `Baseline`'s;
/// the file and its rules are in docs/baseline.md.
struct LintBaseline {
  static let options = ["--baseline", "--write-baseline"]
  static let help = """
      --baseline FILE     leave out the findings FILE records (matched by file, code, key path and spanned
                          text, not by line) and report only new ones; the exit status counts what is left
      --write-baseline FILE
                          record every finding of this run in FILE (JSON, sorted) and exit 0; not written when
                          a file could not be read. Rewriting it drops the findings fixed since (docs/baseline.md)
    """

  private let known: Baseline?
  private let knownPath: String?
  private let writePath: String?

  /// Reads `--baseline FILE` now, so that a missing or broken file stops the run before it lints anything.
  init(_ parsed: Arguments) throws(CommandFailure) {
    knownPath = parsed.value("--baseline")
    writePath = parsed.value("--write-baseline")
    guard knownPath == nil || writePath == nil else {
      throw .usage("--baseline and --write-baseline cannot be used together: --write-baseline records every finding")
    }
    known = try knownPath.map(Self.read)
  }

  private static func read(_ path: String) throws(CommandFailure) -> Baseline {
    switch SpecFiles.readFile(path, cap: Int.max) {
    case .failure(let unreadable): throw .failed("cannot read the baseline \(path): \(unreadable.reason)")
    case .success(let bytes):
      do {
        return try Baseline.parse(bytes)
      } catch {
        let place = error.line.map { "\(path):\($0):\(error.column ?? 1)" } ?? path
        throw .failed(
          "\(place): not a scenec baseline: \(error.message)"
            + "\nhelp: write it again with `scenec lint --write-baseline \(path) …` (docs/baseline.md)")
      }
    }
  }

  /// The reports to print: without the known findings (`--baseline`), or with none at all once they are written
  /// (`--write-baseline`), or as they are. `notes` says on standard error what was left out or written.
  func apply(
    to reports: [FileReport], limits: @escaping @Sendable (String) -> YAMLLimits, everyFileRead: Bool, notes: Bool,
    console: Console
  ) throws(CommandFailure) -> [FileReport] {
    let folder = FileManager.default.currentDirectoryPath
    let fingerprints = { (report: FileReport) in
      FindingFingerprints.of(report, limits: limits(report.source.path), currentFolder: folder)
    }
    if let writePath {
      guard everyFileRead else {
        note("\(writePath) not written: a file could not be read, and its findings would be missing", console)
        return reports
      }
      let baseline = Baseline(reports: reports, fingerprints: fingerprints)
      try AtomicFile.write(baseline.json(), to: writePath)
      if notes {
        let files = Set(baseline.entries.map(\.fingerprint.path)).count
        let findings = ReportSummary.count(baseline.entries.count, "finding")
        note("wrote \(findings) in \(ReportSummary.count(files, "file")) to \(writePath)", console)
      }
      return reports.map { FileReport(source: $0.source, diagnostics: []) }
    }
    guard let known, let knownPath else { return reports }
    let match = known.removingKnown(from: reports, fingerprints: fingerprints)
    if notes && (match.matched > 0 || match.stale > 0) {
      var line = "\(ReportSummary.count(match.matched, "finding")) left out: they are in the baseline \(knownPath)"
      if match.stale > 0 {
        let entries = match.stale == 1 ? "1 entry" : "\(match.stale) entries"
        line += "; \(entries) of it matched nothing (fixed, or not linted this time): --write-baseline drops fixed ones"
      }
      note(line, console)
    }
    return match.reports
  }

  private func note(_ line: String, _ console: Console) {
    _ = console.standardError.write("scenec: note: \(PrintableText.escaped(line))\n")
  }
}
