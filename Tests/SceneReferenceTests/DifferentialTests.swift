import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneModel
import SceneReference
import SceneRuntime
import SceneTestSupport
import Testing

/// The compiled plan's sampler against the slow reference evaluator: on every spec in `specs/` and on generated
/// random animation trees, at many times including the boundaries of every node, no value may differ by > 1e-9.
@Suite struct DifferentialTests {
  static let tolerance = 1e-9

  /// Compares the two evaluators for a scene playing the given timelines; returns a description of the first
  /// difference, or nil.
  static func firstDifference(_ scene: Scene, timelines: [Int], times: [Double]) -> String? {
    let plan = PlanCompiler.compile(scene)
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    let playing = timelines.map { scene.timelines[$0] }
    for time in times {
      sampler.sample(at: time, playing: timelines, into: &frames)
      let expected = ReferenceEvaluator.frames(of: scene, playing: playing, at: time)
      for (layer, (got, want)) in zip(frames, expected).enumerated() {
        for (slot, (a, b)) in zip(got.values, want.values).enumerated() where !close(a, b) {
          return "layer \(scene.layers[layer].id) slot \(slot) at t=\(time): plan \(a), reference \(b)"
        }
        for (index, (a, b)) in zip(got.path, want.path).enumerated() where !close(a, b) {
          return "layer \(scene.layers[layer].id) path[\(index)] at t=\(time): plan \(a), reference \(b)"
        }
      }
    }
    return nil
  }

  static func close(_ a: Double, _ b: Double) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
  }

  /// 40 times spread from -0.5 s to the horizon (off the grid of round numbers), plus every node's begin and end
  /// and points just around them, where the two evaluators are most likely to part.
  static func times(for scene: Scene, timelines: [Int], horizon: Double) -> [Double] {
    var times = Set<Double>()
    for step in 0..<40 { times.insert(-0.5 + (horizon + 0.5) * (Double(step) + 0.37) / 40) }
    func visit(_ node: AnimationNode, offset: Double) {
      let begin = offset + node.timing.beginTime
      for edge in [begin, begin + node.timing.duration, node.end.isFinite ? offset + node.end : begin] {
        for delta in [-1e-7, 0, 1e-7] where (edge + delta).isFinite { times.insert(edge + delta) }
      }
      switch node.kind {
      case .animation: break
      case .group(let children), .instances(let children):
        for child in children { visit(child, offset: begin) }
      }
    }
    for index in timelines { visit(scene.timelines[index].root, offset: 0) }
    return times.filter { $0 <= horizon * 2 }.sorted()
  }

  @Test(arguments: ["shoot-button", "shake-button", "submit-button", "like-button", "activity-indicator"])
  func seedSpecs(name: String) throws {
    let url = CLIPaths.repositoryRoot.appendingPathComponent("specs/\(name).yaml")
    let source = SourceFile(path: url.path, bytes: Array(try String(contentsOf: url, encoding: .utf8).utf8))
    let scene = try #require(SpecChecker.check(source).scene)
    for index in scene.timelines.indices {
      let difference = Self.firstDifference(
        scene, timelines: [index], times: Self.times(for: scene, timelines: [index], horizon: 8))
      #expect(difference == nil, "\(name) timeline \(scene.timelines[index].name): \(difference ?? "")")
    }
  }

  /// Random trees over every animatable key path of the property table, values drawn from it too (round 881 of
  /// this seed is kept in KnownDisagreementTests).
  @Test func randomTrees() throws {
    let failures = Self.randomFailures(generator: RandomSpecGenerator(seed: 0x5CE9EC), rounds: 1000)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  /// The same over a second seed (its round 52 is kept in KnownDisagreementTests).
  @Test func randomTreesOverTheWholeTable() throws {
    let failures = Self.randomFailures(generator: RandomSpecGenerator(seed: 0x5CE9ED), rounds: 300)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  /// The first (up to three) rounds whose spec does not check or whose evaluators differ, each with its spec.
  static func randomFailures(generator: RandomSpecGenerator, rounds: Int) -> [String] {
    var generator = generator
    var failures: [String] = []
    for round in 0..<rounds {
      let text = generator.spec()
      let result = SpecChecker.check(SourceFile(path: "random-\(round).yaml", text: text))
      guard let scene = result.scene else {
        failures.append("round \(round) did not check: \(result.diagnostics.first?.message ?? "")\n\(text)")
        continue
      }
      let timelines = Array(scene.timelines.indices)
      if let difference = Self.firstDifference(
        scene, timelines: timelines, times: Self.times(for: scene, timelines: timelines, horizon: 6))
      {
        failures.append("round \(round): \(difference)\n\(text)")
      }
      if failures.count >= 3 { break }
    }
    return failures
  }
}
