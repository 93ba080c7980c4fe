import Foundation
import SceneCore
import SceneExport

/// A video from SVG frames (`scenec export video`): each frame drawn by rsvg-convert (as `export svg -o x.png`
/// does, under the same time and memory bound), the PNGs concatenated into one stream file, and that stream
/// encoded by ffmpeg (Debian's ffmpeg) into a temporary file beside the target, which `AtomicFile` then puts in
/// place. Every temporary file is removed on every path, and on SIGTERM/SIGINT (`TemporaryFiles`).
///
/// The encoders run on one thread with ffmpeg's bit-exact flags and no metadata, so GIF and APNG come out
/// byte-identical from the same input (and WebM and MP4 as far as libvpx and x264 allow).
enum VideoEncoder {
  static let tool = "ffmpeg"
  /// ffmpeg's address-space limit: 4 GiB (x264 keeps several frames of look-ahead).
  static let memoryKiB = 4 << 20

  /// A container chosen by the output's extension.
  enum Container: String, CaseIterable {
    case gif, apng, webm, mp4

    init?(path: String) {
      self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// ffmpeg's arguments after the input: filters, codec, muxer.
    var arguments: [String] {
      switch self {
      case .gif:
        // One palette made from every frame, so that colours are right across the whole animation.
        return [
          "-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer",
          "-loop", "0", "-f", "gif",
        ]
      case .apng: return ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
      case .webm:
        return [
          "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "30", "-b:v", "0", "-row-mt", "0", "-f", "webm",
        ]
      case .mp4:
        // yuv420p halves the chroma planes, so H.264 needs even sides: the frame is padded (black) to them.
        return [
          "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "medium",
          "-crf", "18", "-movflags", "+faststart", "-f", "mp4",
        ]
      }
    }
  }

  static func missing(_ tool: String, package: String) -> CommandFailure {
    .failed(
      "export video needs \(tool), which is not on PATH (Debian/Ubuntu: apt-get install \(package)); "
        + "export svg or filmstrip instead")
  }

  static func write(_ frames: SVGFrames, to output: String, timeout: Double, console: Console) throws(CommandFailure) {
    guard let container = Container(path: output) else {
      throw .usage("export video writes .gif, .apng, .webm or .mp4")
    }
    guard let rasterizer = Rasterizer.locate(console: console) else {
      throw missing(Rasterizer.tool, package: "librsvg2-bin")
    }
    guard let encoder = Rasterizer.locate(tool, console: console) else { throw missing(tool, package: "ffmpeg") }
    try Rasterizer.checkSize(
      width: Double(frames.width), height: Double(frames.height), advice: "lower --scale, or draw a smaller scene")
    let target = try AtomicFile.resolvingLinks(output)
    let url = URL(fileURLWithPath: target)
    let stem = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
      .path
    let files = (
      svg: stem + ".svg", png: stem + ".png.tmp", stream: stem + ".frames.tmp", video: stem + ".video.tmp",
      error: stem + ".err.tmp"
    )
    let all = [files.svg, files.png, files.stream, files.video, files.error]
    for file in all { TemporaryFiles.remember(file) }
    defer { for file in all { TemporaryFiles.remove(file) } }
    guard FileManager.default.createFile(atPath: files.stream, contents: nil),
      let stream = FileHandle(forWritingAtPath: files.stream)
    else { throw .failed("cannot write \(output): cannot create a file in its folder") }
    defer { try? stream.close() }
    let size = ["--width", String(frames.width), "--height", String(frames.height)]
    for document in frames.documents {
      do {
        try Data(document.utf8).write(to: URL(fileURLWithPath: files.svg))
      } catch {
        throw .failed("cannot write \(output): \(error.localizedDescription)")
      }
      let status = try Rasterizer.run(
        [rasterizer, "--format", "png"] + size + [files.svg], errorFile: files.error, timeout: timeout, to: files.png)
      try check(status, tool: Rasterizer.tool, errorFile: files.error, timeout: timeout)
      guard let png = FileManager.default.contents(atPath: files.png) else {
        throw .failed("rsvg-convert wrote no PNG for \(output)")
      }
      do {
        try stream.write(contentsOf: png)
      } catch {
        throw .failed("cannot write \(output): \(error.localizedDescription)")
      }
    }
    try? stream.close()
    let encoding = encodingTimeout(frames: frames.documents.count, timeout: timeout)
    let status = try Rasterizer.run(
      [encoder] + arguments(frames, container: container, input: files.stream, output: files.video),
      errorFile: files.error, timeout: encoding, memory: memoryKiB)
    try check(status, tool: tool, errorFile: files.error, timeout: encoding)
    guard let video = FileManager.default.contents(atPath: files.video), !video.isEmpty else {
      throw .failed("ffmpeg wrote no video for \(output)")
    }
    try AtomicFile.write(bytes: [UInt8](video), to: output)
  }

  /// ffmpeg's whole command line after its path.
  static func arguments(_ frames: SVGFrames, container: Container, input: String, output: String) -> [String] {
    ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-threads", "1"]
      + ["-f", "image2pipe", "-framerate", NumberFormatting.shortest(frames.fps), "-c:v", "png", "-i", input]
      + container.arguments
      + ["-threads", "1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", output]
  }

  /// The encoding's bound: `--png-timeout` for every 100 frames, at least once.
  static func encodingTimeout(frames: Int, timeout: Double) -> Double {
    timeout * Double(max(1, (frames + 99) / 100))
  }

  /// A tool's exit status as the CLI's error (exit 2), or nothing when it succeeded.
  static func check(_ status: Int32?, tool: String, errorFile: String, timeout: Double) throws(CommandFailure) {
    guard let status else {
      throw .failed(
        "\(tool) did not finish within \(NumberFormatting.shortest(timeout)) s and was ended; raise --png-timeout")
    }
    guard status != 0 else { return }
    let message = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
    let text = String(message.trimmingCharacters(in: .whitespacesAndNewlines).prefix(2000))
    throw .failed("\(tool) failed (status \(status)): \(text)")
  }
}
