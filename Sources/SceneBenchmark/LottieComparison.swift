import CBenchSupport
import SceneCore
import SceneExport
import SceneRuntime

/// Side by side with rlottie: the same synthetic scene exported to Lottie, rlottie building its render tree
/// (`lottie_animation_render_tree`) per frame against the plan sampler sampling the scene per frame.
public enum LottieComparison {
  public enum Outcome: Sendable {
    case measured(rlottieNanosecondsPerFrame: Double, scenecNanosecondsPerFrame: Double, frames: Int)
    /// Why there is no figure (no exporter yet, rlottie not installed, rlottie rejected the file).
    case pending(String)
  }

  /// The scene's Lottie JSON, as `scenec export lottie` writes it, every timeline playing.
  static func lottieJSON(for plan: Plan) -> String? {
    let playing = Array(0..<plan.timelines.count)
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    let export = LottieExporter.export(
      plan: plan,
      sample: { time in
        sampler.sample(at: time, playing: playing, into: &frames)
        return frames
      }, playing: playing, span: ExportSpan.of(plan: plan, playing: playing))
    return JSONWriter(style: .compact).string(from: export.json)
  }

  public static func run(plan: Plan, configuration: BenchmarkConfiguration) -> Outcome {
    guard cbench_rlottie_open() == 1 else { return .pending("pending: \(String(cString: cbench_rlottie_error()))") }
    guard let json = lottieJSON(for: plan) else { return .pending("the scene could not be exported") }
    guard let animation = json.withCString({ cbench_rlottie_load($0) }) else {
      return .pending("rlottie rejected the exported file")
    }
    defer { cbench_rlottie_free(animation) }
    let frames = max(Int(cbench_rlottie_total_frames(animation)), 1)
    let timelines = Array(0..<plan.timelines.count)
    var sampler = Sampler(plan: plan)
    var layerFrames: [LayerFrame] = []
    var rlottie: [Double] = []
    var scenec: [Double] = []
    var checksum: UInt64 = 0
    for _ in 0..<configuration.rounds {
      var passes = 0
      var seconds = 0.0
      repeat {
        // Timed here, on the benchmark's clock, like the sampler below.
        let start = Timing.now()
        _ = cbench_rlottie_render_trees(animation, 0, 1, frames, Int(plan.width), Int(plan.height), &checksum)
        seconds += Timing.now() - start
        passes += 1
      } while seconds < configuration.minimumTime
      rlottie.append(seconds / Double(passes * frames) * 1e9)
      let pass = Timing.perCall(minimum: configuration.minimumTime) {
        for frame in 0..<frames { sampler.sample(at: Double(frame) / 60, playing: timelines, into: &layerFrames) }
      }
      scenec.append(pass / Double(frames) * 1e9)
    }
    blackHole(checksum)
    return .measured(
      rlottieNanosecondsPerFrame: Timing.median(rlottie), scenecNanosecondsPerFrame: Timing.median(scenec),
      frames: frames)
  }
}
