import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec export video`: each container as ffprobe sees it, a decoded frame against `export svg`'s PNG, the same
/// bytes twice, and what happens without ffmpeg, with a wrong extension and when it fails or is interrupted.
@Suite(.serialized) struct ExportVideoTests {
  /// 41 × 31 (odd: MP4 pads it to 42 × 32), a square sliding across in 1 s over a circle, on an opaque canvas.
  static let yaml = """
    scene: slide
    size: [41, 31]
    layers:
      - {id: disc, type: shape, frame: [20, 4, 20, 20],
         path: "M0 10 A10 10 0 1 1 20 10 A10 10 0 1 1 0 10 Z", fillColor: "#2a9d8f"}
      - {id: box, frame: [0, 8, 14, 14], backgroundColor: "#e63946", cornerRadius: 3}
    timelines:
      slide: {target: box, autoplay: true, keyPath: position.x, from: 7, to: 34, duration: 1}
    """
  static let background = ["--background", "#f1faee"]
  static let fps = 10

  static func ffmpeg(_ arguments: [String]) throws -> ExportTools.Output {
    let run = try #require(
      ExportTools.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments), "ffmpeg is missing")
    try #require(run.status == 0, "ffmpeg \(arguments): \(run.standardError)")
    return run
  }

  /// A picture (PNG, or frame `index` of a video) as packed RGB bytes, through ffmpeg's raw output.
  static func rgb(_ file: String, frame index: Int? = nil, in folder: URL) throws -> [UInt8] {
    let raw = folder.appendingPathComponent("frame.rgb").path
    let select = index.map { ["-vf", "select=eq(n\\,\($0))", "-frames:v", "1"] } ?? []
    _ = try ffmpeg(["-i", file] + select + ["-f", "rawvideo", "-pix_fmt", "rgb24", raw])
    return [UInt8](try #require(FileManager.default.contents(atPath: raw)))
  }

  struct Probe {
    var codec: String
    var width: Int
    var height: Int
    var frames: Int
    /// The last packet's time plus its duration.
    var duration: Double
  }

  static func probe(_ file: String) throws -> Probe {
    func run(_ entries: String, _ extra: [String] = []) throws -> [String] {
      let output = try #require(
        ExportTools.run(
          "ffprobe",
          ["-v", "error", "-select_streams", "v:0"] + extra + ["-show_entries", entries, "-of", "csv=p=0"]
            + [file]))
      try #require(output.status == 0, "ffprobe: \(output.standardError)")
      return output.standardOutput.split(separator: "\n").map(String.init)
    }
    let stream = try #require(try run("stream=codec_name,width,height,nb_read_frames", ["-count_frames"]).first)
      .split(separator: ",").map(String.init)
    try #require(stream.count == 4, "\(stream)")
    let packets = try run("packet=pts_time,duration_time").map { $0.split(separator: ",").compactMap { Double($0) } }
    let last = try #require(packets.max { ($0.first ?? 0) < ($1.first ?? 0) })
    return Probe(
      codec: stream[0], width: Int(stream[1]) ?? 0, height: Int(stream[2]) ?? 0, frames: Int(stream[3]) ?? 0,
      duration: last.reduce(0, +))
  }

  @Test func everyContainerHasTheFramesSizeAndDurationAndShowsTheSVGFrame() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.yaml, name: "slide", in: folder)
    let still = folder.appendingPathComponent("still.png").path
    let made = CLI.run(["export", "svg", spec, "--at", "0.5", "-o", still] + Self.background)
    try #require(made.status == 0, "\(made.standardError)")
    let expected = try Self.rgb(still, in: folder)
    #expect(expected.count == 41 * 31 * 3)
    // Mean channel difference allowed: APNG is lossless; GIF's palette, VP9's and H.264's 4:2:0 chroma are not.
    let containers: [(name: String, codec: String, even: Bool, tolerance: Double)] = [
      ("gif", "gif", false, 4), ("apng", "apng", false, 0.5), ("webm", "vp9", false, 6), ("mp4", "h264", true, 6),
    ]
    for container in containers {
      let output = folder.appendingPathComponent("slide.\(container.name)").path
      let run = CLI.run(["export", "video", spec, "-o", output, "--fps", "\(Self.fps)"] + Self.background)
      try #require(run.status == 0, "\(container.name): \(run.standardError)")
      let probe = try Self.probe(output)
      #expect(probe.codec == container.codec)
      #expect(probe.frames == Self.fps, "\(container.name): \(probe.frames) frames")
      #expect(probe.width == (container.even ? 42 : 41) && probe.height == (container.even ? 32 : 31))
      #expect(abs(probe.duration - 1) < 0.02, "\(container.name): \(probe.duration) s")
      // Frame 5 shows t = 0.5 s; the padded MP4 is cropped back to the scene before comparing.
      let crop = folder.appendingPathComponent("frame5.png").path
      _ = try Self.ffmpeg(["-i", output, "-vf", "select=eq(n\\,5),format=rgb24,crop=41:31:0:0", "-frames:v", "1", crop])
      let decoded = try Self.rgb(crop, in: folder)
      try #require(decoded.count == expected.count, "\(container.name): \(decoded.count) bytes")
      let total = zip(decoded, expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
      let mean = Double(total) / Double(expected.count)
      #expect(mean <= container.tolerance, "\(container.name): mean difference \(mean)")
      // And it moves: frame 0 is another picture.
      let first = try Self.rgb(output, frame: 0, in: folder)
      let moved = zip(first.prefix(expected.count), expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
      #expect(Double(moved) / Double(expected.count) > 4 * container.tolerance + 1, "\(container.name) is still")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }

  @Test(arguments: ["gif", "apng"]) func theSameInputGivesTheSameBytes(_ container: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.yaml, name: "slide", in: folder)
    var outputs: [Data] = []
    for name in ["a", "b"] {
      let output = folder.appendingPathComponent("\(name).\(container)").path
      let run = CLI.run(["export", "video", spec, "-o", output, "--fps", "8", "--scale", "2", "--duration", "0.5"])
      try #require(run.status == 0, "\(run.standardError)")
      outputs.append(try #require(FileManager.default.contents(atPath: output)))
    }
    #expect(outputs[0] == outputs[1])
    #expect(try Self.probe(folder.appendingPathComponent("a.\(container)").path).width == 82)
  }

  /// Endless timelines without a common period: capped at 10 s with W0910, as a Lottie export is.
  @Test func anEndlessSceneStopsAtTheCapWithTheLottieWarning() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = """
      scene: endless
      size: [20, 20]
      layers:
        - {id: a, frame: [0, 0, 10, 10], backgroundColor: red}
      timelines:
        t: {target: a, autoplay: true, keyPath: opacity, from: 0, to: 1, duration: 1, repeatCount: inf}
        u: {target: a, autoplay: true, keyPath: position.x, from: 5, to: 15, duration: 1.7320508, repeatCount: inf}
      """
    let spec = ExportFixtures.write(yaml, name: "endless", in: folder)
    let output = folder.appendingPathComponent("endless.gif").path
    let run = CLI.run(["export", "video", spec, "-o", output, "--fps", "2"])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("the export stops at 10 s") && run.standardError.contains("[W0910]"))
    let probe = try Self.probe(output)
    #expect(probe.frames == 20 && abs(probe.duration - 10) < 0.02, "\(probe)")
    let lottie = CLI.run(["export", "lottie", spec])
    #expect(lottie.standardError.contains("[W0910]"))
  }

  @Test func withoutFfmpegItSaysSoAndExits2() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let rsvg = try #require(ExportTools.which("rsvg-convert"), "rsvg-convert is \(ExportTools.hint)")
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("rsvg-convert").path, withDestinationPath: rsvg)
    let spec = ExportFixtures.write(Self.yaml, name: "slide", in: folder)
    let output = folder.appendingPathComponent("slide.gif").path
    let run = CLI.run(["export", "video", spec, "-o", output], environment: ["PATH": bin.path])
    #expect(run.status == 2)
    #expect(run.standardError.contains("needs ffmpeg") && run.standardError.contains("apt-get install ffmpeg"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let noTools = CLI.run(["export", "video", spec, "-o", output], environment: ["PATH": "/nonexistent"])
    #expect(noTools.status == 2)
    #expect(noTools.standardError.contains("rsvg-convert") && noTools.standardError.contains("librsvg2-bin"))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }

  @Test func anUnknownExtensionOrNoOutputIsAUsageErrorWithTheList() {
    for arguments in [["-o", "/tmp/scenec-never.mov"], [], ["-o", "/tmp/scenec-never"]] {
      let run = CLI.run(["export", "video", ExportFixtures.spec("shake-button")] + arguments)
      #expect(run.status == 2)
      #expect(run.standardError.contains(".gif, .apng, .webm or .mp4"), "\(run.standardError)")
      #expect(run.standardError.contains("usage: scenec"))
    }
    #expect(!FileManager.default.fileExists(atPath: "/tmp/scenec-never.mov"))
    for fps in ["0", "1e-300", "0.009", "121", "1e308"] {
      let run = CLI.run(["export", "video", ExportFixtures.spec("shake-button"), "-o", "x.gif", "--fps", fps])
      #expect(run.status == 2, "--fps \(fps)")
      #expect(run.standardError.contains("--fps needs a number from 0.01 to 120"), "\(run.standardError)")
    }
  }

  /// A failed rasterising (its bound too short) leaves the old file as it was and no temporary file.
  @Test func aFailureLeavesNothingAndKeepsTheOldFile() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.yaml, name: "slide", in: folder)
    let output = folder.appendingPathComponent("slide.webm").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    let run = CLI.run(["export", "video", spec, "-o", output, "--fps", "4", "--png-timeout", "0.000001"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("did not finish within"), "\(run.standardError)")
    #expect(FileManager.default.contents(atPath: output) == Data("old".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }

  /// A stand-in `ffmpeg` in `folder/bin` that writes its pid to `pidFile` and sleeps for a minute.
  static func sleepingFFmpeg(in folder: URL) throws -> (bin: URL, pidFile: String) {
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let pidFile = folder.appendingPathComponent("ffmpeg.pid").path
    let script = bin.appendingPathComponent("ffmpeg").path
    try Data("#!/bin/sh\necho $$ > \(pidFile)\nexec sleep 60\n".utf8).write(to: URL(fileURLWithPath: script))
    chmod(script, 0o755)
    return (bin, pidFile)
  }

  /// SIGTERM while ffmpeg runs (a stand-in that sleeps): ffmpeg is ended, the frames and the partial video removed.
  @Test func aSignalDuringEncodingRemovesTheTemporaries() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (bin, pidFile) = try Self.sleepingFFmpeg(in: folder)
    let spec = ExportFixtures.write(Self.yaml, name: "slide", in: folder)
    let output = folder.appendingPathComponent("slide.gif").path
    let argv =
      RasterizerBoundTests.environmentArguments(bin.path) + ["export", "video", spec, "--fps", "2", "-o", output]
    let pid = try Scenec.spawn(argv, stdin: .path("/dev/null"), stdout: .path("/dev/null"), stderr: .path("/dev/null"))
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(20_000) }
    usleep(100_000)
    #expect(RasterizerBoundTests.isAlive(pidFile), "the stand-in ffmpeg never started")
    let during = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".frames.tmp") }
    #expect(during.count == 1, "the frames wait for ffmpeg in one stream file")
    kill(pid, SIGTERM)
    let (status, _, _, killed) = Scenec.waitForExit(pid, timeout: 30)
    #expect(!killed)
    #expect(status == 128 + SIGTERM, "status \(status)")
    usleep(100_000)
    #expect(!RasterizerBoundTests.isAlive(pidFile), "ffmpeg outlived scenec")
    #expect(!FileManager.default.fileExists(atPath: output))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }
}
