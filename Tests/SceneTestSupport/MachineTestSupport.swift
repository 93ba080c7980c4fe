import Foundation
import SceneCompiler
import SceneCore
import SceneRuntime
import Testing

/// Replaying the seed specs' state machines and reading values out of the frames by layer id.
package enum MachineTestSupport {
  package static func replay(_ spec: String, _ script: String) throws -> MachineReplay {
    MachineReplay(plan: try PlanTestSupport.plan(spec: spec), script: try EventScript(parsing: script))
  }

  /// The text of a spec in `Tests/SceneIntegrationTests/Fixtures/`: machines made to test the runtime, not seeds.
  package static func fixtureText(_ name: String) throws -> String {
    let url = PlanTestSupport.root.appendingPathComponent("Tests/SceneIntegrationTests/Fixtures/\(name).yaml")
    return try String(contentsOf: url, encoding: .utf8)
  }

  package static func fixtureReplay(_ name: String, _ script: String) throws -> MachineReplay {
    try replay(yaml: fixtureText(name), script)
  }

  package static func replay(yaml: String, _ script: String) throws -> MachineReplay {
    guard let scene = PlanTestSupport.scene(yaml: yaml) else { throw TestFailure("the spec does not check") }
    return MachineReplay(plan: PlanCompiler.compile(scene), script: try EventScript(parsing: script))
  }

  package static func frames(_ replay: inout MachineReplay, at times: [Double]) -> [[LayerFrame]] {
    var frames: [LayerFrame] = []
    return times.map { time in
      replay.sample(at: time, into: &frames)
      return frames
    }
  }

  /// The frame of layer `id` at one time.
  package static func layer(_ id: String, in frames: [LayerFrame], plan: Plan) throws -> LayerFrame {
    frames[try #require(plan.layers.ids.firstIndex(of: id), "no layer \(id)")]
  }

  /// Index of the state called `name`.
  package static func state(_ name: String, _ replay: MachineReplay) throws -> Int {
    try #require(replay.machine.stateIndex(named: name), "no state \(name)")
  }

  /// The largest slope dy/dx of a timing curve, from its exact derivatives on a fine grid of the curve parameter
  /// (the curves are smooth, so the grid's maximum is within 1e-8 of the true one; callers add slack).
  package static func maximumSlope(_ curve: CubicTimingCurve?) -> Double {
    guard let curve else { return 1 }
    var best = 0.0
    for step in 0...20_000 {
      let s = Double(step) / 20_000
      let dx = curve.xDerivative(atParameter: s)
      let dy = (3 * curve.ay * s + 2 * curve.by) * s + curve.cy
      if dx > 1e-9 { best = max(best, abs(dy / dx)) }
    }
    return best
  }

  package static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
}
