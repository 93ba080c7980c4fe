// Runs the real command line in-process for the export targets, the spec on standard input (`-`).
import SceneCLI

public enum FuzzCLI {
  /// Limits that keep one input to a fraction of libFuzzer's 10 s timeout under AddressSanitizer (the defaults
  /// are tested by Tests/SceneCLITests/ExportLimitsTests.swift; the code paths are the same).
  public static let limits = ["--max-export-frames", "600", "--max-export-samples", "60000", "--max-layers", "2000"]

  /// `scenec ARGS…` with `input` on standard input; output is discarded. Any exit status is fine: the targets
  /// look for crashes, hangs and sanitizer reports.
  @discardableResult
  public static func run(_ arguments: [String], input: [UInt8]) -> Int32 {
    let console = Console(
      standardOutput: StringSink(), standardError: StringSink(), environment: [:], readStandardInput: { input })
    return SceneCLI.run(arguments, console: console)
  }
}
