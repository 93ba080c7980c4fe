import Foundation
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime
import SceneTestSupport
import Testing

/// `Plan.prettyJSONBytes()` streams the tracks instead of building the whole tree; it must give exactly the bytes
/// of the tree written by `JSONWriter`, which the golden plans and the loader are held to.
@Suite struct PlanJSONStreamTests {
  static func matches(_ plan: Plan) -> Bool {
    plan.prettyJSONBytes() == JSONWriter(style: .pretty).bytes(from: plan.json())
  }

  @Test(arguments: ["shoot-button", "shake-button", "submit-button", "like-button"])
  func seedSpecs(name: String) throws {
    #expect(Self.matches(try PlanTestSupport.plan(spec: name)))
  }

  @Test func planWithoutTracks() throws {
    let scene = try #require(
      PlanTestSupport.scene(
        yaml: "scene: still\nversion: 1\nsize: [10, 10]\nlayers:\n  - id: a\n    frame: [0, 0, 1, 1]\n"))
    let plan = PlanCompiler.compile(scene)
    #expect(plan.tracks.count == 0)
    #expect(Self.matches(plan))
  }

  /// The machine is streamed too, a state at a time: with no events and no transitions (empty arrays), and with
  /// several states.
  @Test(arguments: [
    "states:\n  initial: a\n  a: {}\n",
    "states:\n  initial: a\n  events: [tap]\n  a: {}\n  b: {pose: {a: {opacity: 0.5}}, final: true}\n"
      + "  transitions:\n    - {from: a, on: tap, to: b}\n",
  ])
  func machines(states: String) throws {
    let scene = try #require(
      PlanTestSupport.scene(
        yaml: "scene: still\nversion: 1\nsize: [10, 10]\nlayers:\n  - id: a\n    frame: [0, 0, 1, 1]\n" + states))
    let plan = PlanCompiler.compile(scene)
    #expect(plan.machine != nil)
    #expect(Self.matches(plan))
  }

  @Test func randomTrees() {
    var generator = RandomSpecGenerator(seed: 0x57AEA4)
    var compared = 0
    for round in 0..<200 {
      let text = generator.spec()
      guard let scene = SpecChecker.check(SourceFile(path: "random-\(round).yaml", text: text)).scene else { continue }
      let plan = PlanCompiler.compile(scene)
      #expect(Self.matches(plan), "round \(round)")
      compared += 1
    }
    #expect(compared == 200)
  }
}
