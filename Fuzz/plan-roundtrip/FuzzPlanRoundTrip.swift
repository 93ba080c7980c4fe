// libFuzzer target: the plan writer → loader round trip, as `scenec compile` then `scenec sample PLAN.json` run it.
// A spec that checks either has lowering errors (E0309: numbers no plan can hold) or compiles to a plan whose
// written bytes load with no error and no warning and write back byte for byte (issue 33). Built and run by
// scripts/fuzz.sh (Fuzz/README.md); built normally, it replays the files given as arguments.
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
  let source = SourceFile(path: "fuzz.yaml", bytes: bytes)
  var result = SpecChecker.check(source)
  guard !result.hasErrors, let scene = result.scene else { return 0 }
  result.scene = nil
  let compiled = PlanCompiler.checkedCompile(consuming: scene, source: source)
  guard compiled.diagnostics.isEmpty else {
    precondition(
      compiled.diagnostics.allSatisfy { $0.code == OverflowDiagnostics.valueOverflows && $0.span.end > 0 },
      "lowering reports only located E0309 errors")
    return 0
  }
  let written = compiled.plan.prettyJSONBytes()
  let load: PlanLoad
  do {
    load = try Plan.load(json: try JSONParser.parse(written))
  } catch {
    preconditionFailure("a written plan does not load: \(error)")
  }
  precondition(load.warnings.isEmpty, "a written plan loads with warnings: \(load.warnings)")
  precondition(load.plan.prettyJSONBytes() == written, "a loaded plan writes other bytes")
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
