import Foundation
import SceneCLI

#if canImport(Glibc)
  import Glibc
#endif

// A reader that goes away (`scenec lint … | head -1`) must give a clean error, not kill the process.
signal(SIGPIPE, SIG_IGN)

// The checker recurses once per level of nesting; at the ceilings that `--max-depth` and `--max-nesting` accept
// (Grammar.md's limits) that is deeper than the main thread's 8 MiB stack. The command runs on a thread whose
// stack is reserved large and only touched as deep as a spec really goes.
let worker = Thread {
  let console = Console(
    standardOutput: DescriptorSink(descriptor: 1), standardError: DescriptorSink(descriptor: 2),
    environment: ProcessInfo.processInfo.environment,
    readStandardInput: { nil }, standardInputDescriptor: 0)
  exit(SceneCLI.run(Array(CommandLine.arguments.dropFirst()), console: console))
}
worker.stackSize = 1 << 30
worker.start()
while true { pause() }
