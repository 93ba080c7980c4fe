import Foundation
import SceneTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lint`'s report is safe to print and names what it read (issue 33): file names and keys with control
/// characters start no workflow command in a CI log, SARIF names a file as it is, a file or folder it cannot read
/// is an error, and an input over the size limit costs what Grammar.md says.
@Suite(.serialized) struct LintOutputSafetyTests {
  static let badSpec = "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opactiy: 0.5\n"

  /// A folder of specs with hostile names, and one whose keys are hostile.
  static func hostileFolder() throws -> (folder: URL, names: [String]) {
    let folder = CLI.temporaryFolder()
    let names = [
      "x\n::error file=pwn.yaml::injected.yaml", "esc\u{1B}[31mred.yaml", "::warning::lead.yaml",
      "bidi\u{202E}lmay.yaml", "sep\u{2028}::error::x.yaml", "##[error]legacy.yaml",
    ]
    for name in names {
      try badSpec.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let keys =
      "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    \"k\\n::error::fromkey\": 1\n    \"##[warning]k\": 2\n"
    try keys.write(to: folder.appendingPathComponent("keys.yaml"), atomically: true, encoding: .utf8)
    return (folder, names + ["keys.yaml"])
  }

  @Test func hostileFileNamesAndKeysStartNoWorkflowCommand() throws {
    let (folder, names) = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = CLI.run(["lint", folder.path])
    #expect(text.status == 1)
    #expect(WorkflowCommandScan.commandLines(in: text.standardOutput).isEmpty, "\(text.standardOutput)")
    #expect(!text.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
    #expect(text.standardOutput.contains("/x\\u{A}::error file=pwn.yaml::injected.yaml:5:5: error: unknown key"))
    #expect(text.standardOutput.contains("/esc\\u{1B}[31mred.yaml:5:5: error:"))
    #expect(text.standardOutput.contains("unknown key 'k\\u{A}::error::fromkey' in a layer"))
    #expect(text.standardOutput.contains("unknown key '##\\u{5B}warning]k' in a layer"))

    // GitHub: exactly the commands the diagnostics cause, each naming its file, one line each.
    let json = CLI.run(["lint", "--format", "json", folder.path]).standardOutput
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    // JSON keeps every name exactly (JSON escapes do the rest).
    #expect(
      Set(files.compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }) == Set(names))
    let diagnosticCount = files.reduce(0) { $0 + (($1["diagnostics"] as? [Any])?.count ?? 0) }
    let github = CLI.run(["lint", "--format", "github", folder.path]).standardOutput
    let commands = WorkflowCommandScan.commandLines(in: github)
    #expect(commands.count == diagnosticCount, "\(github)")
    #expect(WorkflowCommandScan.lines(github).dropLast().count == diagnosticCount, "\(github)")
    for line in commands {
      let command = try #require(WorkflowCommandScan.parse(line))
      #expect(command.name == "error", "\(line)")
      #expect(command.properties.first?.key == "file" && command.properties.first?.value.hasPrefix(folder.path) == true)
    }
    #expect(!github.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
    // The machine formats too, printed as they are (`##[` would be a command anywhere in a line).
    let sarif = CLI.run(["lint", "--format", "sarif", folder.path]).standardOutput
    let gitlab = CLI.run(["lint", "--format", "gitlab", folder.path]).standardOutput
    for document in [json, sarif, gitlab] {
      #expect(WorkflowCommandScan.commandLines(in: document).isEmpty, "\(document)")
      #expect(!document.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
    }
  }

  /// An error naming a file prints the name escaped too (a path given on the command line that does not exist).
  @Test func usageErrorsEscapeTheNamesTheyQuote() {
    let run = CLI.run(["lint", "no\n::error::such.yaml"])
    #expect(run.status == 2)
    #expect(WorkflowCommandScan.commandLines(in: run.standardError).isEmpty, "\(run.standardError)")
    #expect(run.standardError.contains("no such file or folder: no\\u{A}::error::such.yaml"))
  }

  /// SARIF names `a\b.yaml` and `a/b.yaml` apart, and every name decodes back to the file.
  @Test func sarifURIsKeepThePathAsGiven() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = ["a\\b.yaml", "a/b.yaml", "100% #1?.yaml", "按钮 ü.yaml", "new\nline.yaml"]
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
    for name in names {
      try Self.badSpec.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let run = CLI.run(["lint", "--format", "sarif", folder.path])
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    var named: [String] = []
    for result in results {
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      let uri = try #require((location?["artifactLocation"] as? [String: Any])?["uri"] as? String)
      #expect(uri.hasPrefix("file:///"), "\(uri)")
      named.append(try #require(String(uri.dropFirst("file://".count)).removingPercentEncoding))
    }
    #expect(Set(named) == Set(names.map { folder.appendingPathComponent($0).path }), "\(named)")
    let check = try SARIFSchemaCheck.run(run.standardOutput)
    #expect(check.status == 0, "\(check.output)")
  }

  /// How to run scenec so that a folder without read permission cannot be read. The tests run as root, whom
  /// `chmod 000` does not stop (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH); `setpriv` runs scenec with those two
  /// capabilities dropped from its bounding set, so that it reads as root with the permission bits applied.
  static func unprivilegedLauncher() throws -> [String] {
    guard getuid() == 0 else { return [] }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else {
      throw HostileError("running as root without \(setpriv) (util-linux): cannot make a folder unreadable")
    }
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]
  }

  @Test func anUnreadableFolderOrFileIsAnErrorNamingIt() throws {
    let folder = CLI.temporaryFolder()
    let sub = folder.appendingPathComponent("sub")
    let locked = folder.appendingPathComponent("locked.yaml")
    defer {
      chmod(sub.path, 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try Self.badSpec.write(to: sub.appendingPathComponent("hidden.yaml"), atomically: true, encoding: .utf8)
    try Self.badSpec.write(to: folder.appendingPathComponent("ok.yaml"), atomically: true, encoding: .utf8)
    try Self.badSpec.write(to: locked, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("gone.yaml").path,
      withDestinationPath: folder.appendingPathComponent("nowhere.yaml").path)
    #expect(chmod(sub.path, 0) == 0 && chmod(locked.path, 0) == 0)
    let launcher = try Self.unprivilegedLauncher()

    let run = try Scenec.run(["lint", "--short", folder.path], launcher: launcher)
    let base = folder.path
    let expected = """
      \(base)/gone.yaml:1:1: error: cannot read this file: No such file or directory [E0114]
      \(base)/locked.yaml:1:1: error: cannot read this file: Permission denied [E0114]
      \(base)/ok.yaml:5:5: error: unknown key 'opactiy' in a layer [E0202]
      \(base)/sub:1:1: error: cannot read this folder: Permission denied [E0114]
      4 errors, 0 warnings in 4 files

      """
    #expect(run.standardOutput == expected, "\(run.standardError)")
    #expect(run.status == 2)

    // Named on the command line, and in the machine formats.
    let file = try Scenec.run(["lint", "--format", "json", locked.path], launcher: launcher)
    #expect(file.status == 2, "\(file.standardError)")
    #expect(file.standardOutput.contains("\"code\": \"E0114\""), "\(file.standardOutput)")
    let sarif = try Scenec.run(["lint", "--format", "sarif", sub.path], launcher: launcher)
    #expect(sarif.status == 2, "\(sarif.standardError)")
    #expect(sarif.standardOutput.contains("\"ruleId\": \"E0114\""), "\(sarif.standardOutput)")
    #expect(try SARIFSchemaCheck.run(sarif.standardOutput).status == 0)
  }

  /// E0111 stops at the limit: an over-limit input of short lines costs no more than one of a single long line
  /// (its line table was 8 bytes a line: 348 MB at the default limit where the long line took 86 MB).
  @Test func anOverLimitInputOfShortLinesCostsWhatALongLineCosts() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let limit = 16 << 20
    let short = folder.appendingPathComponent("short.yaml")
    let long = folder.appendingPathComponent("long.yaml")
    try Data(repeating: UInt8(ascii: "\n"), count: limit + 2).write(to: short)
    try Data(repeating: UInt8(ascii: "a"), count: limit + 2).write(to: long)
    var peaks: [Int] = []
    for file in [short, long] {
      let run = try Scenec.run(["lint", "--short", "--max-input-bytes", String(limit), file.path])
      #expect(run.status == 1)
      #expect(run.standardOutput.hasPrefix("\(file.path):1:1: error: the file is larger than the limit of"))
      peaks.append(run.peakKiB)
    }
    print("[E0111] peak RSS, 16 MiB limit: short lines \(peaks[0]) KiB, one long line \(peaks[1]) KiB")
    #expect(peaks[0] < peaks[1] + 8 << 10, "short lines \(peaks[0]) KiB, a long line \(peaks[1]) KiB")
  }
}
