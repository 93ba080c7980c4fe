import Foundation
import SceneChecker
import SceneCore
import SceneDiagnostics

/// `scenec lint`'s configuration flags (`--config`, `--no-config`, `--exclude`, `--max-warnings`,
/// `--print-config`) and what they select: the files a walk lints and each file's settings. The config itself is
/// the library's (ConfigurationFinder, FileSelection), which a language server reads the same way.
struct LintSettings {
  static let options = ["--config", "--exclude", "--max-warnings", "--print-config"]
  static let flags = ["--no-config"]

  private(set) var selection: FileSelection
  /// The limits given as flags, which win over the config's.
  let flagLimits: [String: Int]
  let maxWarnings: Int?

  init(_ parsed: Arguments) throws(CommandFailure) {
    let workingFolder = FileManager.default.currentDirectoryPath
    let lookup: ConfigurationFinder.Lookup
    if let path = parsed.value("--config") {
      guard !parsed.flag("--no-config") else { throw .usage("--config and --no-config cannot be given together") }
      guard FileBytes.kind(path) == .regularFile else { throw .usage("no such config file: \(path)") }
      lookup = .given(ConfigurationFinder.read(FilePaths.absolute(path, in: workingFolder), shownAs: path))
    } else {
      lookup = parsed.flag("--no-config") ? .none : .nearest
    }
    var exclude: [PathPattern] = []
    for text in parsed.allValues("--exclude") {
      switch PathPattern.parse(text) {
      case .success(let pattern): exclude.append(pattern)
      case .failure(.empty): throw .usage("--exclude needs a pattern, found '\(text)'")
      case .failure(.reachesAbove):
        throw .usage("--exclude '\(text)' reaches above the current folder; run scenec from a folder above")
      }
    }
    selection = FileSelection(
      finder: ConfigurationFinder(lookup: lookup, workingFolder: workingFolder), commandLineExclude: exclude)
    flagLimits = try CheckOptions.values(from: parsed)
    if let text = parsed.value("--max-warnings") {
      guard let number = Int(text), number >= 0 else {
        throw .usage("option '--max-warnings' needs a whole number (0 or more), found '\(text)'")
      }
      maxWarnings = number
    } else {
      maxWarnings = nil
    }
  }

  private var workingFolder: String { selection.finder.workingFolder }

  /// The spec files to read: what `SpecFiles.collect` finds, walking only into the folders the selection takes.
  mutating func collect(_ paths: [String]) throws(CommandFailure) -> SpecFiles.Found {
    let folder = workingFolder
    do {
      return try SpecFiles.collect(paths) { path, isFolder in
        selection.decide(FilePaths.absolute(path, in: folder), isFolder: isFolder) == .selected
      }
    } catch {
      // A broken config can select nothing; its problems are the news, not the empty walk.
      guard configurationProblems.isEmpty else { return SpecFiles.Found() }
      throw error
    }
  }

  /// The config that applies to a spec as lint names it (`<stdin>`: the working folder's).
  mutating func configuration(for path: String) -> LintConfiguration? {
    path == "<stdin>" || path == "-"
      ? selection.finder.configuration(forFolder: workingFolder) : selection.finder.configuration(forFile: path)
  }

  /// The limits for a spec: the defaults, then its config's, then the flags'.
  func options(under configuration: LintConfiguration?) -> SpecChecker.Options {
    SpecChecker.Options().setting(configuration?.limits ?? [:]).setting(flagLimits)
  }

  /// Each report with its file's config's rule levels applied (`configurations[i]` is `reports[i]`'s).
  static func applyingLevels(of configurations: [LintConfiguration?], to reports: [FileReport]) -> [FileReport] {
    zip(configurations, reports).map { configuration, report in
      guard let configuration else { return report }
      return FileReport(source: report.source, diagnostics: configuration.applyingLevels(to: report.diagnostics))
    }
  }

  /// The reports of every config read that has problems, by path; while there is one, lint checks nothing.
  var configurationProblems: [FileReport] {
    selection.finder.configurations.filter { !$0.diagnostics.isEmpty }
      .map { FileReport(source: $0.source, diagnostics: $0.diagnostics) }.sorted { $0.source.path < $1.source.path }
  }

  /// The line `--max-warnings N` prints when the run has more warnings than that, or nil.
  func tooManyWarnings(_ warnings: Int) -> String? {
    guard let maxWarnings, warnings > maxWarnings else { return nil }
    return "scenec: \(ReportSummary.count(warnings, "warning")), more than --max-warnings \(maxWarnings) allows\n"
  }

  /// `--print-config FILE`: the settings that apply to FILE, as JSON (which is YAML too).
  mutating func printConfiguration(of file: String, format: ReportFormat, console: Console) throws(CommandFailure)
    -> Int32
  {
    guard FileBytes.kind(file) != nil else { throw .usage("no such file or folder: \(file)") }
    let configuration = configuration(for: file)
    let problems = configurationProblems
    guard problems.isEmpty else {
      let text = format.renderer(color: false, short: false).render(problems)
      guard console.standardOutput.write(text) else { throw .closedOutput }
      return 2
    }
    let absolute = FilePaths.absolute(file, in: workingFolder)
    let root =
      FilePaths.segments(of: absolute, below: workingFolder) != nil ? workingFolder : FilePaths.parent(absolute)
    let settings = EffectiveSettings(
      file: file, configuration: configuration, lookup: selection.finder.lookup,
      commandLineExclude: selection.commandLineExclude, walk: selection.decide(file: absolute, walkedFrom: root),
      options: options(under: configuration))
    let text = PrintableText.inertJSON(JSONWriter(style: .pretty).string(from: settings.json)) + "\n"
    guard console.standardOutput.write(text) else { throw .closedOutput }
    return 0
  }
}
