import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `-o` never damages what it names (issue 14): a device or FIFO is written directly, a symlink keeps pointing
/// where it did and its target gets the file. Private nodes and links in a temporary folder, never the real ones.
@Suite(.serialized) struct OutputTargetTests {
  static let spec = CLI.repositoryRoot.appendingPathComponent("specs/shake-button.yaml").path

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// A private copy of /dev/null (character device 1, 3); making it needs root, as the damage did.
  @Test func aCharacterDeviceStaysADevice() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = folder.appendingPathComponent("null").path
    try #require(
      mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod: \(String(cString: strerror(errno))) (needs root)")
    for command in [["compile", Self.spec], ["schema"], ["export", "svg", Self.spec, "--at", "0"]] {
      let run = try Scenec.run(command + ["-o", node])
      #expect(run.status == 0, "\(command): \(run.standardError)")
      #expect(Self.mode(node) == S_IFCHR, "\(command) replaced the device")
    }
    #expect(AtomicWriteTests.leftovers(in: folder).isEmpty)
  }

  @Test func aFIFOIsWrittenDirectly() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("plan.fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // The reader drains the FIFO on another thread while scenec writes it.
    let received = ReceivedBytes()
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY | O_CLOEXEC)
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while descriptor >= 0 {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count <= 0 { break }
        received.data.append(contentsOf: buffer[0..<count])
      }
      if descriptor >= 0 { close(descriptor) }
      received.done.signal()
    }
    reader.start()
    let run = try Scenec.run(["compile", Self.spec, "-o", fifo])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(received.done.wait(timeout: .now() + 30) == .success)
    let expected = try Scenec.run(["compile", Self.spec]).standardOutput
    #expect(String(decoding: received.data, as: UTF8.self) == expected)
    #expect(Self.mode(fifo) == S_IFIFO)
  }

  @Test func aSymlinkKeepsPointingAtItsTarget() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let targets = folder.appendingPathComponent("targets")
    try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: true)
    try "old".write(to: targets.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
    let link = folder.appendingPathComponent("link.json").path
    try #require(symlink("targets/plan.json", link) == 0)
    let chained = folder.appendingPathComponent("chained.json").path
    try #require(symlink("link.json", chained) == 0)
    let dangling = folder.appendingPathComponent("dangling.json").path
    try #require(symlink("targets/new.json", dangling) == 0)
    let expected = try Scenec.run(["compile", Self.spec]).standardOutput
    for path in [link, chained, dangling] {
      let run = try Scenec.run(["compile", Self.spec, "-o", path])
      #expect(run.status == 0, "\(run.standardError)")
      #expect(Self.mode(path) == S_IFLNK, "\(path) is no longer a link")
    }
    #expect(try String(contentsOf: targets.appendingPathComponent("plan.json"), encoding: .utf8) == expected)
    #expect(try String(contentsOf: targets.appendingPathComponent("new.json"), encoding: .utf8) == expected)
    #expect(AtomicWriteTests.leftovers(in: folder).isEmpty && AtomicWriteTests.leftovers(in: targets).isEmpty)
  }
}

final class ReceivedBytes: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}

/// rsvg-convert runs under a time bound and ends with scenec, leaving no temporary file: a fake slow
/// `rsvg-convert` first on PATH records its pid and sleeps.
@Suite(.serialized) struct RasterizerBoundTests {
  static func fakeTool(in folder: URL) throws -> (bin: String, pidFile: String) {
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let pidFile = folder.appendingPathComponent("rsvg.pid").path
    let script = bin.appendingPathComponent("rsvg-convert").path
    // Written through a close-on-exec descriptor: a process another test spawns meanwhile must not inherit it open
    // for writing, or exec'ing the script fails with "Text file busy".
    let text = Array("#!/bin/sh\necho $$ > \(pidFile)\nexec sleep 60\n".utf8)
    let descriptor = open(script, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0)
    _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    close(descriptor)
    return (bin.path, pidFile)
  }

