import Foundation

/// Runs a Python check script with a document on its standard input, as the schema validators need.
package enum PythonCheck {
  /// `python3 ARGUMENTS…` fed `input`; its exit status (env's 127, no python3 at all, reported as 3: a tool
  /// missing, as the validators report a missing module) and its standard output and error together.
  package static func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let stdin = Pipe()
    let output = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = output
    try process.run()
    try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 127 ? 3 : process.terminationStatus, text)
  }
}
