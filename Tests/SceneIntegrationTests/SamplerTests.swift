import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

@Suite("Sampler")
struct SamplerTests {
  /// The seed specs at their phase changes: (spec, timeline or nil for autoplay, times).
  static let goldens: [(String, String?, [Double])] = [
    ("like-button", "like", [0, 0.4, 0.8, 1, 1.5]),
    ("shake-button", nil, [0, 1.2, 1.41, 1.5, 1.56, 3.2]),
    ("shoot-button", "press", [0, 0.125, 0.25]),
    ("submit-button", "progress", [0, 1.5, 3]),
    ("loading-placeholder", nil, [0, 0.15, 0.6, 1.2, 1.35, 2.4]),
    // Copy k of the bar fades k/12 s after copy 0: the highlight on copy 3 at 0.25 s, on copy 6 at 0.5 s.
    ("activity-indicator", nil, [0, 0.25, 0.5, 1, 1.5]),
  ]

  static func frames(_ plan: Plan, timeline: String?, times: [Double]) throws -> [[LayerFrame]] {
    var playing = plan.autoplayTimelines
    if let timeline { playing = [try #require(plan.timelineIndex(named: timeline))] }
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    return times.map { time in
      sampler.sample(at: time, playing: playing, into: &frames)
      return frames
    }
  }

  @Test("golden samples of the seed specs", arguments: goldens.indices)
  func golden(index: Int) throws {
    let (spec, timeline, times) = Self.goldens[index]
    let plan = try PlanTestSupport.plan(spec: spec)
    let frames = try Self.frames(plan, timeline: timeline, times: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "\(spec).samples.json"), "\(spec) differs from its golden file")
  }

  /// Every shadow property animated, on every layer type, with a shadowPath: the clean shadow fixture's `lift`.
  @Test("golden samples of animated shadows")
  func shadowGolden() throws {
    let file = PlanTestSupport.root.appendingPathComponent("Tests/SceneCheckerTests/Fixtures/Clean/shadows.yaml")
    let plan = try #require(PlanTestSupport.plan(yaml: try String(contentsOf: file, encoding: .utf8)))
    let times = [0, 0.25, 0.5, 0.75, 1]
    let frames = try Self.frames(plan, timeline: "lift", times: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "shadows.samples.json"), "shadows differs from its golden")
    let card = try #require(plan.layers.ids.firstIndex(of: "card"))
    // values [4, 12, 4] evenly over 1 s: 8 at a quarter; the radius 6 → 12 autoreversing over 0.5 s: 12 at 0.5.
    #expect(frames[1][card].values[SlotLayout.shadowOffset + 1] == 8)
    #expect(frames[2][card].values[SlotLayout.shadowRadius] == 12)
    // The badge's shadowPath keyframes (rect [0, 30, 40, 12] → [-10, 20, 60, 30] → back) over 1 s: the middle
    // rect at 0.5, halfway to it at 0.25, read from the tail of the badge's list numbers.
    let badge = try #require(plan.layers.ids.firstIndex(of: "badge"))
    let middle = plan.layers.shadowPath(of: badge, list: frames[2][badge].path)
    #expect(middle?.coordinates == [-10, 20, 50, 20, 50, 50, -10, 50])
    let quarter = plan.layers.shadowPath(of: badge, list: frames[1][badge].path)
    #expect(quarter?.coordinates == [-5, 25, 45, 25, 45, 46, -5, 46])
  }

  @Test("like: the red heart's scale is 0.55 at 0.4 s, its rotation follows the keyframes under easeOut")
  func likeScale() throws {
    let plan = try PlanTestSupport.plan(spec: "like-button")
    let heart = try #require(plan.layers.ids.firstIndex(of: "redHeart"))
    let frame = try Self.frames(plan, timeline: "like", times: [0.4])[0][heart]
    for axis in 0..<3 { #expect(abs(frame.values[SlotLayout.scale + axis] - 0.55) < 1e-12) }
    // values [-45°, 0, 18°, -9°, 0] evenly spaced; easeOut(0.4) lands in a segment and is interpolated linearly.
    let p = TimingFunction.easeOut.progress(at: 0.4)
    let degrees = [-45.0, 0, 18, -9, 0].map { $0 * Double.pi / 180 }
    let segment = min(Int(p * 4), 3)
    let s = p * 4 - Double(segment)
    let expected = degrees[segment] + (degrees[segment + 1] - degrees[segment]) * s
    #expect(abs(frame.values[SlotLayout.rotation + 2] - expected) < 1e-12)
    #expect(frame.values[SlotLayout.hidden] == 0)
  }

  @Test("playback with the cursor equals random access")
  func cursorMatchesSearch() throws {
    let plan = try PlanTestSupport.plan(spec: "shake-button")
    let times = (0..<400).map { Double($0) / 60 }
    let forward = try Self.frames(plan, timeline: nil, times: times)
    for (index, time) in times.enumerated().reversed() {
      let fresh = try Self.frames(plan, timeline: nil, times: [time])[0]
      #expect(fresh == forward[index])
    }
  }

  @Test("a sample after the first allocates no new frames")
  func reusesBuffer() throws {
    let plan = try PlanTestSupport.plan(spec: "submit-button")
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    sampler.sample(at: 0, playing: plan.autoplayTimelines, into: &frames)
    let before = frames.map { $0.values.withUnsafeBufferPointer { $0.baseAddress } }
    sampler.sample(at: 1, playing: plan.autoplayTimelines, into: &frames)
    let after = frames.map { $0.values.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(before == after)
  }
}
