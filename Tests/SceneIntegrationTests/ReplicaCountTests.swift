import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// An animated `instanceCount` (the clean fixture `replicator-animated-count`): the replicator is built with the
/// largest count written (its pose's 12), and each sample draws copy k only while k < the presentation count
/// truncated (Grammar.md, "Replicators"); the copies left out are hidden.
@Suite("Replica count")
struct ReplicaCountTests {
  static let fixture = "Tests/SceneCheckerTests/Fixtures/Clean/replicator-animated-count.yaml"

  static func plan() throws -> Plan {
    let file = PlanTestSupport.root.appendingPathComponent(fixture)
    return try #require(PlanTestSupport.plan(yaml: try String(contentsOf: file, encoding: .utf8)))
  }

  /// For each sample, the copies of `dot` in copy order, true where drawn.
  static func drawn(_ plan: Plan, _ frames: [[LayerFrame]]) -> [[Bool]] {
    let copies = plan.layers.ids.indices.filter { plan.layers.ids[$0].hasPrefix("dot") }
    return frames.map { frame in copies.map { frame[$0].values[SlotLayout.hidden] == 0 } }
  }

  static func firstDrawn(_ count: Int, of total: Int) -> [Bool] { (0..<total).map { $0 < count } }

  @Test("the keyframes [3, 8, 3] over 2 s draw the copies below the truncated count")
  func timeline() throws {
    let plan = try Self.plan()
    #expect(plan.layers.ids.filter { $0.hasPrefix("dot") }.count == 12)
    let times = [0, 0.5, 0.999, 1, 1.5]
    let frames = try SamplerTests.frames(plan, timeline: "grow", times: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "replicator-count.samples.json"))
    // Linear from 3 to 8 over the first second: 5.5 at 0.5 s draws 5; 7.995 just before 1 s draws 7 (rounding
    // would draw 8); 8 at 1 s; back down to 5.5 at 1.5 s.
    let expected = [3, 5, 7, 8, 5].map { Self.firstDrawn($0, of: 12) }
    #expect(Self.drawn(plan, frames) == expected)
  }

  @Test("a pose of 12 reached by a transition draws every copy built")
  func pose() throws {
    let plan = try Self.plan()
    var replay = MachineReplay(plan: plan, script: try EventScript(parsing: "tap@0"))
    let times = [0, 0.2, 0.25, 1]
    let frames = MachineTestSupport.frames(&replay, at: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "replicator-count.events.samples.json"))
    let ring = try #require(plan.layers.ids.firstIndex(of: "ring"))
    // The transition's 0.4 s ease-in-ease-out from 3 to 12: at every sample, the copies below the count drawn.
    for frame in frames {
      let count = frame[ring].values[SlotLayout.instanceCount]
      #expect(Self.drawn(plan, [frame])[0] == Self.firstDrawn(Int(count.rounded(.towardZero)), of: 12))
    }
    #expect(frames[0][ring].values[SlotLayout.instanceCount] == 3)
    #expect(frames[3][ring].values[SlotLayout.instanceCount] == 12)
  }
}
