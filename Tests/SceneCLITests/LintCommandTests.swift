import Foundation
import Testing

@Suite(.serialized) struct LintCommandTests {
  @Test func theFourScenesLintClean() throws {
    let run = CLI.run(["lint", "specs"])
    #expect(run.status == 0, "\(run.standardOutput)")
    let count = try FileManager.default.contentsOfDirectory(atPath: "specs").filter { $0.hasSuffix(".yaml") }.count
    #expect(run.standardOutput == "\(count) files checked, no problems\n")
  }

  @Test func quietSilencesTheCleanRunsSummaryAndOnlyIt() throws {
    let quiet = CLI.run(["lint", "--quiet", "specs/switch.yaml"])
    #expect(quiet.status == 0)
    #expect(quiet.standardOutput.isEmpty)
    #expect(CLI.run(["lint", "specs/switch.yaml"]).standardOutput == "1 file checked, no problems\n")
    // Machine formats keep their documents; findings are printed whatever --quiet says.
    #expect(CLI.run(["lint", "--format", "github", "specs/switch.yaml"]).standardOutput.isEmpty)
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.yaml")
    try "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opactiy: 0.5\n".write(
      to: file, atomically: true, encoding: .utf8)
    let bad = CLI.run(["lint", "--quiet", file.path])
    #expect(bad.status == 1)
    #expect(bad.standardOutput.contains("[E0202]"))
  }

  @Test func errorsExitOneWithLocatedTextOnStandardOutput() throws {
    let folder = CLI.temporaryFolder()
    let file = folder.appendingPathComponent("bad.yaml")
    try "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opactiy: 0.5\n".write(
      to: file, atomically: true, encoding: .utf8)
    let run = CLI.run(["lint", file.path])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasPrefix("\(file.path):5:5: error: unknown key 'opactiy' in a layer [E0202]\n"))
    #expect(run.standardOutput.contains("help: did you mean 'opacity'?"))
    #expect(run.standardError.isEmpty)
  }

  @Test func strictMakesWarningsFail() throws {
    let folder = CLI.temporaryFolder()
    let file = folder.appendingPathComponent("warn.yaml")
    try "scene: s\nsize: [10, 10]\nlet:\n  unused: 3\nlayers:\n  - id: a\n".write(
      to: file, atomically: true, encoding: .utf8)
    #expect(CLI.run(["lint", file.path]).status == 0)
    #expect(CLI.run(["lint", "--strict", file.path]).status == 1)
  }

  /// Parallel and serial linting print byte-identical reports, in every format, whatever the order of paths.
  @Test(arguments: ["text", "json", "sarif", "github", "gitlab"])
  func parallelEqualsSerial(format: String) throws {
    let folder = CLI.temporaryFolder()
    for index in 0..<24 {
      let body =
        index % 3 == 0
        ? "scene: s\(index)\nsize: [10, 10]\nlayers:\n  - id: a\n    opacity: \(index)\n"
        : "scene: s\(index)\nsize: [10, 10]\nlayers:\n  - id: a\n    fillColor: red\n"
      try body.write(to: folder.appendingPathComponent("spec\(index).yaml"), atomically: true, encoding: .utf8)
    }
    let serial = CLI.run(["lint", "--jobs", "1", "--format", format, folder.path])
    let parallel = CLI.run(["lint", "--jobs", "4", "--format", format, folder.path])
    #expect(serial.status == 1)
    #expect(serial.standardOutput == parallel.standardOutput)
    #expect(serial.status == parallel.status)
  }

  @Test func theFormatsCarryTheSameDiagnostics() throws {
    let folder = CLI.temporaryFolder()
    let file = folder.appendingPathComponent("two.yaml")
    try "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opacity: 2\n  - id: a\n".write(
      to: file, atomically: true, encoding: .utf8)
    let text = CLI.run(["lint", file.path]).standardOutput
    let json = CLI.run(["lint", "--format", "json", file.path]).standardOutput
    let sarif = CLI.run(["lint", "--format", "sarif", file.path]).standardOutput
    let github = CLI.run(["lint", "--format", "github", file.path]).standardOutput
    for code in ["E0303", "E0207"] {
      #expect(text.contains("[\(code)]"))
      #expect(json.contains("\"code\": \"\(code)\""))
      #expect(sarif.contains("\"ruleId\": \"\(code)\""))
      #expect(github.contains("title=\(code)"))
    }
    #expect(github.split(separator: "\n").count == 2)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let summary = parsed?["summary"] as? [String: Any]
    #expect(summary?["errors"] as? Int == 2)
  }

  @Test func standardInputAndUsageErrors() {
    let stdin = CLI.run(["lint", "-"], stdin: "scene: s\nsize: [1, 1]\nlayers: []\n")
    #expect(stdin.status == 0)
    let missing = CLI.run(["lint", "no/such/file.yaml"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("no such file or folder"))
    let option = CLI.run(["lint", "--strcit", "specs"])
    #expect(option.status == 2)
    #expect(option.standardError.contains("did you mean '--strict'?"))
    #expect(option.standardError.contains("usage: scenec lint"))
    let empty = CLI.temporaryFolder()
    let noSpecs = CLI.run(["lint", empty.path])
    #expect(noSpecs.status == 2)
    #expect(noSpecs.standardError.contains("no .yaml or .yml files"))
  }

  @Test func helpAndVersion() {
    let help = CLI.run(["--help"]).standardOutput
    #expect(help.contains("usage: scenec <command>"))
    #expect(CLI.run(["-h"]).standardOutput == help)
    #expect(CLI.run(["help"]).standardOutput == help)
    let lintHelp = CLI.run(["help", "lint"])
    #expect(lintHelp.status == 0)
    #expect(CLI.run(["lint", "--help"]).standardOutput == lintHelp.standardOutput)
    #expect(CLI.run(["lint", "-h"]).standardOutput == lintHelp.standardOutput)
    #expect(CLI.run(["--version"]).standardOutput.hasPrefix("scenec "))
    let unknown = CLI.run(["lnit"])
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("did you mean 'lint'?"))
  }

  @Test func colourOnlyWhenAskedOrOnATerminalWithoutNoColor() throws {
    let folder = CLI.temporaryFolder()
    let file = folder.appendingPathComponent("c.yaml")
    try "scene: s\nsize: [1, 1]\nlayers:\n  - id: a\n    opacity: 3\n".write(
      to: file, atomically: true, encoding: .utf8)
    #expect(!CLI.run(["lint", file.path]).standardOutput.contains("\u{1B}["))
    #expect(CLI.run(["lint", "--color", "always", file.path]).standardOutput.contains("\u{1B}["))
    #expect(!CLI.run(["lint", "--color", "never", file.path]).standardOutput.contains("\u{1B}["))
  }

  @Test func schemaIsValidJSONFromTheCheckerTables() throws {
    let run = CLI.run(["schema"])
    #expect(run.status == 0)
    let schema = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    let defs = schema?["$defs"] as? [String: Any]
    let layer = defs?["layer"] as? [String: Any]
    let properties = layer?["properties"] as? [String: Any]
    #expect(properties?["strokeEnd"] != nil)
    #expect(properties?["opactiy"] == nil)
    #expect((schema?["required"] as? [String])?.sorted() == ["layers", "scene", "size"])
  }
}
