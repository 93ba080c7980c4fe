import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// The helpers that read this folder's `Golden/` and `Fixtures/`, and the ones that fail a test through `#require`.
extension PlanTestSupport {
  /// Compares with `Golden/<name>`, rewriting it instead when SCENEC_UPDATE_GOLDEN=1.
  static func matchGolden(_ actual: String, name: String) throws -> Bool {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["SCENEC_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return true
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    return expected == actual
  }
}

extension MachineTestSupport {
  /// The text of a spec in `Fixtures/`: machines made to test the runtime, not seed examples.
  static func fixtureText(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let url = folder.appendingPathComponent("Fixtures/\(name).yaml")
    return try String(contentsOf: url, encoding: .utf8)
  }

  static func fixtureReplay(_ name: String, _ script: String) throws -> MachineReplay {
    try replay(yaml: fixtureText(name), script)
  }

  /// The frame of layer `id` at one time.
  static func layer(_ id: String, in frames: [LayerFrame], plan: Plan) throws -> LayerFrame {
    frames[try #require(plan.layers.ids.firstIndex(of: id), "no layer \(id)")]
  }

  /// Index of the state called `name`.
  static func state(_ name: String, _ replay: MachineReplay) throws -> Int {
    try #require(replay.machine.stateIndex(named: name), "no state \(name)")
  }
}
