import CBenchSupport
import Foundation
import SceneCore
import SceneRuntime

/// Single workloads for a profiler (`valgrind --tool=callgrind scenec-bench --profile-compile FILE`): no timing,
/// no repetition beyond what is asked.
public enum ProfileDrivers {
  /// Checks and lowers the spec at `path` once.
  public static func compile(path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else { throw CompileBenchmark.Failure.libyamlFailed }
    let plan = try CompileBenchmark.compileOnce([UInt8](data), path: path).plan
    print("\(plan.tracks.count) tracks")
  }

  /// Pulls libyaml's events over the spec at `path` once (the floor).
  public static func floor(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return }
    let bytes = [UInt8](data)
    print("\(bytes.withUnsafeBufferPointer { cbench_yaml_event_count($0.baseAddress, $0.count) }) events")
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
