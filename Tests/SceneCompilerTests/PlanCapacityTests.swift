import Foundation
import SceneChecker
import SceneDiagnostics
import SceneModel
import SceneRuntime
import SceneTestSupport
import Testing

@testable import SceneCompiler

/// The compiler reserves the track table from `PlanCapacity`'s bounds and frees the model as it lowers: the bounds
/// must cover what lowering appends, and a scene the caller keeps must come through whole.
@Suite struct PlanCapacityTests {
  static func violations(_ scene: Scene) -> [String] {
    let bound = PlanCapacity.of(scene)
    let tracks = PlanCompiler.compile(scene).tracks
    var problems: [String] = []
    func check(_ name: String, _ actual: Int, _ limit: Int) {
      if actual > limit { problems.append("\(name): \(actual) > bound \(limit)") }
    }
    check("tracks", tracks.count, bound.tracks)
    check("stages", tracks.stages.count, bound.stages)
    check("key times", tracks.keyTimes.count, bound.keys)
    check("segments", tracks.segmentKinds.count, bound.segments)
    check("coefficients", tracks.coefficients.count, bound.coefficients)
    check("values", tracks.values.count, bound.values)
    return problems
  }

  @Test(arguments: ["shoot-button", "shake-button", "submit-button", "like-button"])
  func seedSpecs(name: String) throws {
    let url = PlanTestSupport.root.appendingPathComponent("specs/\(name).yaml")
    let scene = try #require(PlanTestSupport.scene(yaml: try String(contentsOf: url, encoding: .utf8), path: url.path))
    #expect(Self.violations(scene).isEmpty, "\(Self.violations(scene))")
    // Compiling a scene the caller keeps leaves it whole: a second compile gives the same plan.
    let first = PlanCompiler.compile(scene)
    #expect(PlanCompiler.compile(scene) == first)
    #expect(PlanCompiler.compile(consuming: scene) == first)
  }

  @Test func randomTrees() {
    var generator = RandomSpecGenerator(seed: 0xCA9AC1)
    var checked = 0
    for round in 0..<300 {
      let text = generator.spec()
      guard let scene = SpecChecker.check(SourceFile(path: "random-\(round).yaml", text: text)).scene else { continue }
      checked += 1
      let problems = Self.violations(scene)
      #expect(problems.isEmpty, "round \(round): \(problems)\n\(text)")
      if !problems.isEmpty { break }
    }
    #expect(checked == 300)
  }

  /// Discrete and paced motion and keyframes, a single keyframe, an empty by: the edges of the bounds.
  @Test func edgeShapes() throws {
    let yaml = """
      scene: edges
      version: 1
      size: [100, 100]
      layers:
        - id: dot
          frame: [0, 0, 10, 10]
      timelines:
        main:
          autoplay: true
          group:
            - target: dot
              group:
                - keyPath: position
                  path: "M 0 0 L 10 0 Q 20 0 20 10 C 20 20 10 20 0 20 Z"
                  calculationMode: discrete
                - keyPath: position
                  path: "M 0 0 L 10 0 M 5 5 L 9 9"
                  calculationMode: paced
                - keyPath: opacity
                  values: [0.5]
                - keyPath: opacity
                  values: [0, 1, 0.5]
                  calculationMode: discrete
                - keyPath: bounds
                  values: [[0, 0, 1, 1], [0, 0, 5, 5], [0, 0, 2, 8]]
                  calculationMode: cubic
                  timingFunctions: [easeIn, easeOut]
      """
    let scene = try #require(PlanTestSupport.scene(yaml: yaml))
    #expect(Self.violations(scene).isEmpty, "\(Self.violations(scene))")
  }
}

/// Lowering empties the model's animation trees as it goes; the machine, which reads the timelines' lengths, must
/// see them whole. A root `instances` node (a repeated target) has no length of its own once emptied.
@Suite struct ConsumingLoweringTests {
  @Test func machineLengthsComeFromTheWholeTimelines() throws {
    let yaml = """
      scene: dots
      version: 1
      size: [100, 100]
      layers:
        - id: dot
          repeat: 3
          frame: [0, 0, 10, 10]
      timelines:
        pulse:
          target: dot
          keyPath: opacity
          values: [1, 0.2, 1]
          duration: 0.8
        grow:
          target: dot
          keyPath: transform.scale
          from: 1
          to: 2
          duration: 0.5
      states:
        initial: idle
        events: [tap]
        transitions:
          - {from: idle, on: tap, to: busy, timeline: grow}
          - {from: busy, on: tap, to: idle}
        idle: {}
        busy:
          loop: pulse
      """
    let scene = try #require(PlanTestSupport.scene(yaml: yaml))
    let expectedLoop = scene.timelines[try #require(scene.timelines.firstIndex { $0.name == "pulse" })].root.end
    #expect(expectedLoop == 0.8)
    let plan = PlanCompiler.compile(consuming: scene)
    let machine = try #require(plan.machine)
    let busy = try #require(machine.states.first { $0.name == "busy" })
    #expect(busy.loopLength == 0.8)
    #expect(machine.transitions.first?.length == 0.5)
  }
}
