import SceneCore
import SceneModel
import SceneReference
import SceneRuntime

/// Sampling cost: nanoseconds per animated property (track) per sample, for playback (increasing times at
/// 60 fps) and random access, and the reference evaluator's cost on the same playback times.
public enum SampleBenchmark {
  public struct Result: Sendable {
    public var tracks: Int
    public var playbackNanoseconds: Double
    public var randomNanoseconds: Double
    public var referenceNanoseconds: Double
    /// How many times faster the plan sampler plays back than the reference evaluator.
    public var speedup: Double { referenceNanoseconds / playbackNanoseconds }
  }

  /// Ten seconds at 60 fps, from scene time 0.
  static let playbackTimes = (0..<600).map { Double($0) / 60 }

  /// 600 times in [−0.5, 10), in a fixed random order.
  static let randomTimes: [Double] = {
    var random = SplitMix(seed: 0xACCE55)
    return (0..<600).map { _ in -0.5 + 10.5 * random.unit() }
  }()

  public static func run(scene: Scene, plan: Plan, configuration: BenchmarkConfiguration) -> Result {
    let timelines = Array(0..<plan.timelines.count)
    let playing = timelines.map { scene.timelines[$0] }
    let tracks = max(plan.tracks.count, 1)
    var playback: [Double] = []
    var random: [Double] = []
    var reference: [Double] = []
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    for _ in 0..<configuration.rounds {
      let playbackPass = Timing.perCall(minimum: configuration.minimumTime) {
        for time in playbackTimes { sampler.sample(at: time, playing: timelines, into: &frames) }
      }
      playback.append(playbackPass / Double(playbackTimes.count) / Double(tracks) * 1e9)
      let randomPass = Timing.perCall(minimum: configuration.minimumTime) {
        for time in randomTimes { sampler.sample(at: time, playing: timelines, into: &frames) }
      }
      random.append(randomPass / Double(randomTimes.count) / Double(tracks) * 1e9)
      // The reference is slow: it samples a stretch of the same playback times, as many as the time allows.
      var index = 0
      let referenceSample = Timing.perCall(minimum: configuration.minimumTime) {
        blackHole(
          ReferenceEvaluator.frames(of: scene, playing: playing, at: playbackTimes[index % playbackTimes.count]))
        index += 7
      }
      reference.append(referenceSample / Double(tracks) * 1e9)
    }
    blackHole(frames)
    return Result(
      tracks: plan.tracks.count, playbackNanoseconds: Timing.median(playback),
      randomNanoseconds: Timing.median(random), referenceNanoseconds: Timing.median(reference))
  }
}
