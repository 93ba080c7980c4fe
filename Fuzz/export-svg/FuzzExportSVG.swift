// libFuzzer target: `scenec export svg - --at T` and `export filmstrip -` on the input, as a user runs them.
// `#t` picks the instants (Fuzz/support/FuzzInput.swift), `#e` replays events. Built and run by scripts/fuzz.sh
// (Fuzz/README.md); built normally, it replays the files given as arguments.
import FuzzCLISupport
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  let events = input.events.map { ["--events", $0] } ?? []
  for time in (input.times ?? [0, 0.5, 1e9]).prefix(4) {
    FuzzCLI.run(["export", "svg", "-", "--at", "\(time)"] + events + FuzzCLI.limits, input: input.bytes)
  }
  FuzzCLI.run(["export", "filmstrip", "-", "--frames", "3"] + events + FuzzCLI.limits, input: input.bytes)
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
