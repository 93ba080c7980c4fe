import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// `PresentationJSON.Stream`, which `scenec sample` prints with, writes the bytes the whole document would.
@Suite struct SampleStreamTests {
  static func streamed(_ plan: Plan, times: [Double], frames: [[LayerFrame]]) -> (String, [PresentationOverflow]) {
    var stream = PresentationJSON.Stream(plan: plan)
    var output: [UInt8] = []
    stream.header(to: &output)
    for (time, frame) in zip(times, frames) { stream.append(time: time, frames: frame, to: &output) }
    stream.footer(to: &output)
    return (String(decoding: output, as: UTF8.self) + "\n", stream.overflows)
  }

  @Test(arguments: SamplerTests.goldens.indices) func sameBytesAsTheDocument(index: Int) throws {
    let (spec, timeline, times) = SamplerTests.goldens[index]
    let plan = try PlanTestSupport.plan(spec: spec)
    for count in [0, 1, times.count] {
      let chosen = Array(times.prefix(count))
      let frames = try SamplerTests.frames(plan, timeline: timeline, times: chosen)
      let document = PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: chosen, frames: frames))
      #expect(Self.streamed(plan, times: chosen, frames: frames).0 == document, "\(spec), \(count) times")
    }
  }

  /// A value that overflows at every time is kept once per (layer, property), at the first time it did.
  @Test func overflowsAreKeptOncePerLayerAndProperty() throws {
    let yaml = """
      scene: overflow
      size: [100, 100]
      layers:
        - id: far
          position: [1.7e308, 0]
          transform: {translation: [1.7e308, 0, 0]}
        - id: near
      """
    let plan = try #require(PlanTestSupport.plan(yaml: yaml, path: "overflow.yaml"))
    let times = [0.0, 1, 2]
    let frames = try SamplerTests.frames(plan, timeline: nil, times: times)
    var all: [PresentationOverflow] = []
    let document = PlanTestSupport.text(
      PresentationJSON.samples(plan: plan, times: times, frames: frames, overflows: &all))
    let (text, kept) = Self.streamed(plan, times: times, frames: frames)
    #expect(text == document)
    #expect(all.count == 3 * kept.count && !kept.isEmpty)
    #expect(kept.allSatisfy { $0.time == 0 && $0.layer == "far" })
    #expect(Set(kept.map(\.property)).count == kept.count)
  }
}
