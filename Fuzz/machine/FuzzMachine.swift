// libFuzzer target: the state machine's replay with fuzzed event scripts. The spec is checked and compiled; the
// `#e` line is parsed as `--events` would be (a script that does not parse is itself the test), else a script is
// derived from the input over the declared events; the replay is sampled at `#t` times (or a fixed set) and the
// export span's look-ahead (`advance(through:)`) run. Built and run by scripts/fuzz.sh (Fuzz/README.md).
import FuzzSupport
import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  var script = EventScript()
  if let text = input.events { script = (try? EventScript(parsing: text)) ?? script }
  let result = SpecChecker.check(SourceFile(path: "fuzz.yaml", bytes: input.bytes))
  guard !result.hasErrors, let scene = result.scene else { return 0 }
  let plan = PlanCompiler.compile(scene)
  guard let machine = plan.machine, plan.layers.count <= 2000 else { return 0 }
  if input.events == nil, let text = input.derivedScript(names: machine.events) {
    script = (try? EventScript(parsing: text)) ?? script
  }
  // Unknown names are rejected before a replay by the commands; keep to the declared ones likewise.
  script = EventScript(script.events.filter { machine.events.contains($0.name) })
  var replay = MachineReplay(plan: plan, script: script, episodeLimit: 1000)
  var frames: [LayerFrame] = []
  let lastEvent = script.events.map(\.time).max() ?? 0
  for time in (input.times ?? [0, 0.25, 1, lastEvent, lastEvent + 0.5, 1e9]).prefix(16) {
    replay.sample(at: time, into: &frames)
    _ = replay.episode(at: time)
  }
  replay.advance(through: lastEvent + 60)
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
