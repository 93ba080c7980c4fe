import Foundation
import Testing

/// .pre-commit-hooks.yaml, run by the real pre-commit from PyPI (scripts/requirements.sh installs it):
/// `pre-commit try-repo` against a git repository that holds this checkout's hook file, in a project repository with
/// specs, with the tested scenec first on PATH (the hook is `language: system`) and pre-commit's cache in a
/// temporary folder, so nothing is fetched and nothing outside the test's folders is touched.
@Suite struct PreCommitHookTests {
  /// A hooks repository and a project repository beside it.
  struct Repositories {
    let root = CLI.temporaryFolder()
    var hooks: URL { root.appendingPathComponent("hooks") }
    var project: URL { root.appendingPathComponent("project") }
    var environment: [String: String] = [:]

    init() throws {
      let binary = try #require(Scenec.binary, "no scenec binary beside the test bundle; run `swift build` first")
      let bin = root.appendingPathComponent("bin")
      let manager = FileManager.default
      for folder in [hooks, project, bin] { try manager.createDirectory(at: folder, withIntermediateDirectories: true) }
      try manager.createSymbolicLink(atPath: bin.appendingPathComponent("scenec").path, withDestinationPath: binary)
      environment = [
        "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        "HOME": root.path, "PRE_COMMIT_HOME": root.appendingPathComponent("cache").path, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "test",
        "GIT_COMMITTER_EMAIL": "test@example.com", "LANG": "C.UTF-8",
      ]
      try manager.copyItem(
        at: CLI.repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
        to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
      try git(["init", "-q"], in: hooks)
      try git(["add", "."], in: hooks)
      try git(["commit", "-q", "-m", "hooks"], in: hooks)
      try git(["init", "-q"], in: project)
    }

    func git(_ arguments: [String], in folder: URL) throws {
      let run = try #require(ExportTools.run("git", arguments, environment: environment, directory: folder))
      try #require(run.status == 0, "git \(arguments): \(run.standardError)")
    }

    /// Writes files into the project and stages them (pre-commit runs on what git tracks).
    func add(_ files: [String: String]) throws {
      for (path, text) in files {
        let file = project.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
      }
      try git(["add", "."], in: project)
    }

    /// `pre-commit try-repo HOOKS scenec-lint --all-files` in the project.
    func tryRepo() throws -> ExportTools.Output {
      try preCommit(["try-repo", hooks.path, "scenec-lint", "--all-files"])
    }

    /// `pre-commit ARGUMENTS… --color never` in the project.
    func preCommit(_ arguments: [String]) throws -> ExportTools.Output {
      // The interpreter itself, not a version manager's shim, which may read HOME.
      let python = try #require(
        ExportTools.run("python3", ["-c", "import pre_commit, sys; print(sys.executable)"]),
        "python3 did not run")
      try #require(
        python.status == 0, "python3 has no pre_commit module (pip install pre-commit; scripts/test.sh does)")
      let interpreter = python.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      return try #require(
        ExportTools.run(
          interpreter, ["-m", "pre_commit"] + arguments + ["--color", "never"], environment: environment,
          directory: project))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  static func goodSpec() throws -> String {
    try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("specs/switch.yaml"), encoding: .utf8)
  }

  /// YAML that is not a spec, where a repository usually has it: hidden, so the hook passes it over by default.
  static let workflow = "on: push\njobs: {}\n"

  @Test func aBadSpecFailsTheHookWithItsDiagnostic() throws {
    let repositories = try Repositories()
    defer { repositories.remove() }
    try repositories.add([
      "specs/good.yaml": try Self.goodSpec(),
      "specs/bad.yaml": "scene: bad\nsize: [10, 10]\nlayers:\n  - id: a\n    bogus: 1\n",
      ".github/workflows/ci.yml": Self.workflow, ".pre-commit-config.yaml": "repos: []\n",
    ])
    let run = try repositories.tryRepo()
    let output = run.standardOutput + run.standardError
    #expect(run.status == 1, "\(output)")
    #expect(output.contains("scenec lint....") && output.contains("Failed"), "\(output)")
    #expect(output.contains("- hook id: scenec-lint"), "\(output)")
    #expect(output.contains("specs/bad.yaml:5:5: error: unknown key 'bogus' in a layer [E0202]"), "\(output)")
    #expect(!output.contains("good.yaml:"), "\(output)")
    #expect(!output.contains("ci.yml") && !output.contains(".pre-commit-config.yaml:"), "\(output)")
  }

  /// docs/ci.md's `.pre-commit-config.yaml`, pointed at the hooks repository, with its `files: ^specs/`: a bad spec
  /// in specs/ fails the run, one elsewhere is not passed to the hook.
  @Test func theDocumentedConfigRunsTheHookOnTheSpecsOnly() throws {
    let repositories = try Repositories()
    defer { repositories.remove() }
    let guide = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let section = try #require(guide.components(separatedBy: "## pre-commit\n").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first)
      .components(separatedBy: "```")[0]
    let head = try #require(ExportTools.run("git", ["rev-parse", "HEAD"], directory: repositories.hooks))
      .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(block.contains("repo: https://github.com/OWNER/scenec") && block.contains("rev: v"))
    let config = block.replacing("https://github.com/OWNER/scenec", with: repositories.hooks.path)
      .replacing(/rev: v[0-9.]+/, with: "rev: \(head)")
    let bad = "scene: bad\nsize: [10, 10]\nlayers:\n  - id: a\n    bogus: 1\n"
    try repositories.add([
      ".pre-commit-config.yaml": config, "specs/good.yaml": try Self.goodSpec(), "fixtures/invalid.yaml": bad,
    ])
    let clean = try repositories.preCommit(["run", "--all-files"])
    #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
    try repositories.add(["specs/bad.yaml": bad])
    let failing = try repositories.preCommit(["run", "--all-files"])
    #expect(failing.status == 1, "\(failing.standardOutput)")
    #expect(
      failing.standardOutput.contains("specs/bad.yaml:5:5: error: unknown key 'bogus'"), "\(failing.standardOutput)")
    #expect(!failing.standardOutput.contains("fixtures/"), "\(failing.standardOutput)")
  }

  @Test func goodSpecsPassTheHook() throws {
    let repositories = try Repositories()
    defer { repositories.remove() }
    try repositories.add([
      "specs/good.yaml": try Self.goodSpec(), "specs/nested/switch.yml": try Self.goodSpec(),
      ".github/workflows/ci.yml": Self.workflow, "README.md": "not YAML: the hook does not see it\n",
    ])
    let run = try repositories.tryRepo()
    let output = run.standardOutput + run.standardError
    #expect(run.status == 0, "\(output)")
    #expect(output.contains("scenec lint....") && output.contains("Passed"), "\(output)")
  }
}
