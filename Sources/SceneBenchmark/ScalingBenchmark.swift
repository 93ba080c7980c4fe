import CBenchSupport
import Foundation
import SceneCLI

/// The scaling table: for each dimension of the input, the command a user runs on a spec grown in that dimension
/// alone, at 1×, 4× and 16× the units, and the cost per unit. Linear cost shows as a flat cost per unit; the goal
/// is 16×'s per-unit cost within 1.5× of 1×'s. The sizes of one row run side by side in each round.
public enum ScalingBenchmark {
  /// One dimension: what grows, how many at 1×, the spec for a count and the commands to time on it.
  public struct Dimension: Sendable {
    public var name: String
    public var unit: String
    public var base: Int
    /// What is timed, as `scenec` arguments; `{spec}` is replaced by the spec file's path, `{out}` by an output file.
    public var command: String
    var spec: @Sendable (Int) -> String
    var arguments: @Sendable (Int) -> [[String]]
    /// How many times the commands parse the grown spec (for the libyaml share); 0 when the spec does not grow.
    var parses = 2
  }

  public struct Row: Sendable {
    public var dimension: String
    public var unit: String
    public var command: String
    public var units: [Int]
    public var seconds: [Double]
    /// libyaml's event parse of the spec, times the parses the commands make; empty when the spec does not grow.
    public var floorSeconds: [Double] = []
    public var perUnit: [Double] { zip(seconds, units).map { $0 / Double($1) } }
    /// Cost per unit at 16× ÷ at 1×.
    public var ratio: Double { perUnit[perUnit.count - 1] / perUnit[0] }
    /// The same ratio for the time beyond libyaml's parse (scenec's own work), when measured; nil where libyaml
    /// alone takes longer than the command (the reader reads deep flow collections without libyaml's quadratic
    /// scan, so the difference is not scenec's work).
    public var ratioBeyondFloor: Double? {
      guard floorSeconds.count == seconds.count else { return nil }
      let beyond = zip(zip(seconds, floorSeconds), units).map { ($0.0 - $0.1) / Double($1) }
      guard beyond.allSatisfy({ $0 > 0 }) else { return nil }
      return beyond[beyond.count - 1] / beyond[0]
    }
  }

  public static let multipliers = [1, 4, 16]
  public static let goal = 1.5

  /// Front-end dimensions run `scenec lint` and `scenec compile -o`, one after the other.
  static func frontEnd(_ extra: @escaping @Sendable (Int) -> [String] = { _ in [] }) -> @Sendable (Int) -> [[String]] {
    { count in [["lint", "{spec}"] + extra(count), ["compile", "{spec}", "-o", "{out}"] + extra(count)] }
  }

  static let lintAndCompile = "lint + compile -o"

  /// Every row, with `scale` multiplying the 1× counts (1 for the full run; smaller for a quick one).
  public static func dimensions(scale: Double) -> [Dimension] {
    func base(_ count: Int) -> Int { max(2, Int(Double(count) * scale)) }
    return [
      Dimension(
        name: "layers", unit: "layer", base: base(1000), command: lintAndCompile, spec: ScalingScenes.layers,
        arguments: frontEnd()),
      Dimension(
        name: "timelines", unit: "timeline", base: base(500), command: lintAndCompile, spec: ScalingScenes.timelines,
        arguments: frontEnd()),
      Dimension(
        name: "animations per timeline", unit: "animation", base: base(1000), command: lintAndCompile,
        spec: ScalingScenes.animations, arguments: frontEnd()),
      Dimension(
        name: "keyframes", unit: "keyframe", base: base(4000), command: lintAndCompile, spec: ScalingScenes.keyframes,
        arguments: frontEnd()),
      Dimension(
        name: "repeated instances", unit: "instance", base: base(600), command: lintAndCompile,
        spec: ScalingScenes.instances,
        arguments: frontEnd()),
      Dimension(
        name: "nesting depth", unit: "level", base: base(60), command: lintAndCompile + " (limits raised)",
        spec: ScalingScenes.nesting, arguments: frontEnd(ScalingScenes.nestingFlags)),
      Dimension(
        name: "path elements", unit: "element", base: base(500), command: lintAndCompile,
        spec: ScalingScenes.pathElements,
        arguments: frontEnd()),
      Dimension(
        name: "let names (a chain)", unit: "name", base: base(250), command: lintAndCompile,
        spec: ScalingScenes.letNames, arguments: frontEnd()),
      Dimension(
        name: "states and transitions", unit: "state", base: base(250), command: lintAndCompile + " (limits raised)",
        spec: ScalingScenes.states,
        arguments: frontEnd(ScalingScenes.stateFlags)),
      Dimension(
        name: "events replayed", unit: "event", base: base(1000), command: "sample --events … --at (20 times)",
        spec: { _ in ScalingScenes.eventScene },
        arguments: {
          [["sample", "{spec}", "--events", ScalingScenes.events($0), "--at", ScalingScenes.eventSampleTimes($0)]]
        }, parses: 0),
      Dimension(
        name: "frames exported (svg)", unit: "frame", base: base(60), command: "export filmstrip --frames N",
        spec: { _ in ScalingScenes.exportScene },
        arguments: { [["export", "filmstrip", "{spec}", "--frames", String($0), "--duration", "10", "-o", "{out}"]] },
        parses: 0),
      Dimension(
        name: "frames exported (lottie)", unit: "frame", base: base(120), command: "export lottie --duration N/60",
        spec: { _ in ScalingScenes.exportScene },
        arguments: { [["export", "lottie", "{spec}", "--duration", String(Double($0) / 60), "-o", "{out}"]] }, parses: 0
      ),
      Dimension(
        name: "replicator copies (lottie)", unit: "replica", base: base(150), command: "export lottie",
        spec: ScalingScenes.replicatorCopies, arguments: { _ in [["export", "lottie", "{spec}", "-o", "{out}"]] },
        parses: 0),
    ]
  }

