import Foundation
import SceneCore
import SceneTestSupport
import Testing

/// `lint --write-baseline` / `--baseline` (docs/baseline.md) and `--format gitlab`, on a small repository of
/// 20 findings: 12 errors (unknown keys, four per file) and 8 warnings (unused names, four per file).
@Suite(.serialized) struct LintBaselineTests {
  static let errorFiles = (0..<3).map { index in
    """
    scene: e\(index)
    size: [10, 10]
    layers:
      - id: a
        opactiy: 0.5
      - id: b
        scal: 2
      - id: c
        bordrWidth: 1
      - id: d
        cornerRadus: 3

    """
  }
  static let warningFiles = (0..<2).map { index in
    "scene: w\(index)\nsize: [10, 10]\nlet:\n  u1: 1\n  u2: 2\n  u3: 3\n  u4: 4\nlayers:\n  - id: a\n"
  }

  /// A repository inside the package's build folder, so that its paths are relative to the folder the tests run
  /// in (the package root), as a CI job's are; its spec files, in sorted order.
  struct Repository {
    let folder: URL
    var files: [URL] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
        .sorted().map { folder.appendingPathComponent($0) }
    }
    var paths: [String] { files.map(\.path) }
    var baseline: String { folder.appendingPathComponent("baseline.json").path }

    init() throws {
      folder = CLI.repositoryRoot.appendingPathComponent(".build/lint-baseline-tests/\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (index, text) in LintBaselineTests.errorFiles.enumerated() { try write(text, "errors\(index).yaml") }
      for (index, text) in LintBaselineTests.warningFiles.enumerated() { try write(text, "warnings\(index).yaml") }
    }

    func write(_ text: String, _ name: String) throws {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// `scenec lint ARGUMENTS… FILES…` with the short text format.
    func lint(_ arguments: [String]) -> CLIRun { CLI.run(["lint", "--short"] + arguments + paths) }
  }

  /// A path inside the package root as the baseline writes it.
  func relativePath(_ url: URL) -> String { String(url.path.dropFirst(CLI.repositoryRoot.path.count + 1)) }

  /// The findings a short text report lists.
  static func findings(_ run: CLIRun) -> [String] {
    run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
      .map(String.init)
  }

  static func baselineEntries(_ path: String) throws -> [JSONValue] {
    let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    guard case .array(let entries) = document["findings"] else { return [] }
    return entries
  }

  @Test func aBaselineSetsTodaysFindingsAsideAndCatchesTheNextOne() throws {
    let repository = try Repository()
    defer { repository.remove() }
    #expect(Self.findings(repository.lint([])).count == 20)

    let write = repository.lint(["--write-baseline", repository.baseline])
    #expect(write.status == 0, "\(write.standardError)")
    #expect(Self.findings(write).isEmpty)
    #expect(write.standardError == "scenec: note: wrote 20 findings in 5 files to \(repository.baseline)\n")
    #expect(try Self.baselineEntries(repository.baseline).count == 20)

    let known = repository.lint(["--baseline", repository.baseline])
    #expect(known.status == 0)
    #expect(Self.findings(known).isEmpty, "\(known.standardOutput)")
    #expect(known.standardError.contains("20 findings left out"))

    // A comment line above every line of every file (so above every finding), and one at the top.
    for file in repository.files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let moved = text.split(separator: "\n").map { "# an added line\n" + $0 }.joined(separator: "\n") + "\n"
      try moved.write(to: file, atomically: true, encoding: .utf8)
    }
    let movedRun = repository.lint([])
    #expect(Self.findings(movedRun).count == 20)
    #expect(Self.findings(movedRun).first?.contains("errors0.yaml:10:5:") == true, "the lines did move")
    let stillKnown = repository.lint(["--baseline", repository.baseline])
    #expect(stillKnown.status == 0)
    #expect(Self.findings(stillKnown).isEmpty, "\(stillKnown.standardOutput)")

    // One new mistake: exactly one finding, and the exit status it calls for.
    try repository.write(try repository.read("errors1.yaml") + "  - id: e\n    opactiy: 1\n", "errors1.yaml")
    let new = repository.lint(["--baseline", repository.baseline])
    #expect(new.status == 1)
    #expect(Self.findings(new).count == 1)
    #expect(Self.findings(new).first?.contains("unknown key 'opactiy'") == true, "\(new.standardOutput)")

    // A new warning alone fails only with --strict, counted on what is left.
    try repository.write(
      try repository.read("errors1.yaml").replacingOccurrences(of: "  - id: e\n    opactiy: 1\n", with: ""),
      "errors1.yaml")
    try repository.write(
      try repository.read("warnings0.yaml").replacingOccurrences(of: "  u4: 4\n", with: "  u4: 4\n  u5: 5\n"),
      "warnings0.yaml")
    #expect(repository.lint(["--baseline", repository.baseline]).status == 0)
    let strict = repository.lint(["--baseline", repository.baseline, "--strict"])
    #expect(strict.status == 1)
    #expect(Self.findings(strict).count == 1)
  }

