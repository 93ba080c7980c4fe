import Foundation
import SceneCLI

#if canImport(Glibc)
  import Glibc
#endif

// A reader that goes away (`scenec lint … | head -1`) must give a clean error, not kill the process.
signal(SIGPIPE, SIG_IGN)

let console = Console(
  standardOutput: DescriptorSink(descriptor: 1), standardError: DescriptorSink(descriptor: 2),
  environment: ProcessInfo.processInfo.environment,
  readStandardInput: { nil }, standardInputDescriptor: 0)
exit(SceneCLI.run(Array(CommandLine.arguments.dropFirst()), console: console))
