import Foundation
import SceneCLI

/// Runs `scenec` in-process with captured streams.
struct CLIRun {
  let status: Int32
  let standardOutput: String
  let standardError: String
}

enum CLI {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> CLIRun {
    let output = StringSink()
    let error = StringSink()
    let console = Console(
      standardOutput: output, standardError: error, environment: environment,
      readStandardInput: { Array(stdin.utf8) })
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let status = SceneCLI.run(arguments, console: console)
    return CLIRun(status: status, standardOutput: output.text, standardError: error.text)
  }

  /// A fresh temporary folder.
  static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
