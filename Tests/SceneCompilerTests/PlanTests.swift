import Foundation
import SceneCompiler
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

@Suite("Plan")
struct PlanTests {
  static let specs = [
    "like-button", "shake-button", "shoot-button", "submit-button", "loading-placeholder", "activity-indicator",
  ]

  @Test("JSON round trip gives the same plan and the same bytes", arguments: specs)
  func roundTrip(spec: String) throws {
    let plan = try PlanTestSupport.plan(spec: spec)
    let text = PlanTestSupport.text(plan.json())
    let loaded = try Plan(json: try JSONParser.parse(text))
    #expect(loaded == plan)
    #expect(PlanTestSupport.text(loaded.json()) == text)
  }

  @Test("compiling twice gives identical bytes", arguments: specs)
  func deterministic(spec: String) throws {
    let first = PlanTestSupport.text(try PlanTestSupport.plan(spec: spec).json())
    let second = PlanTestSupport.text(try PlanTestSupport.plan(spec: spec).json())
    #expect(first == second)
  }

  /// Each edit breaks one rule; loading must throw, never crash.
  @Test("malformed plans are rejected with an error")
  func malformed() throws {
    let plan = try PlanTestSupport.plan(spec: "like-button")
    let good = PlanTestSupport.text(plan.json())
    let edits: [(String, String)] = [
      ("\"formatVersion\": 2", "\"formatVersion\": 3"),
      ("\"first\": 2,", "\"first\": 3,"),
      ("\"slot\": \"hidden\",\n      \"component\": 0", "\"slot\": \"hidden\",\n      \"component\": 1"),
      ("\"layer\": 2,", "\"layer\": 999,"),
      ("\"components\": 1,", "\"components\": 7,"),
      ("\"keyTimes\": [0, 1]", "\"keyTimes\": [1, 0]"),
      ("\"keyTimes\": [0, 1]", "\"keyTimes\": [0]"),
      ("\"segmentKinds\": [6]", "\"segmentKinds\": [99]"),
      ("\"segmentKinds\": [6]", "\"segmentKinds\": [3]"),
      ("\"pathElements\": \"", "\"pathElements\": \"X"),
      ("\"parent\": 0", "\"parent\": 50"),
      ("\"duration\": 1,", "\"duration\": -1,"),
      ("\"scene\":", "\"scenery\":"),
    ]
    for (old, new) in edits {
      #expect(good.contains(old), "edit target \(old) not found")
      let bad = good.replacingOccurrences(of: old, with: new)
      #expect(throws: PlanError.self, "\(new)") { try Plan(json: try JSONParser.parse(bad)) }
    }
    #expect(throws: PlanError.self) { try Plan(json: ["format": "scenec-plan"]) }
    #expect(throws: PlanError.self) { try Plan(json: [1, 2]) }
  }

  @Test("repeatCount 1e15 with a 1 ns duration compiles and samples at once")
  func hugeRepeat() throws {
    let yaml = """
      scene: huge
      size: [10, 10]
      layers:
        - id: dot
          frame: [0, 0, 10, 10]
      timelines:
        spin:
          autoplay: true
          target: dot
          keyPath: opacity
          from: 0
          to: 1
          duration: 0.000000001
          repeatCount: 1000000000000000
      """
    let scene = try #require(PlanTestSupport.scene(yaml: yaml))
    let clock = ContinuousClock()
    let start = clock.now
    let plan = PlanCompiler.compile(scene)
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    for time in [0, 0.25e-9, 1, 1e5, 1e6, 2e6] {
      sampler.sample(at: time, playing: plan.autoplayTimelines, into: &frames)
      let opacity = frames[0].values[SlotLayout.opacity]
      #expect(opacity >= 0 && opacity <= 1)
    }
    #expect(plan.tracks.keyTimes.count == 2)
    #expect(clock.now - start < .seconds(1))
  }
}
