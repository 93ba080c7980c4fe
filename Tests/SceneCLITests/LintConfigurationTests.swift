import Foundation
import SceneChecker
import SceneCore
import Testing

/// `scenec lint` with `.scenec.yml`: which config applies, rule levels, what a folder walk takes, limits,
/// `--max-warnings`, `--print-config`, a broken config, and the repository's own config. The walk and the config
/// lookup depend on the working folder, so these run the built scenec as a child in a folder of their own
/// (the in-process runner changes the whole test process's folder).
@Suite struct LintConfigurationTests {
  static let clean = "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n"
  /// One W0107 (`unused-let`).
  static let unusedLet = "scene: s\nsize: [10, 10]\nlet:\n  unused: 3\nlayers:\n  - id: a\n"
  /// Two W0107.
  static let twoUnusedLets = "scene: s\nsize: [10, 10]\nlet:\n  a: 1\n  b: 2\nlayers:\n  - id: a\n"
  /// E0202.
  static let invalid = "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opactiy: 0.5\n"

  /// A fresh folder holding `files` (relative path → text).
  static func tree(_ files: [String: String]) throws -> URL {
    let root = CLI.temporaryFolder()
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  /// `scenec arguments…` run in `folder`.
  static func lint(_ arguments: [String], in folder: URL) throws -> Scenec.Run {
    try Scenec.run(["lint"] + arguments, timeout: 60, launcher: ["/usr/bin/env", "-C", folder.path])
  }

  /// The paths in a `--format json` report with, for each, its diagnostics as `CODE:severity`.
  static func findings(_ run: Scenec.Run) throws -> [String: [String]] {
    let document = try JSONParser.parse(run.standardOutput)
    var findings: [String: [String]] = [:]
    for file in document["files"]?.arrayValue ?? [] {
      let path = file["path"]?.stringValue ?? "?"
      findings[path] = (file["diagnostics"]?.arrayValue ?? []).map {
        "\($0["code"]?.stringValue ?? "?"):\($0["severity"]?.stringValue ?? "?")"
      }
    }
    return findings
  }

  @Test func theNearestConfigWins() throws {
    let root = try Self.tree([
      ".scenec.yml": "rules:\n  unused-let: error\n",
      "a.yaml": Self.unusedLet,
      "sub/.scenec.yml": "rules:\n  W0107: off\n",
      "sub/b.yaml": Self.unusedLet,
      "sub/deeper/c.yaml": Self.unusedLet,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try Self.lint(["--format", "json", "."], in: root)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(
      try Self.findings(run) == ["./a.yaml": ["W0107:error"], "./sub/b.yaml": [], "./sub/deeper/c.yaml": []])
    // The same from a folder below: the lookup walks up from each file, not from where scenec runs.
    let below = try Self.lint(
      ["--format", "json", "deeper/c.yaml", "../a.yaml"], in: root.appendingPathComponent("sub"))
    #expect(try Self.findings(below) == ["../a.yaml": ["W0107:error"], "deeper/c.yaml": []])
  }

  @Test func configOverridesTheLookupAndNoConfigIgnoresIt() throws {
    let root = try Self.tree([
      ".scenec.yml": "rules:\n  unused-let: error\n",
      "a.yaml": Self.unusedLet,
      "sub/b.yaml": Self.unusedLet,
      "elsewhere/quiet.yml": "rules:\n  W0107: off\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let given = try Self.lint(["--format", "json", "--config", "elsewhere/quiet.yml", "a.yaml", "sub"], in: root)
    #expect(given.status == 0)
    #expect(try Self.findings(given) == ["a.yaml": [], "sub/b.yaml": []])
    let none = try Self.lint(["--format", "json", "--no-config", "a.yaml", "sub"], in: root)
    #expect(none.status == 0)
    #expect(try Self.findings(none) == ["a.yaml": ["W0107:warning"], "sub/b.yaml": ["W0107:warning"]])
    let both = try Self.lint(["--config", "elsewhere/quiet.yml", "--no-config", "a.yaml"], in: root)
    #expect(both.status == 2 && both.standardError.contains("cannot be given together"))
    let missing = try Self.lint(["--config", "nope.yml", "a.yaml"], in: root)
    #expect(missing.status == 2 && missing.standardError.contains("no such config file: nope.yml"))
  }

  /// A level named by code or by name sets the severity every format and the exit status read.
  @Test func levelsByCodeAndByNameReachEveryFormat() throws {
    let root = try Self.tree([
      ".scenec.yml": "rules:\n  W0107: error\n  unused-layer: off\n",
      "a.yaml": Self.unusedLet + "  - id: ghost\n    hidden: true\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let text = try Self.lint(["--short", "a.yaml"], in: root)
    #expect(text.status == 1)
    #expect(text.standardOutput.contains("a.yaml:4:3: error: ") && text.standardOutput.contains("[W0107]"))
    #expect(!text.standardOutput.contains("W0106"))
    let sarif = try Self.lint(["--format", "sarif", "a.yaml"], in: root)
    let result = try JSONParser.parse(sarif.standardOutput)["runs"]?[0]?["results"]?[0]
    #expect(result?["ruleId"]?.stringValue == "W0107" && result?["level"]?.stringValue == "error")
    let github = try Self.lint(["--format", "github", "a.yaml"], in: root)
    #expect(github.standardOutput.hasPrefix("::error "))
    // Unconfigured, W0106 shows and W0107 is a warning that does not fail the run.
    let plain = try Self.lint(["--no-config", "--short", "a.yaml"], in: root)
    #expect(plain.status == 0 && plain.standardOutput.contains("[W0106]"))
  }

  @Test func excludeIncludeAndTheCommandLinesExclude() throws {
    let root = try Self.tree([
      ".scenec.yml": """
      exclude:
        - "drafts/*"
        - "!drafts/keep.yaml"
        - "*.bad.yaml"
        - /generated/
      include:
        - "*.yaml"
        - "*.scene"

      """,
      "a.yaml": Self.clean,
      "b.scene": Self.clean,
      "c.yml": Self.invalid,
      "drafts/x.yaml": Self.invalid,
      "drafts/keep.yaml": Self.clean,
      "z.bad.yaml": Self.invalid,
      "deep/q/w.bad.yaml": Self.invalid,
      "deep/q/ok.yaml": Self.clean,
      "generated/g.yaml": Self.invalid,
      "nested/generated/n.yaml": Self.clean,
      "cli/skip.yaml": Self.invalid,
      "only/x.bad.yaml": Self.invalid,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try Self.lint(["--format", "json", "--exclude", "cli/", "."], in: root)
    #expect(run.status == 0, "\(run.standardOutput)")
    #expect(
      try Set(Self.findings(run).keys) == [
        "./a.yaml", "./b.scene", "./deep/q/ok.yaml", "./drafts/keep.yaml", "./nested/generated/n.yaml",
      ])
    // Without --exclude, cli/ is walked; with a pattern that `!` takes back, too.
    #expect(try Self.lint(["."], in: root).status == 1)
    #expect(try Self.lint(["--exclude", "cli/", "--exclude", "!cli/", "."], in: root).status == 1)
    // A path given is read whatever the patterns say.
    let named = try Self.lint(["--exclude", "cli/", "--short", "cli/skip.yaml", "drafts/x.yaml", "c.yml"], in: root)
    #expect(named.status == 1)
    for path in ["cli/skip.yaml", "drafts/x.yaml", "c.yml"] { #expect(named.standardOutput.contains("\(path):5:5:")) }
    // A folder named is walked (its own patterns are not asked), but what it holds is judged.
    #expect(try Self.lint(["generated"], in: root).status == 1)
    let nothing = try Self.lint(["only"], in: root)
    #expect(nothing.status == 2 && nothing.standardError.contains("hidden and excluded ones are skipped"))
    #expect(try Self.lint(["--exclude", "", "."], in: root).status == 2)
  }

  @Test func hiddenEntriesAreSkippedInAWalkAndReadWhenNamed() throws {
    let root = try Self.tree([
      "a.yaml": Self.clean,
      ".github/workflows/ci.yml": "on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n",
      ".build/x.yaml": Self.invalid,
      ".pre-commit-hooks.yaml": "- id: scenec-lint\n",
      "sub/.hidden.yaml": Self.invalid,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let walk = try Self.lint(["."], in: root)
    #expect(walk.status == 0)
    #expect(walk.standardOutput == "1 file checked, no problems\n")
    let named = try Self.lint(["--short", ".github/workflows/ci.yml", "sub/.hidden.yaml"], in: root)
    #expect(named.status == 1)
    #expect(named.standardOutput.contains(".github/workflows/ci.yml:1:1:"))
    #expect(named.standardOutput.contains("sub/.hidden.yaml:5:5:"))
    // A hidden folder named is walked; hidden entries below it are still skipped.
    #expect(try Self.lint([".build"], in: root).status == 1)
  }

  @Test func limitsComeFromTheConfigAndFlagsWin() throws {
    let threeLayers = Self.clean + "  - id: b\n  - id: c\n"
    let root = try Self.tree([".scenec.yml": "max-layers: 2\n", "a.yaml": threeLayers])
    defer { try? FileManager.default.removeItem(at: root) }
    let limited = try Self.lint(["--short", "a.yaml"], in: root)
    #expect(limited.status == 1 && limited.standardOutput.contains("[E0602]"))
    #expect(try Self.lint(["--max-layers", "3", "a.yaml"], in: root).status == 0)
    #expect(try Self.lint(["--no-config", "a.yaml"], in: root).status == 0)
    // The input limit applies while reading.
    try "max-input-bytes: 10\n".write(
      to: root.appendingPathComponent(".scenec.yml"), atomically: true, encoding: .utf8)
    let small = try Self.lint(["--short", "a.yaml"], in: root)
    #expect(small.status == 1 && small.standardOutput.contains("[E0111]"))
  }

  /// A config with problems is reported (in the chosen format) and nothing is checked: exit 2.
  @Test func aBrokenConfigChecksNothing() throws {
    let root = try Self.tree([
      ".scenec.yml": "rules:\n  W0107: of\nexlude: [x]\n",
      "a.yaml": Self.invalid,
      "sub/.scenec.yml": "rules: {W0106: off}\n",
      "sub/b.yaml": Self.clean,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let text = try Self.lint(["--short", "."], in: root)
    #expect(text.status == 2)
    #expect(
      text.standardOutput == """
        .scenec.yml:2:10: error: 'of' is not a rule level [E1003]
        .scenec.yml:3:1: error: unknown key 'exlude' in .scenec.yml [E1001]
        2 errors, 0 warnings in 1 file

        """)
    let json = try Self.lint(["--format", "json", "."], in: root)
    #expect(json.status == 2)
    #expect(try Self.findings(json) == [".scenec.yml": ["E1003:error", "E1001:error"]])
    // The good config below is not the broken one: its files lint.
    #expect(try Self.lint(["sub"], in: root).status == 0)
  }

  @Test func maxWarningsFailsPastN() throws {
    let root = try Self.tree(["a.yaml": Self.twoUnusedLets, "b.yaml": Self.unusedLet])
    defer { try? FileManager.default.removeItem(at: root) }
    let atN = try Self.lint(["--max-warnings", "3", "."], in: root)
    #expect(atN.status == 0 && atN.standardError.isEmpty)
    let past = try Self.lint(["--max-warnings", "2", "."], in: root)
    #expect(past.status == 1)
    #expect(past.standardError == "scenec: 3 warnings, more than --max-warnings 2 allows\n")
    #expect(past.standardOutput.hasSuffix("0 errors, 3 warnings in 2 files\n"))
    // Counted after the rule levels: switched off, they are not warnings.
    try "rules: {unused-let: off}\n".write(
      to: root.appendingPathComponent(".scenec.yml"), atomically: true, encoding: .utf8)
    #expect(try Self.lint(["--max-warnings", "0", "."], in: root).status == 0)
    #expect(try Self.lint(["--max-warnings", "-1", "."], in: root).status == 2)
  }

  @Test func printConfigShowsTheSettingsOfAFile() throws {
    let root = try Self.tree([
      ".scenec.yml":
        "rules:\n  snaps-back: error\n  W0106: off\n  W0107: warning\nexclude: [\"drafts/\"]\nmax-layers: 500\n",
      "drafts/a.yaml": Self.clean,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try Self.lint(["--print-config", "drafts/a.yaml", "--exclude", "*.tmp", "--max-depth", "50"], in: root)
    #expect(run.status == 0, "\(run.standardError)")
    var limits = InputLimit.all.map { "    \"\($0.name)\": \(SpecChecker.Options()[keyPath: $0.limit])" }
    limits[1] = "    \"max-depth\": 50"
    limits[4] = "    \"max-layers\": 500"
    let expected = """
      {
        "file": "drafts/a.yaml",
        "config": ".scenec.yml",
        "lookup": "nearest",
        "walk": "excluded",
        "walkPattern": "drafts/",
        "rules": {
          "W0102": {
            "name": "snaps-back",
            "level": "error"
          },
          "W0106": {
            "name": "unused-layer",
            "level": "off"
          }
        },
        "exclude": [
          "drafts/"
        ],
        "commandLineExclude": [
          "*.tmp"
        ],
        "include": [
          "*.yaml",
          "*.yml"
        ],
        "limits": {
      \(limits.joined(separator: ",\n"))
        }
      }

      """
    #expect(run.standardOutput == expected)
    let none = try JSONParser.parse(
      try Self.lint(["--no-config", "--print-config", "drafts/a.yaml"], in: root).standardOutput)
    #expect(none["config"] == .null && none["lookup"]?.stringValue == "none" && none["walk"]?.stringValue == "lint")
    #expect(try Self.lint(["--print-config", "drafts/a.yaml", "drafts"], in: root).status == 2)
  }

  /// `scenec help lint` and Grammar.md name every new flag and every key of the config.
  @Test func helpAndGrammarDocumentTheFlagsAndKeys() throws {
    let help = CLI.run(["help", "lint"]).standardOutput
    let grammar = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
    for flag in ["--config FILE", "--no-config", "--exclude GLOB", "--max-warnings N", "--print-config FILE"] {
      #expect(help.contains(flag), "help lint lacks \(flag)")
      #expect(grammar.contains(flag), "Grammar.md lacks \(flag)")
    }
    for key in ["rules:", "exclude:", "include:", "max-layers:"] {
      #expect(help.contains(key) && grammar.contains(key), "\(key) undocumented")
    }
    for limit in InputLimit.all { #expect(grammar.contains("`\(limit.name)`"), "Grammar.md lacks \(limit.name)") }
  }

  /// The repository lints clean through its committed `.scenec.yml`, and only through it: without the config,
  /// the fixtures that are invalid on purpose and the fuzz inputs fail.
  @Test func theRepositoryLintsCleanThroughItsConfig() throws {
    let run = try Self.lint(["."], in: CLI.repositoryRoot)
    #expect(run.status == 0, "\(run.standardOutput.suffix(2000))")
    #expect(run.standardOutput.hasSuffix(" files checked, no problems\n"), "\(run.standardOutput.suffix(2000))")
    let unconfigured = try Self.lint(["--no-config", "--short", "."], in: CLI.repositoryRoot)
    #expect(unconfigured.status == 1)
    #expect(unconfigured.standardOutput.contains("Tests/SceneCheckerTests/Fixtures/E0202-"))
  }
}
