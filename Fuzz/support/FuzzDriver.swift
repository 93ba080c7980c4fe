// The entry point every libFuzzer target shares. Built with -DFUZZING (scripts/fuzz.sh), it hands the target's
// callback to libFuzzer's driver; built normally, it replays the files given as arguments through the same
// callback, which is how Fuzz/regressions/ is checked.
import Foundation

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32
#endif

public enum FuzzDriver {
  public static func main(_ fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
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
      exit(0)
    #endif
  }
}