  static func isAlive(_ pidFile: String) -> Bool {
    guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return false }
    // A zombie (killed, not yet reaped by whoever inherited it) is not running.
    let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?
      .split(separator: " ").first
    return kill(pid, 0) == 0 && state != "Z"
  }

  static func environmentArguments(_ bin: String) -> [String] {
    ["/usr/bin/env", "PATH=\(bin):/usr/bin:/bin", Scenec.binary ?? "scenec"]
  }

  /// A rasterizer that fails is an error of the output, not of the command line: its message, exit 2, no usage
  /// line (once rsvg-convert's panic on a 3.4e38-point font came back followed by the whole usage text).
  @Test func aFailingRasterizerIsReportedWithoutTheUsageLine() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let text = Array("#!/bin/sh\necho 'drawing failed' >&2\nexit 3\n".utf8)
    let descriptor = open(
      bin.appendingPathComponent("rsvg-convert").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0)
    _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    close(descriptor)
    let output = folder.appendingPathComponent("frame.png").path
    let run = CLI.run(
      ["export", "svg", OutputTargetTests.spec, "--at", "0", "-o", output],
      environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
    #expect(run.status == 2)
    #expect(run.standardError == "scenec: error: rsvg-convert failed (status 3): drawing failed\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// The largest font size a spec may give (1,000,000 points) still rasterizes.
  @Test func theLargestFontSizeRasterizes() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("font.yaml")
    try "scene: font\nsize: [100, 100]\nlayers:\n  - id: a\n    type: text\n    frame: [0, 0, 100, 100]\n"
      .appending("    string: Hi\n    fontSize: 1000000\n").write(to: spec, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("font.png").path
    let run = CLI.run(["export", "svg", spec.path, "--at", "0", "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  /// A picture wider or taller than librsvg draws (32767 pixels) is refused before rsvg-convert runs, saying what to
  /// do, and nothing is written: once rsvg's own "has no dimensions" for a 1e308-point scene came back instead.
  @Test(arguments: [
    (["export", "svg", "SPEC", "--at", "0", "-o", "OUT.png"], "[40000, 10]", "write SVG with -o FILE.svg"),
    (["export", "svg", "SPEC", "--at", "0", "-o", "OUT.png"], "[1e308, 3.4e38]", "write SVG with -o FILE.svg"),
    (["export", "filmstrip", "SPEC", "--frames", "2", "-o", "OUT.png"], "[20000, 10]", "write SVG with -o FILE.svg"),
    (["export", "video", "SPEC", "--scale", "16", "-o", "OUT.gif"], "[3000, 10]", "lower --scale"),
  ])
  func aPictureLargerThanRsvgDrawsIsRefusedFirst(command: [String], size: String, advice: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("large.yaml")
    try "scene: large\nsize: \(size)\nlayers:\n  - id: a\n    frame: [0, 0, 5, 5]\n    backgroundColor: red\n"
      .write(to: spec, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent(command.last!).path
    let run = try Scenec.run(command.dropLast().map { $0 == "SPEC" ? spec.path : $0 } + [output])
    #expect(run.status == 2, "\(run.standardError)")
    #expect(run.standardError.contains("rsvg-convert draws at most 32767 a side: \(advice)"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(AtomicWriteTests.leftovers(in: folder).filter { $0 != "large.yaml" }.isEmpty)
  }

  @Test func aSlowRasterizerIsEndedAtTheTimeout() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (bin, pidFile) = try Self.fakeTool(in: folder)
    let output = folder.appendingPathComponent("frame.png").path
    let spec = OutputTargetTests.spec
    let started = Date()
    let argv =
      Self.environmentArguments(bin) + ["export", "svg", spec, "--at", "0", "--png-timeout", "1", "-o", output]
    let out = folder.appendingPathComponent("out").path
    let err = folder.appendingPathComponent("err").path
    let pid = try Scenec.spawn(argv, stdin: .path("/dev/null"), stdout: .path(out), stderr: .path(err))
    let (status, _, _, killed) = Scenec.waitForExit(pid, timeout: 60)
    let message = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    #expect(!killed)
    #expect(status == 2, "\(message)")
    #expect(message.contains("did not finish within 1 s"), "\(message)")
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(!Self.isAlive(pidFile), "rsvg-convert outlived scenec")
    #expect(!FileManager.default.fileExists(atPath: output))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalEndsTheRasterizerAndRemovesTheTemporaries(_ signalNumber: Int32) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (bin, pidFile) = try Self.fakeTool(in: folder)
    let output = folder.appendingPathComponent("frame.png").path
    let argv = Self.environmentArguments(bin) + ["export", "svg", OutputTargetTests.spec, "--at", "0", "-o", output]
    let pid = try Scenec.spawn(argv, stdin: .path("/dev/null"), stdout: .path("/dev/null"), stderr: .path("/dev/null"))
    // Wait for the fake tool to start (it writes its pid), then signal scenec alone.
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(20_000) }
    usleep(100_000)
    #expect(Self.isAlive(pidFile), "the fake rsvg-convert never started")
    kill(pid, signalNumber)
    let (status, _, _, killed) = Scenec.waitForExit(pid, timeout: 30)
    #expect(!killed)
    #expect(status == 128 + signalNumber, "status \(status)")
    usleep(100_000)
    #expect(!Self.isAlive(pidFile), "rsvg-convert outlived scenec")
    #expect(!FileManager.default.fileExists(atPath: output))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }

  /// The real rsvg-convert, on a path slow enough to draw (10,000 cubic segments, seconds a frame), ended with
  /// scenec by a signal to their process group mid-frame: given `--output`, rsvg-convert wrote through GIO, whose
  /// `.goutputstream-XXXXXX` file stayed in the target's folder (found by a black-box sweep). PNG and video alike
  /// leave nothing.
  @Test(arguments: ["x.png", "x.gif"])
  func aSignalDuringTheRealRasterizerLeavesNoFileBehind(_ name: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = ExportFixtures.slowPathScene
    let spec = folder.appendingPathComponent("longpath.yaml").path
    try Data(yaml.utf8).write(to: URL(fileURLWithPath: spec))
    let output = folder.appendingPathComponent(name).path
    // A generous --png-timeout: on a loaded machine a frame took over the default 20 s, and the run then ended
    // on its own (exit 2) before the signal this test sends.
    let argv =
      name.hasSuffix(".png")
      ? ["export", "svg", spec, "--at", "0", "--png-timeout", "600", "-o", output]
      : ["export", "video", spec, "--duration", "1", "--fps", "2", "--png-timeout", "600", "-o", output]
    let pid = try Scenec.spawn(
      [try #require(Scenec.binary)] + argv, stdin: .path("/dev/null"), stdout: .path("/dev/null"),
      stderr: .path("/dev/null"))
    // scenec writes the frame's SVG, then starts rsvg-convert on it: signal them while rsvg-convert draws (for
    // the video, the second frame, once the first is in the frame stream: rsvg-convert given `--output` then
    // drew over the first frame's PNG, which GIO replaces through a file of its own).
    let deadline = Date().addingTimeInterval(60)
    let marker = name.hasSuffix(".png") ? ".svg" : ".frames.tmp"
    func started() -> Bool {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.contains { name in
        name.hasSuffix(marker)
          && ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size]
            as? Int ?? 0) > 0
      }
    }
    while !started() && Date() < deadline { usleep(20_000) }
    usleep(1_000_000)
    // To the process group, as Ctrl-C in a terminal or `timeout` sends it: rsvg-convert gets it too.
    kill(-pid, SIGTERM)
    let (status, _, _, killed) = Scenec.waitForExit(pid, timeout: 30)
    #expect(!killed)
    #expect(status == 128 + SIGTERM, "status \(status): the frame was drawn before the signal")
    usleep(200_000)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