  public enum Failure: Error, CustomStringConvertible {
    case commandFailed(dimension: String, units: Int, status: Int32, message: String)

    public var description: String {
      switch self {
      case .commandFailed(let dimension, let units, let status, let message):
        return "scaling \(dimension) at \(units): exit \(status): \(message.prefix(400))"
      }
    }
  }

  /// Measures every dimension, the sizes of each side by side in every round.
  public static func run(
    _ dimensions: [Dimension], rounds: Int, minimumTime: Double, folder: URL, log: (String) -> Void
  ) throws -> [Row] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var rows: [Row] = []
    for dimension in dimensions {
      let units = multipliers.map { $0 * dimension.base }
      log("scaling: \(dimension.name) at \(units.map(String.init).joined(separator: ", ")) \(dimension.unit)s")
      var runs: [[[String]]] = []
      var specs: [[UInt8]] = []
      for count in units {
        let path = folder.appendingPathComponent("scaling-\(count).yaml").path
        specs.append(Array(dimension.spec(count).utf8))
        try Data(specs[specs.count - 1]).write(to: URL(fileURLWithPath: path))
        let output = folder.appendingPathComponent("scaling-\(count)-out").path
        runs.append(
          dimension.arguments(count).map { $0.map { $0 == "{spec}" ? path : $0 == "{out}" ? output : $0 } })
        // Once untimed, to see that it succeeds (and to warm up).
        for arguments in runs[runs.count - 1] {
          let (status, message) = execute(arguments)
          guard status == 0 else {
            throw Failure.commandFailed(dimension: dimension.name, units: count, status: status, message: message)
          }
        }
      }
      var times: [[Double]] = Array(repeating: [], count: units.count)
      var floors: [[Double]] = Array(repeating: [], count: units.count)
      for _ in 0..<rounds {
        for (index, commands) in runs.enumerated() {
          times[index].append(
            Timing.perCall(minimum: minimumTime, wall: true) {
              for arguments in commands { blackHole(execute(arguments)) }
            })
          guard dimension.parses > 0 else { continue }
          let bytes = specs[index]
          floors[index].append(
            Double(dimension.parses)
              * Timing.perCall(minimum: minimumTime, wall: true) {
                blackHole(bytes.withUnsafeBufferPointer { cbench_yaml_event_count($0.baseAddress, $0.count) })
              })
        }
      }
      rows.append(
        Row(
          dimension: dimension.name, unit: dimension.unit, command: dimension.command, units: units,
          seconds: times.map(Timing.median), floorSeconds: dimension.parses > 0 ? floors.map(Timing.median) : []))
    }
    return rows
  }

  /// The spec of the dimension whose name starts with `dimension`, at `count` units (for a profiler).
  public static func specText(dimension: String, count: Int) -> String? {
    dimensions(scale: 1).first { $0.name.hasPrefix(dimension) }.map { $0.spec(count) }
  }

  /// Runs `scenec` in this process with the real standard output and error; its exit status. The process's
  /// `SCENEC_*` variables reach the command: scripts/web-bench.py names the preview's web files with
  /// `SCENEC_WEB_DIR` (`--web`), which an empty environment dropped, so that every page carried this checkout's.
  public static func runCommand(_ arguments: [String]) -> Int32 {
    let environment = ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("SCENEC_") }
    let console = Console(
      standardOutput: DescriptorSink(descriptor: 1), standardError: DescriptorSink(descriptor: 2),
      environment: environment, readStandardInput: { nil })
    return SceneCLI.run(arguments, console: console)
  }

  /// Runs `scenec` in this process, its output kept in memory.
  static func execute(_ arguments: [String]) -> (Int32, String) {
    let output = StringSink()
    let errors = StringSink()
    let console = Console(standardOutput: output, standardError: errors, environment: [:], readStandardInput: { nil })
    let status = SceneCLI.run(arguments, console: console)
    return (status, status == 0 ? "" : errors.text + output.text)
  }

  /// The table, in Markdown.
  public static func markdown(_ rows: [Row]) -> String {
    var text =
      "| dimension | command | units at 1× / 4× / 16× | seconds at 1× / 4× / 16× | µs per unit at 1× / 4× / 16× | "
    text +=
      "16× ÷ 1× per unit | within \(BenchmarkReport.fixed(goal, 1))× | libyaml parse share at 16× | "
      + "16× ÷ 1× without the parse |\n"
    text += "| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |\n"
    for row in rows {
      let units = row.units.map { BenchmarkReport.grouped($0) }.joined(separator: " / ")
      let seconds = row.seconds.map { BenchmarkReport.fixed($0, 3) }.joined(separator: " / ")
      let perUnit = row.perUnit.map { BenchmarkReport.fixed($0 * 1e6, 1) }.joined(separator: " / ")
      text += "| \(row.dimension) (\(row.unit)s) | `\(row.command)` | \(units) | \(seconds) | \(perUnit) | "
      text += "\(BenchmarkReport.fixed(row.ratio, 2))× | \(row.ratio <= goal ? "yes" : "**no**") | "
      if let floor = row.floorSeconds.last, let total = row.seconds.last {
        text += "\(BenchmarkReport.fixed(100 * floor / total, 0)) % | "
        text += row.ratioBeyondFloor.map { "\(BenchmarkReport.fixed($0, 2))× |\n" } ?? "— |\n"
      } else {
        text += "— | — |\n"
      }
    }
    return text
  }
}
