import CBenchSupport
import Foundation
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime
import SceneYAML

/// Single workloads for a profiler (`valgrind --tool=callgrind scenec-bench --profile-compile FILE`): no timing,
/// no repetition beyond what is asked.
public enum ProfileDrivers {
  /// Checks and lowers the spec at `path` once, as `scenec compile` does (short of the JSON).
  public static func compile(path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else { throw CompileBenchmark.Failure.libyamlFailed }
    guard let plan = CompileBenchmark.compileAsTheCommandDoes([UInt8](data), path: path) else {
      throw CompileBenchmark.Failure.doesNotCheck(path)
    }
    print("\(plan.tracks.count) tracks")
  }

  /// Pulls libyaml's events over the spec at `path` once (the floor).
  public static func floor(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return }
    let bytes = [UInt8](data)
    print("\(bytes.withUnsafeBufferPointer { cbench_yaml_event_count($0.baseAddress, $0.count) }) events")
  }

  /// The compile row's ratio for one spec, quickly: `rounds` rounds of the floor and a compile alternating in this
  /// process (thread CPU time), then each phase of one compile timed alone, so that a change's effect shows per
  /// phase. Prints medians; nothing is written.
  public static func ratio(path: String, rounds: Int) throws {
    guard let data = FileManager.default.contents(atPath: path) else { throw CompileBenchmark.Failure.libyamlFailed }
    let bytes = [UInt8](data)
    let (floors, compiles) = try alternate(bytes, path: path, rounds: rounds)
    let floor = Timing.median(floors)
    let compile = Timing.median(compiles)
    var phases: [String: [Double]] = [:]
    for _ in 0..<max(1, rounds) {
      var start = cbench_thread_cpu_now()
      let source = SourceFile(path: path, bytes: bytes)
      phases["line table", default: []].append(cbench_thread_cpu_now() - start)
      start = cbench_thread_cpu_now()
      var read: YAMLReader.Result? = YAMLReader.read(source, limits: CompileBenchmark.options.yamlLimits)
      phases["read", default: []].append(cbench_thread_cpu_now() - start)
      start = cbench_thread_cpu_now()
      read = nil
      phases["free arena", default: []].append(cbench_thread_cpu_now() - start)
      blackHole(read)
      start = cbench_thread_cpu_now()
      var result: SpecChecker.Result? = SpecChecker.check(source, options: CompileBenchmark.options)
      phases["read+check+lint", default: []].append(cbench_thread_cpu_now() - start)
      let scene = result!.scene!
      result!.scene = nil
      start = cbench_thread_cpu_now()
      var plan: Plan? = PlanCompiler.compile(consuming: scene, source: source)
      phases["lower", default: []].append(cbench_thread_cpu_now() - start)
      start = cbench_thread_cpu_now()
      result = nil
      phases["free check result", default: []].append(cbench_thread_cpu_now() - start)
      start = cbench_thread_cpu_now()
      plan = nil
      phases["free plan", default: []].append(cbench_thread_cpu_now() - start)
      blackHole(plan)
      blackHole(result)
    }
    for (name, times) in phases.sorted(by: { $0.key < $1.key }) {
      print("  \(name): \(String(format: "%.3f", Timing.median(times))) s")
    }
    // Each round's compile over the floor measured just before it: a machine whose speed drifts between rounds
    // moves both alike, so the paired ratios spread less than the medians' ratio.
    let paired = zip(compiles, floors).map { $0 / $1 }.sorted()
    print(
      "floor \(String(format: "%.3f", floor)) s, compile \(String(format: "%.3f", compile)) s: "
        + "\(String(format: "%.2f", compile / floor))× (medians of \(floors.count) rounds, thread CPU); "
        + "paired \(String(format: "%.2f", Timing.median(paired)))× "
        + "(\(String(format: "%.2f", paired.first ?? .nan))–\(String(format: "%.2f", paired.last ?? .nan)))")
  }

  /// `rounds` rounds of the floor, then a compile of the same bytes (thread CPU seconds each), `afterRound` called
  /// after each with its two times. The first round of a process is a cold one (fresh pages, first calls), slower
  /// than the rest: with few rounds per process it weighs in the median.
  private static func alternate(
    _ bytes: [UInt8], path: String, rounds: Int, afterRound: (Double, Double) -> Void = { _, _ in }
  ) throws -> (floors: [Double], compiles: [Double]) {
    var floors: [Double] = []
    var compiles: [Double] = []
    for _ in 0..<max(1, rounds) {
      var start = cbench_thread_cpu_now()
      let events = bytes.withUnsafeBufferPointer { cbench_yaml_event_count($0.baseAddress, $0.count) }
      floors.append(cbench_thread_cpu_now() - start)
      blackHole(events)
      start = cbench_thread_cpu_now()
      guard let plan = CompileBenchmark.compileAsTheCommandDoes(bytes, path: path) else {
        throw CompileBenchmark.Failure.doesNotCheck(path)
      }
      blackHole(plan.tracks.count)
      compiles.append(cbench_thread_cpu_now() - start)
      afterRound(floors.last!, compiles.last!)
    }
    return (floors, compiles)
  }

  /// The compile row's own sequence (`CompileBenchmark.run`: per round the floor, a compile, a compile with its
  /// JSON), `rounds` times, with each round's times printed; then the same without the JSON compile. For telling
  /// what the row's ratio owes to its order.
  public static func order(path: String, rounds: Int) throws {
    guard let data = FileManager.default.contents(atPath: path) else { throw CompileBenchmark.Failure.libyamlFailed }
    let bytes = [UInt8](data)
    for withJSON in [true, false] {
      let (floors, compiles) = try alternate(bytes, path: path, rounds: rounds) { floor, compile in
        if withJSON {
          let characters = CompileBenchmark.compileAsTheCommandDoes(bytes, path: path)?.prettyJSONBytes().count ?? 0
          blackHole(characters)
        }
        print(
          String(
            format: "  %@ floor %.3f compile %.3f: %.2f×", withJSON ? "json" : "bare", floor, compile, compile / floor))
      }
      let paired = zip(compiles, floors).map { $0 / $1 }
      print(
        String(
          format: "%@: medians' ratio %.2f×, paired median %.2f×", withJSON ? "with JSON between" : "without",
          Timing.median(compiles) / Timing.median(floors), Timing.median(paired)))
    }
  }

  /// Samples the synthetic scene `scene` `passes` times over ten seconds at 60 fps.
  public static func sample(_ scene: SyntheticScene, passes: Int) throws {
    let plan = try CompileBenchmark.compileOnce(Array(scene.text().utf8), path: "profile.yaml").plan
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    let timelines = Array(0..<plan.timelines.count)
    for _ in 0..<passes {
      for time in SampleBenchmark.playbackTimes { sampler.sample(at: time, playing: timelines, into: &frames) }
    }
    blackHole(frames)
  }
}
