import Foundation
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneModel
import SceneRuntime

/// Shared helpers: compiling the seed specs and inline YAML, reading and rewriting golden files.
package enum PlanTestSupport {
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  package static func scene(yaml: String, path: String = "inline.yaml") -> Scene? {
    SpecChecker.check(SourceFile(path: path, text: yaml)).scene
  }

  /// The plan of inline YAML, or nil when it does not check.
  package static func plan(yaml: String, path: String = "inline.yaml") -> Plan? {
    scene(yaml: yaml, path: path).map { PlanCompiler.compile($0) }
  }

  /// What `scenec compile` does with a spec: the checker's diagnostics, then, without errors, the compiler's
  /// (E0309); the plan only when there is no error.
  package static func compiled(_ source: SourceFile) -> (plan: Plan?, diagnostics: [Diagnostic]) {
    let result = SpecChecker.check(source)
    guard !result.hasErrors, let scene = result.scene else { return (nil, result.diagnostics) }
    let compiled = PlanCompiler.checkedCompile(consuming: scene, source: source)
    let diagnostics = (result.diagnostics + compiled.diagnostics).sorted()
    return (compiled.diagnostics.isEmpty ? compiled.plan : nil, diagnostics)
  }

  package static func plan(spec name: String) throws -> Plan {
    let url = root.appendingPathComponent("specs/\(name).yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let scene = scene(yaml: text, path: url.path) else { throw TestFailure("\(name) does not check") }
    return PlanCompiler.compile(scene)
  }

  package static func text(_ value: JSONValue) -> String { JSONWriter(style: .pretty).string(from: value) + "\n" }

  /// Compares with `Tests/SceneIntegrationTests/Golden/<name>`, rewriting it instead when SCENEC_UPDATE_GOLDEN=1.
  package static func matchGolden(_ actual: String, name: String) throws -> Bool {
    let url = root.appendingPathComponent("Tests/SceneIntegrationTests/Golden/\(name)")
    if ProcessInfo.processInfo.environment["SCENEC_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return true
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    return expected == actual
  }
}

package struct TestFailure: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
