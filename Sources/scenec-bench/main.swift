import Foundation
import SceneBenchmark

// scenec-bench [--tiny] [--mb N] [--rounds N] [--only compile,sample,lint,lottie,scaling] [--scaling-scale X]
//   [--scaling-rows A,B] [--scaling-rounds N] [--clock wall|cpu] [--output FILE]
// runs the benchmark, prints the table and writes it, with the date, the machine and the command, to BENCHMARKS.md
// (or FILE). See docs/performance.md, "Running the benchmark".
let usage =
  "usage: scenec-bench [--tiny] [--mb N] [--rounds N] [--only compile,sample,lint,lottie,scaling] "
  + "[--scaling-scale X] [--scaling-rows A,B] [--scaling-rounds N] [--clock wall|cpu] [--output FILE]"
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child-memory", arguments.count == 2 {
  exit(MemoryBenchmark.childMain(path: arguments[1]))
}
// Profiling drivers: one workload, untimed (see docs/performance.md, "Running the benchmark").
if arguments.first == "--profile-compile", arguments.count == 2 {
  do { try ProfileDrivers.compile(path: arguments[1]) } catch { print("\(error)"); exit(1) }
  exit(0)
}
if arguments.first == "--profile-ratio", arguments.count == 3, let rounds = Int(arguments[2]) {
  do { try ProfileDrivers.ratio(path: arguments[1], rounds: rounds) } catch { print("\(error)"); exit(1) }
  exit(0)
}
if arguments.first == "--profile-order", arguments.count == 3, let rounds = Int(arguments[2]) {
  do { try ProfileDrivers.order(path: arguments[1], rounds: rounds) } catch { print("\(error)"); exit(1) }
  exit(0)
}
if arguments.first == "--profile-floor", arguments.count == 2 {
  ProfileDrivers.floor(path: arguments[1])
  exit(0)
}
if arguments.first == "--write-spec", arguments.count == 3, let megabytes = Double(arguments[1]) {
  let text = BenchmarkRunner.sizedScene(megabytes: megabytes).text()
  do { try text.write(toFile: arguments[2], atomically: true, encoding: .utf8) } catch { print("\(error)"); exit(1) }
  exit(0)
}
// A spec of one scaling row, or the many-small compile spec, for a profiler or the `scenec` binary.
if arguments.first == "--write-scaling", arguments.count == 4, let count = Int(arguments[2]) {
  guard let text = ScalingBenchmark.specText(dimension: arguments[1], count: count) else {
    print("no scaling dimension '\(arguments[1])'; one of: \(ScalingBenchmark.dimensions(scale: 1).map(\.name))")
    exit(2)
  }
  do { try text.write(toFile: arguments[3], atomically: true, encoding: .utf8) } catch { print("\(error)"); exit(1) }
  exit(0)
}
// A synthetic scene of a chosen shape (the sampling scene is 200 10 24), for the web player's benchmark.
if arguments.first == "--write-synthetic", arguments.count == 5, let layers = Int(arguments[1]),
  let properties = Int(arguments[2]), let keyframes = Int(arguments[3])
{
  let text = SyntheticScene(layers: layers, properties: properties, keyframes: keyframes).text()
  do { try text.write(toFile: arguments[4], atomically: true, encoding: .utf8) } catch { print("\(error)"); exit(1) }
  exit(0)
}
if arguments.first == "--write-many-small", arguments.count == 3, let megabytes = Double(arguments[1]) {
  let text = ManySmallScene.sized(megabytes: megabytes).text()
  do { try text.write(toFile: arguments[2], atomically: true, encoding: .utf8) } catch { print("\(error)"); exit(1) }
  exit(0)
}
// `scenec ARGS…` in this process (the way the scaling table runs it), for a profiler.
if arguments.first == "--scenec" {
  exit(ScalingBenchmark.runCommand(Array(arguments.dropFirst())))
}
if arguments.first == "--profile-sample", arguments.count == 5, let layers = Int(arguments[1]),
  let properties = Int(arguments[2]), let keyframes = Int(arguments[3]), let passes = Int(arguments[4])
{
  let scene = SyntheticScene(layers: layers, properties: properties, keyframes: keyframes)
  do { try ProfileDrivers.sample(scene, passes: passes) } catch { print("\(error)"); exit(1) }
  exit(0)
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data(
      ("scenec-bench: error: \(message)\n\(usage)\n").utf8))
  exit(2)
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let seeds = root.appendingPathComponent("specs").path
var configuration = BenchmarkConfiguration.full(
  seedSpecsFolder: FileManager.default.fileExists(atPath: seeds) ? seeds : nil)
var output = root.appendingPathComponent("BENCHMARKS.md").path
var index = 0
while index < arguments.count {
  let argument = arguments[index]
  func value() -> String {
    index += 1
    guard index < arguments.count else { fail("\(argument) needs a value") }
    return arguments[index]
  }
  switch argument {
  case "--tiny":
    let folder = configuration.seedSpecsFolder
    configuration = .tiny(seedSpecsFolder: folder)
    configuration.measuresMemory = true
  case "--mb":
    guard let megabytes = Double(value()), megabytes > 0 else { fail("--mb needs a positive number") }
    configuration.compileMegabytes = megabytes
  case "--rounds":
    guard let rounds = Int(value()), rounds > 0 else { fail("--rounds needs a positive integer") }
    configuration.rounds = rounds
  case "--clock":
    guard let clock = Timing.Clock(rawValue: value()) else { fail("--clock is wall or cpu") }
    Timing.clock = clock
  case "--only":
    configuration.only.formUnion(value().split(separator: ",").map(String.init))
  case "--scaling-scale":
    guard let scale = Double(value()), scale > 0 else { fail("--scaling-scale needs a positive number") }
    configuration.scalingScale = scale
  case "--scaling-rows":
    configuration.scalingRows = value().split(separator: ",").map(String.init)
  case "--scaling-rounds":
    guard let rounds = Int(value()), rounds > 0 else { fail("--scaling-rounds needs a positive integer") }
    configuration.scalingRounds = rounds
  case "--output", "-o":
    output = value()
  case "-h", "--help":
    print(
      usage
    )
    exit(0)
  default:
    fail("unknown argument '\(argument)'")
  }
  index += 1
}

let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let started = Date()
let report: BenchmarkReport
do {
  report = try BenchmarkRunner.run(configuration, executable: executable) {
    FileHandle.standardError.write(Data("scenec-bench: \($0)\n".utf8))
  }
} catch {
  fail("\(error)")
}
let formatter = ISO8601DateFormatter()
formatter.formatOptions = [.withFullDate]
let command = (["swift run -c release scenec-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
var text = "# Benchmarks\n\n"
text += "- Date: \(formatter.string(from: started))\n"
text += "- Machine: \(BenchmarkRunner.machine())\n"
text += "- Command: `\(command)` (release build; \(configuration.rounds) rounds, medians; "
text +=
  Timing.clock == .wall
  ? "wall-clock time)\n" : "single-threaded figures in thread CPU time, lint in wall-clock time)\n"
text += "- Load average before / after: \(report.loadBefore) / \(report.loadAfter) (the machine is shared)\n"
text += "- What the profiles show for each target, and what was changed: [docs/performance.md](docs/performance.md)\n\n"
text += report.markdown
print(text, terminator: "")
do {
  try text.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
  fail("cannot write \(output): \(error)")
}
