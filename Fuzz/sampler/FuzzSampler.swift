// libFuzzer target: compile a spec and sample the plan at fuzzer-chosen times. A first line `#t T,T,…` (a YAML
// comment) gives the times; without it a fixed set is used.
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
  var times: [Double] = [0, 0.1, 0.5, 1, 2.5, 10, -1, 1e6]
  if bytes.starts(with: Array("#t ".utf8)) {
    let line = bytes.prefix { $0 != 0x0A }.dropFirst(3)
    let parsed = String(decoding: line, as: UTF8.self).split(separator: ",").prefix(64).compactMap { Double($0) }
    if !parsed.isEmpty { times = parsed }
  }
  let result = SpecChecker.check(SourceFile(path: "fuzz.yaml", bytes: bytes))
  guard !result.hasErrors, let scene = result.scene else { return 0 }
  let plan = PlanCompiler.compile(scene)
  var sampler = Sampler(plan: plan)
  var frames: [LayerFrame] = []
  var playings = [plan.autoplayTimelines]
  for index in 0..<min(plan.timelines.count, 8) { playings.append([index]) }
  for playing in playings {
    for time in times { sampler.sample(at: time, playing: playing, into: &frames) }
  }
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
