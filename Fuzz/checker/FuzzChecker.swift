// libFuzzer target: the whole front end (SpecChecker.check: YAML, checking, lint) and the text and JSON reports.
// Built and run by scripts/fuzz.sh (Fuzz/README.md). Built normally (swift build), it replays the files given as
// arguments through the same entry point, which is how Fuzz/regressions/ is checked.
import Foundation
import FuzzSupport
import SceneChecker
import SceneDiagnostics

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let source = SourceFile(path: "fuzz.yaml", bytes: bytes)
  let result = SpecChecker.check(source)
  let reports = [FileReport(source: source, diagnostics: result.diagnostics)]
  _ = TextRenderer().render(reports)
  _ = JSONRenderer().render(reports)
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
