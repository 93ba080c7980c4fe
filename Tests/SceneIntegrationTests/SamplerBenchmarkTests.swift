import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Prints the sampling cost per track per sample on the seed specs (meaningful in a release build).
@Suite("SamplerBenchmark")
struct SamplerBenchmarkTests {
  @Test("ns per track per sample", arguments: SamplerTests.goldens.map(\.0))
  func cost(spec: String) throws {
    let plan = try PlanTestSupport.plan(spec: spec)
    let playing = Array(0..<plan.timelines.count)
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    let samples = 20_000
    let clock = ContinuousClock()
    let start = clock.now
    for frame in 0..<samples { sampler.sample(at: Double(frame) / 240, playing: playing, into: &frames) }
    let elapsed = clock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let perSample = nanoseconds / Double(samples)
    print(
      "\(spec): \(plan.tracks.count) tracks, \(Int(perSample)) ns/sample, "
        + "\(Int(perSample / Double(max(plan.tracks.count, 1)))) ns/track/sample")
    #expect(frames.count == plan.layers.count)
  }
}
