import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The rasteriser and the encoder die with scenec: killed with SIGKILL in the middle of a video export (no
/// handler of scenec's runs), its rsvg-convert child is gone at once instead of drawing on (this frame took
/// rsvg-convert 30 s on a loaded machine).
@Suite(.serialized) struct ExportChildProcessTests {
  /// The fields of /proc/PID/stat after the command name: the state first, then the parent's pid.
  static func stat(_ pid: pid_t) -> [Substring]? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    return text[text.index(after: close)...].split(separator: " ")
  }

  static func children(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { pid in
      guard let fields = stat(pid), fields.count > 1 else { return false }
      return pid_t(fields[1]) == parent
    }
  }

  /// Whether `pid` still runs: a zombie (ended, not yet reaped by whoever adopted it) does not.
  static func isRunning(_ pid: pid_t) -> Bool {
    guard let state = stat(pid)?.first else { return false }
    return state != "Z" && state != "X"
  }

  @Test func theRasteriserDiesWithScenecKilledMidVideo() throws {
    _ = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    let binary = try #require(Scenec.binary, "no scenec binary beside the test bundle")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(ExportFixtures.slowPathScene + "\n", name: "slow", in: folder)
    let video = folder.appendingPathComponent("slow.gif").path
    // Its own process group: only scenec is killed below, never its children by the group.
    let scenec = try Scenec.spawn(
      [binary, "export", "video", spec, "--duration", "1", "--fps", "4", "-o", video], stdin: .path("/dev/null"),
      stdout: .path("/dev/null"), stderr: .path("/dev/null"))
    var helpers: [pid_t] = []
    let start = Date()
    while helpers.isEmpty && Date().timeIntervalSince(start) < 60 {
      helpers = Self.children(of: scenec).filter(Self.isRunning)
      usleep(10_000)
    }
    kill(scenec, SIGKILL)
    var status: Int32 = 0
    while waitpid(scenec, &status, 0) < 0 && errno == EINTR {}
    try #require(!helpers.isEmpty, "scenec started no rasteriser within 60 s")
    let killed = Date()
    while helpers.contains(where: Self.isRunning) && Date().timeIntervalSince(killed) < 2 { usleep(10_000) }
    #expect(!helpers.contains(where: Self.isRunning), "still running 2 s after scenec was killed: \(helpers)")
    for helper in helpers where Self.isRunning(helper) { kill(helper, SIGKILL) }
  }

  /// The encoder too: a stand-in ffmpeg that sleeps, scenec killed with SIGKILL while it waits for it.
  @Test func theEncoderDiesWithScenecKilledWhileEncoding() throws {
    _ = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (bin, pidFile) = try ExportVideoTests.sleepingFFmpeg(in: folder)
    let spec = ExportFixtures.write(ExportVideoTests.yaml, name: "slide", in: folder)
    let argv =
      RasterizerBoundTests.environmentArguments(bin.path)
      + ["export", "video", spec, "--fps", "2", "-o", folder.appendingPathComponent("slide.gif").path]
    let scenec = try Scenec.spawn(
      argv, stdin: .path("/dev/null"), stdout: .path("/dev/null"), stderr: .path("/dev/null"))
    let deadline = Date().addingTimeInterval(60)
    while !RasterizerBoundTests.isAlive(pidFile) && Date() < deadline { usleep(20_000) }
    kill(scenec, SIGKILL)
    var status: Int32 = 0
    while waitpid(scenec, &status, 0) < 0 && errno == EINTR {}
    try #require(FileManager.default.fileExists(atPath: pidFile), "the stand-in ffmpeg never started")
    let killed = Date()
    while RasterizerBoundTests.isAlive(pidFile) && Date().timeIntervalSince(killed) < 2 { usleep(10_000) }
    #expect(!RasterizerBoundTests.isAlive(pidFile), "ffmpeg still running 2 s after scenec was killed")
  }
}
