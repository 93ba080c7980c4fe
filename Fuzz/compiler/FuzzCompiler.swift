// libFuzzer target: check, then compile the scene to a plan, write it as JSON and read it back.
// Built and run by scripts/fuzz.sh (Fuzz/README.md). Built normally (swift build), it replays the files given as
// arguments through the same entry point, which is how Fuzz/regressions/ is checked.
import Foundation
import FuzzSupport
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let result = SpecChecker.check(SourceFile(path: "fuzz.yaml", bytes: bytes))
  guard !result.hasErrors, let scene = result.scene else { return 0 }
  // Numbers lowering cannot make finite are errors (E0309), and such a plan is never written.
  let compiled = PlanCompiler.checkedCompile(consuming: scene)
  guard compiled.diagnostics.isEmpty else { return 0 }
  let plan = compiled.plan
  let text = JSONWriter(style: .pretty).string(from: plan.json())
  do {
    _ = try Plan(json: try JSONParser.parse(Array(text.utf8)))
  } catch {
    preconditionFailure("a compiled plan does not read back: \(error)")
  }
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
