import Foundation
import Testing

/// Every command that reports diagnostics takes `--format`, and says so where a user looks: the usage line of
/// `scenec help <command>` and the row of README's commands table.
@Suite struct FormatOptionDocsTests {
  static let commands = ["compile", "sample", "export", "lint"]

  @Test(arguments: commands) func theHelpUsageLineNamesFormat(command: String) {
    let help = CLI.run(["help", command])
    #expect(help.status == 0)
    let usage = help.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
    #expect(usage.hasPrefix("usage: scenec \(command) "), "\(usage)")
    #expect(usage.contains("[--format text|json|sarif|github|gitlab]"), "\(usage)")
  }

  @Test(arguments: commands) func theReadmeRowNamesFormat(command: String) throws {
    let readme = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `scenec \(command) ") }
    #expect(!rows.isEmpty, "README's commands table has a row for \(command)")
    #expect(rows.allSatisfy { $0.contains("`--format text\\|json\\|sarif\\|github\\|gitlab`") }, "\(rows)")
  }
}