  @Test func rewritingTheBaselineDropsFixedFindings() throws {
    let repository = try Repository()
    defer { repository.remove() }
    _ = repository.lint(["--write-baseline", repository.baseline])
    try repository.write(Self.warningFiles[0].replacingOccurrences(of: "  u2: 2\n", with: ""), "warnings0.yaml")
    let stale = repository.lint(["--baseline", repository.baseline])
    #expect(stale.status == 0)
    #expect(stale.standardError.contains("19 findings left out"))
    #expect(stale.standardError.contains("1 entry of it matched nothing"))
    #expect(repository.lint(["--write-baseline", repository.baseline]).status == 0)
    let entries = try Self.baselineEntries(repository.baseline)
    #expect(entries.count == 19)
    let fixed = entries.filter { $0["keyPath"] == .string("let.u2") }.map { $0["path"] }
    #expect(fixed.count == 1)
    #expect(
      fixed.allSatisfy { $0 == .string(relativePath(repository.folder.appendingPathComponent("warnings1.yaml"))) })
    #expect(repository.lint(["--baseline", repository.baseline]).standardError.contains("matched nothing") == false)
  }

  /// The same findings give the same bytes: written twice, serially and in parallel.
  @Test func theBaselineIsDeterministic() throws {
    let repository = try Repository()
    defer { repository.remove() }
    _ = repository.lint(["--write-baseline", repository.baseline])
    let first = try Data(contentsOf: URL(fileURLWithPath: repository.baseline))
    _ = CLI.run(["lint", "--jobs", "1", "--write-baseline", repository.baseline] + repository.paths.reversed())
    #expect(try Data(contentsOf: URL(fileURLWithPath: repository.baseline)) == first)
  }

  /// The fingerprints themselves, as docs/baseline.md defines them (each digest checked by hand: FNV-1a 64 of
  /// `opactiy`, a NUL byte, `layers[id=a].opactiy`). A change here turns every recorded finding in every
  /// repository into a new one, so it needs a new baseline `version`.
  @Test func theRecordedFileIsStable() throws {
    let repository = try Repository()
    defer { repository.remove() }
    let spec = repository.folder.appendingPathComponent("errors0.yaml").path
    #expect(CLI.run(["lint", "--write-baseline", repository.baseline, spec]).status == 0)
    let relative = relativePath(URL(fileURLWithPath: spec))
    let entries = [
      ("layers[id=a].opactiy", "10a28f2a7d50a6ba", "opactiy"), ("layers[id=b].scal", "f71aa6e37ef1843b", "scal"),
      ("layers[id=c].bordrWidth", "25ace09163623214", "bordrWidth"),
      ("layers[id=d].cornerRadus", "0e990ea84f674cb5", "cornerRadus"),
    ].map { keyPath, digest, key in
      """
          {
            "path": "\(relative)",
            "code": "E0202",
            "keyPath": "\(keyPath)",
            "fingerprint": "\(digest)",
            "message": "unknown key '\(key)' in a layer"
          }
      """
    }
    let expected = "{\n  \"version\": 1,\n  \"findings\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    #expect(try repository.read("baseline.json") == expected)
  }

  // MARK: --format gitlab

  /// Every documented field, checked against a schema of them (Tests/Support/gitlab-code-quality.schema.json:
  /// GitLab publishes none), and fingerprints unique in the report and unchanged when lines move.
  @Test func theGitLabReportHasTheDocumentedFields() throws {
    let repository = try Repository()
    defer { repository.remove() }
    let run = repository.lint(["--format", "gitlab"])
    #expect(run.status == 1)
    #expect(run.standardError.isEmpty)
    let check = try Self.validate(run.standardOutput)
    if check.status == 3 {
      withKnownIssue("GitLab schema validation skipped: \(check.output)") { Issue.record("validator unavailable") }
    } else {
      #expect(check.status == 0, "\(check.output)")
      // The check must be able to fail.
      let absolute = run.standardOutput.replacingOccurrences(of: "\"path\": \".build", with: "\"path\": \"/.build")
      #expect(try Self.validate(absolute).status == 1)
    }
    let issues = try Self.issues(run.standardOutput)
    #expect(issues.count == 20)
    #expect(Set(issues.map(\.fingerprint)).count == 20)
    #expect(issues.filter { $0.severity == "critical" }.count == 12)
    #expect(issues.filter { $0.severity == "minor" }.count == 8)
    #expect(issues.allSatisfy { $0.path.hasPrefix(".build/lint-baseline-tests/") })
    let first = try #require(issues.first)
    #expect(first.checkName == "E0202 unknown-key")
    #expect(first.line == 5)
    #expect(first.description == "unknown key 'opactiy' in a layer — help: did you mean 'opacity'?")

    for file in repository.files {
      try ("# a line above\n" + String(contentsOf: file, encoding: .utf8)).write(
        to: file, atomically: true, encoding: .utf8)
    }
    let moved = try Self.issues(repository.lint(["--format", "gitlab"]).standardOutput)
    #expect(moved.map(\.fingerprint) == issues.map(\.fingerprint))
    #expect(moved.map(\.line) == issues.map { $0.line + 1 })
  }

  /// Two layers of one id with the same unknown key are two equal findings (one fingerprint): GitLab shows only
  /// the first issue of a fingerprint, so theirs differ by their occurrence; the baseline counts both.
  @Test func equalFindingsGetDistinctGitLabFingerprintsAndCountInTheBaseline() throws {
    let repository = try Repository()
    defer { repository.remove() }
    let twice =
      "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    sublayers: [{id: b, opactiy: 1}, {id: b, opactiy: 1}]\n"
    try repository.write(twice, "twice.yaml")
    let spec = repository.folder.appendingPathComponent("twice.yaml").path
    let issues = try Self.issues(CLI.run(["lint", "--format", "gitlab", spec]).standardOutput)
    #expect(issues.filter { $0.checkName == "E0202 unknown-key" }.count == 2)
    #expect(Set(issues.map(\.fingerprint)).count == issues.count)
    #expect(CLI.run(["lint", "--write-baseline", repository.baseline, spec]).status == 0)
    let digests = try Self.baselineEntries(repository.baseline).filter { $0["code"] == .string("E0202") }
      .map { $0["fingerprint"] }
    #expect(digests.count == 2)
    #expect(Set(digests).count == 1)
    // A third such layer is one new finding, not hidden by the other two.
    let thrice = twice.replacingOccurrences(of: "]\n", with: ", {id: b, opactiy: 1}]\n")
    try repository.write(thrice, "twice.yaml")
    let run = CLI.run(["lint", "--short", "--baseline", repository.baseline, spec])
    #expect(Self.findings(run).filter { $0.contains("[E0202]") }.count == 1, "\(run.standardOutput)")
  }

  @Test func compileTakesTheGitLabFormatToo() throws {
    let repository = try Repository()
    defer { repository.remove() }
    let run = CLI.run(["compile", "--format", "gitlab", "-o", "/dev/null", repository.paths[0]])
    #expect(run.status == 1)
    #expect(try Self.issues(run.standardError).count == 4)
  }

  struct GitLabIssue {
    var description, checkName, fingerprint, severity, path: String
    var line: Int
  }

  static func issues(_ text: String) throws -> [GitLabIssue] {
    guard case .array(let items) = try JSONParser.parse(text) else { throw CocoaError(.coderReadCorrupt) }
    return items.map { item in
      func string(_ value: JSONValue?) -> String { if case .string(let text) = value { text } else { "" } }
      var line = 0
      if case .number(let value) = item["location"]?["lines"]?["begin"] { line = Int(value) }
      return GitLabIssue(
        description: string(item["description"]), checkName: string(item["check_name"]),
        fingerprint: string(item["fingerprint"]), severity: string(item["severity"]),
        path: string(item["location"]?["path"]), line: line)
    }
  }

  /// Tests/Support/validate_json_schema.py with the GitLab schema: 0 valid, 1 invalid, 3 no jsonschema.
  static func validate(_ document: String) throws -> (status: Int32, output: String) {
    let support = CLI.repositoryRoot.appendingPathComponent("Tests/Support")
    return try PythonCheck.run(
      [
        support.appendingPathComponent("validate_json_schema.py").path,
        support.appendingPathComponent("gitlab-code-quality.schema.json").path,
      ], input: document)
  }

  @Test func aMissingOrBrokenBaselineIsAClearError() throws {
    let repository = try Repository()
    defer { repository.remove() }
    let missing = repository.lint(["--baseline", repository.folder.appendingPathComponent("none.json").path])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("scenec: error: cannot read the baseline "))
    #expect(missing.standardOutput.isEmpty)

    try repository.write("{\n  \"version\": 1,\n  \"findings\": [\n    {\"path\": \n", "baseline.json")
    let broken = repository.lint(["--baseline", repository.baseline])
    #expect(broken.status == 2)
    #expect(broken.standardError.hasPrefix("scenec: error: \(repository.baseline):5:1: not a scenec baseline: "))
    #expect(broken.standardError.contains("help: write it again with `scenec lint --write-baseline"))
    #expect(broken.standardOutput.isEmpty)

    try repository.write("{\"version\": 1, \"findings\": [{\"path\": \"a.yaml\"}]}\n", "baseline.json")
    let incomplete = repository.lint(["--baseline", repository.baseline])
    #expect(incomplete.status == 2)
    #expect(incomplete.standardError.contains("findings[0].code is missing or not a string"))

    let both = repository.lint(["--baseline", repository.baseline, "--write-baseline", repository.baseline])
    #expect(both.status == 2)
    #expect(both.standardError.contains("cannot be used together"))
  }

  @Test func anUnreadableFileLeavesTheBaselineUnwritten() throws {
    let repository = try Repository()
    defer { repository.remove() }
    // A link that leads nowhere, found in a folder (a file named on the command line that is missing is a usage
    // error before any linting).
    try FileManager.default.createSymbolicLink(
      atPath: repository.folder.appendingPathComponent("gone.yaml").path, withDestinationPath: "nowhere.yaml")
    let run = CLI.run(["lint", "--write-baseline", repository.baseline, repository.folder.path])
    #expect(run.status == 2)
    #expect(run.standardOutput.contains("[E0114]"))
    #expect(run.standardError.contains("not written"))
    #expect(!FileManager.default.fileExists(atPath: repository.baseline))
  }
}
