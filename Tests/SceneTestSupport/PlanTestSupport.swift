import Foundation
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneModel
import SceneRuntime

/// Shared helpers: compiling the seed specs and inline YAML.
public enum PlanTestSupport {
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  public static func scene(yaml: String, path: String = "inline.yaml") -> Scene? {
    SpecChecker.check(SourceFile(path: path, text: yaml)).scene
  }

  public static func plan(spec name: String) throws -> Plan {
    let url = root.appendingPathComponent("specs/\(name).yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let scene = scene(yaml: text, path: url.path) else { throw TestFailure("\(name) does not check") }
    return PlanCompiler.compile(scene)
  }

  public static func text(_ value: JSONValue) -> String { JSONWriter(style: .pretty).string(from: value) + "\n" }
}

public struct TestFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
