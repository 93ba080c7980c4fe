import Foundation
import SceneCLI

/// Linting many small files through the `lint` command itself, on one core (`--jobs 1`) and on all
/// (`--jobs` = the processor count), in alternation.
public enum LintBenchmark {
  public struct Result: Sendable {
    public var files: Int
    public var cores: Int
    public var oneCoreFilesPerSecond: Double
    public var allCoresFilesPerSecond: Double
    public var speedup: Double { allCoresFilesPerSecond / oneCoreFilesPerSecond }
  }

  /// Writes `count` small specs into `folder`: every fourth one of the seed specs (when given), the others small
  /// synthetic scenes of varied sizes.
  public static func writeFiles(count: Int, into folder: URL, seedSpecs: [[UInt8]]) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<count {
      let bytes: [UInt8]
      if !seedSpecs.isEmpty && index % 4 == 0 {
        bytes = seedSpecs[index / 4 % seedSpecs.count]
      } else {
        let scene = SyntheticScene(
          layers: 2 + index % 5, properties: 2 + index % 3, keyframes: 3 + index % 6, seed: UInt64(index))
        bytes = Array(scene.text().utf8)
      }
      try Data(bytes).write(to: folder.appendingPathComponent(String(format: "spec-%04d.yaml", index)))
    }
  }

  public static func run(folder: URL, files: Int, configuration: BenchmarkConfiguration) throws -> Result {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var one: [Double] = []
    var all: [Double] = []
    for _ in 0..<configuration.rounds {
      one.append(Double(files) / lint(folder: folder, jobs: 1, minimum: configuration.minimumTime))
      all.append(Double(files) / lint(folder: folder, jobs: cores, minimum: configuration.minimumTime))
    }
    return Result(
      files: files, cores: cores, oneCoreFilesPerSecond: Timing.median(one), allCoresFilesPerSecond: Timing.median(all))
  }

  /// Seconds for one `scenec lint --jobs N folder`, its report kept in memory.
  static func lint(folder: URL, jobs: Int, minimum: Double) -> Double {
    var status: Int32 = 0
    let seconds = Timing.perCall(minimum: minimum, wall: true) {
      let console = Console(
        standardOutput: StringSink(), standardError: StringSink(), environment: [:], readStandardInput: { nil })
      status = SceneCLI.run(["lint", "--jobs", String(jobs), folder.path], console: console)
    }
    blackHole(status)
    return seconds
  }
}
