import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real `scenec` executable as a child process, measuring wall time, CPU time and peak memory.
///
/// Which binary: `SCENEC_BINARY` when set (e.g. a release build: `scripts/hostile-limits.sh`), else the `scenec`
/// beside the test bundle (`swift test` builds it into the same folder: `.build/debug/`, `.build/release/`, or the
/// same below a scratch path), else `.build/debug/scenec` below the package. A missing binary is a test failure,
/// never a skip.
enum Scenec {
  static let binary: String? = locate()

  /// Whether the binary under test is unoptimised; the time limit is then scaled (see `HostileLimits`).
  static var isDebugBuild: Bool {
    guard let binary else { return true }
    if let kind = ProcessInfo.processInfo.environment["SCENEC_BINARY_KIND"] { return kind != "release" }
    return binary.contains("/debug/")
  }

  private static func locate() -> String? {
    let manager = FileManager.default
    if let given = ProcessInfo.processInfo.environment["SCENEC_BINARY"], !given.isEmpty {
      return manager.isExecutableFile(atPath: given) ? given : nil
    }
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [
      bundle.appendingPathComponent("scenec").path,
      CLI.repositoryRoot.appendingPathComponent(".build/debug/scenec").path,
    ]
    return candidates.first { manager.isExecutableFile(atPath: $0) }
  }

  struct Run {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Wall-clock seconds from spawn to exit.
    var wallSeconds: Double
    /// User + system CPU seconds of the child (nil when /usr/bin/time is unavailable).
    var cpuSeconds: Double?
    /// Peak resident set size of the child, KiB.
    var peakKiB: Int
    var killedForTimeout: Bool
    /// How many bytes the child wrote to standard output (read into `standardOutput` unless `readsOutput` is false).
    var standardOutputBytes = 0
  }

  /// Runs `scenec arguments…` with standard input from `stdinPath` (or /dev/null), standard output and error to
  /// files. The child is killed (its whole process group) after `timeout` seconds. `launcher` comes before the
  /// binary (`setpriv …`, which then runs it in its own place).
  static func run(
    _ arguments: [String], stdinPath: String? = nil, timeout: Double = 120, readsOutput: Bool = true,
    launcher: [String] = []
  ) throws -> Run {
    guard let binary else {
      throw HostileError("no scenec binary beside the test bundle or at .build/debug/scenec; run `swift build` first")
    }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outPath = folder.appendingPathComponent("stdout").path
    let errPath = folder.appendingPathComponent("stderr").path
    let timePath = folder.appendingPathComponent("time").path
    // GNU time forks (not vfork), so the child's peak RSS is its own, not the test process's.
    let useTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let command = launcher + [binary] + arguments
    let argv = useTime ? ["/usr/bin/time", "-o", timePath, "-f", "%e %U %S %M"] + command : command
    let child = try spawn(
      argv, stdin: .path(stdinPath ?? "/dev/null"), stdout: .path(outPath), stderr: .path(errPath))
    let (status, usage, elapsed, killed) = waitForExit(child, timeout: timeout)
    var cpu: Double?
    var peak = usage.ru_maxrss
    if useTime,
      let fields = try? String(contentsOfFile: timePath, encoding: .utf8)
        .split(separator: "\n").last?.split(separator: " "), fields.count == 4
    {
      cpu = (Double(fields[1]) ?? 0) + (Double(fields[2]) ?? 0)
      peak = Int(fields[3]) ?? peak
    }
    let outputBytes = (try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? Int) ?? 0
    return Run(
      status: status,
      standardOutput: readsOutput ? (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" : "",
      standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      wallSeconds: elapsed, cpuSeconds: cpu, peakKiB: peak, killedForTimeout: killed,
      standardOutputBytes: outputBytes)
  }

  enum Stream {
    case path(String)
    case descriptor(Int32)
  }

  /// posix_spawn in a new process group; returns the pid.
  static func spawn(_ argv: [String], stdin: Stream, stdout: Stream, stderr: Stream, closing: [Int32] = []) throws
    -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      switch stream {
      case .path(let path):
        let flags = target == 0 ? O_RDONLY : (O_WRONLY | O_CREAT | O_TRUNC)
        posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      }
    }
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in cEnvironment { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
    guard result == 0 else { throw HostileError("cannot start \(argv[0]): \(String(cString: strerror(result)))") }
    return pid
  }

  /// Waits for `pid`, killing its process group after `timeout` seconds. Returns the exit status (128 + signal
  /// for a signal), the rusage, the wall time and whether it was killed.
  static func waitForExit(_ pid: pid_t, timeout: Double) -> (Int32, rusage, Double, Bool) {
    let start = DispatchTime.now().uptimeNanoseconds
    var usage = rusage()
    var status: Int32 = 0
    var killed = false
    while true {
      let done = wait4(pid, &status, WNOHANG, &usage)
      if done == pid { break }
      if done < 0, errno != EINTR { break }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      if elapsed > timeout, !killed {
        kill(-pid, SIGKILL)
        killed = true
      }
      usleep(2_000)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let signal = status & 0x7F
    let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return (exit, usage, elapsed, killed)
  }
}

struct HostileError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
