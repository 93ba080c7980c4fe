// libFuzzer target: the whole front end (SpecChecker.check: YAML, checking, lint) and the text and JSON reports.
// Built and run by scripts/fuzz.sh (Fuzz/README.md). Built normally (swift build), it replays the files given as
// arguments through the same entry point, which is how Fuzz/regressions/ is checked.
import Foundation
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

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32
#endif

@main enum FuzzMain {
  static func main() {
    #if FUZZING
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runDriver(&argc, &argv, fuzzOne))
    #else
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(2)
        }
        _ = [UInt8](data).withUnsafeBufferPointer { fuzzOne($0.baseAddress, $0.count) }
      }
    #endif
  }
}
