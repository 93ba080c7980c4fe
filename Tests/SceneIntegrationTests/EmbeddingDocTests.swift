import Foundation
import SceneRuntime
import SceneTestSupport
import Testing

/// docs/embedding.md's example is `EmbeddingExample.swift`, compiled with the tests: the document's code block
/// must be that file's marked region, and run on the like button's compiled plan it must give the scripted
/// replay's frames.
@Suite("Embedding example")
struct EmbeddingDocTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: PlanTestSupport.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theDocumentShowsTheCompiledExample() throws {
    let document = try Self.text("docs/embedding.md")
    let source = try Self.text("Tests/SceneIntegrationTests/EmbeddingExample.swift")
    let block = try #require(Self.region(of: document, from: "```swift\n", to: "```\n"), "no swift block")
    let example = try #require(Self.region(of: source, from: "// BEGIN docs/embedding.md\n", to: "// END"))
    #expect(block == example)
  }

  @Test func theExampleGivesTheScriptedReplaysFrames() throws {
    let plan = try PlanTestSupport.plan(spec: "like-button")
    let taps = [0.1, 0.3, 0.35, 1.2]
    let end = 2.5
    let live = try playLikeButton(planJSON: plan.prettyJSONBytes(), taps: taps, until: end)
    var replay = MachineReplay(plan: plan, script: EventScript(taps.map { EventScript.Event("tap", at: $0) }))
    let heart = try #require(plan.layers.ids.firstIndex(of: "redHeart"))
    var frames: [LayerFrame] = []
    let scripted = (0...Int(end * 60)).map { tick in
      replay.sample(at: Double(tick) / 60, into: &frames)
      return frames[heart].values[SlotLayout.scale]
    }
    #expect(live.map(\.bitPattern) == scripted.map(\.bitPattern))
    // The heart really animates, so the comparison is not between two constant lists.
    #expect(Set(live).count > 2)
  }

  @Test func badBytesAndEventsOutOfOrderAreErrors() throws {
    let notJSON = #expect(throws: ScenePlayerError.self) { _ = try ScenePlayer(planJSON: Array("[1,".utf8)) }
    #expect(notJSON?.description.hasPrefix("the plan is not JSON: byte 3: ") == true)
    let refused = #expect(throws: ScenePlayerError.self) { _ = try ScenePlayer(planJSON: Array("{}".utf8)) }
    #expect(refused?.description.hasPrefix("invalid plan: ") == true)
    var player = try ScenePlayer(planJSON: try PlanTestSupport.plan(spec: "like-button").prettyJSONBytes())
    #expect(player.eventNames == ["tap"] && player.stateNames == ["unliked", "liked"])
    #expect(try player.send("tap", at: 1) == nil)
    #expect(player.currentStateName() == "liked")
    #expect(throws: ScenePlayerError.eventBeforeLast(name: "tap", time: 0.5, last: 1)) {
      try player.send("tap", at: 0.5)
    }
    #expect(try player.send("wave", at: 1)?.reason == .undeclared)
    #expect(player.currentStateName() == "liked" && player.stateName(at: 0.5) == "unliked")
  }

  /// Without `states:` the player is the sampler playing the autoplay timelines, and every event is undeclared.
  @Test func aSceneWithoutStatesPlaysItsAutoplayTimelines() throws {
    let plan = try PlanTestSupport.plan(spec: "shake-button")
    #expect(plan.machine == nil && !plan.autoplayTimelines.isEmpty)
    var player = try ScenePlayer(planJSON: plan.prettyJSONBytes())
    #expect(player.eventNames.isEmpty && player.timelineNames == plan.timelines.names)
    #expect(try player.send("tap", at: 0.1)?.reason == .undeclared)
    var sampler = Sampler(plan: plan)
    var expected: [LayerFrame] = []
    for tick in 0...90 {
      let time = Double(tick) / 60
      sampler.sample(at: time, playing: plan.autoplayTimelines, into: &expected)
      #expect(player.sample(at: time) == expected, "at \(time)")
    }
    #expect(player.currentStateName() == "")
  }

  /// The text between the first `start` and the next `end` after it.
  static func region(of text: String, from start: String, to end: String) -> String? {
    guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex)
    else { return nil }
    return String(text[open.upperBound..<close.lowerBound])
  }
}
