// libFuzzer target: `scenec export lottie -` on the input as a user runs it, then with an event script: the
// input's `#e` line, or one derived from the input's bytes over the scene's declared events (FuzzInput). Built
// and run by scripts/fuzz.sh (Fuzz/README.md); built normally, it replays the files given as arguments.
import FuzzCLISupport
import FuzzSupport
import SceneChecker
import SceneCompiler
import SceneDiagnostics

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  FuzzCLI.run(["export", "lottie", "-"] + FuzzCLI.limits, input: input.bytes)
  var script = input.events
  if script == nil {
    let result = SpecChecker.check(SourceFile(path: "fuzz.yaml", bytes: input.bytes))
    if !result.hasErrors, let scene = result.scene {
      script = input.derivedScript(names: PlanCompiler.compile(scene).machine?.events ?? [])
    }
  }
  if let script { FuzzCLI.run(["export", "lottie", "-", "--events", script] + FuzzCLI.limits, input: input.bytes) }
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
