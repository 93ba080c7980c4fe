import CSpawn
import Foundation
import SceneCore
import SceneDiagnostics

#if canImport(Glibc)
  import Glibc
#endif

/// SVG → PNG through `rsvg-convert` (Debian's librsvg2-bin), found on PATH, under a time and a memory bound.
///
/// rsvg-convert's cost grows with the picture, not with anything scenec bounds (a 1 MB text took 22 s and
/// 2.5 GB), so it runs with an address-space limit of `memoryKiB` and is killed after the timeout. Its input,
/// output and error text are temporary files beside the target, removed on every path (`TemporaryFiles`); the
/// PNG then goes to the target as any `-o` file does (`AtomicFile`: a symlink's target is replaced, a device
/// written directly).
enum Rasterizer {
  static let tool = "rsvg-convert"
  /// Seconds rsvg-convert may run (`--png-timeout`).
  static let defaultTimeout = 20.0
  /// Its address-space limit: 1 GiB.
  static let memoryKiB = 1 << 20
  /// librsvg renders no picture wider or taller than this many pixels.
  static let maxSide = 32767.0

  /// Refuses a picture rsvg-convert would refuse, before it runs, with what to do instead.
  static func checkSize(width: Double, height: Double, advice: String) throws(CommandFailure) {
    guard width.rounded(.up) > maxSide || height.rounded(.up) > maxSide else { return }
    throw .failed(
      "the picture would be \(MessageNumber.text(width)) × \(MessageNumber.text(height)) pixels; rsvg-convert "
        + "draws at most \(Int(maxSide)) a side: \(advice)")
  }

  /// The `width` and `height` of the SVG's root element, as the SVG exporter writes them (nil when absent).
  static func rootSize(of svg: String) -> (width: Double, height: Double)? {
    guard let open = svg.range(of: "<svg "), let close = svg[open.upperBound...].firstIndex(of: ">") else { return nil }
    let tag = svg[open.upperBound..<close]
    func attribute(_ name: String) -> Double? {
      guard let start = tag.range(of: " \(name)=\"") else { return nil }
      return Double(tag[start.upperBound...].prefix { $0 != "\"" })
    }
    guard let width = attribute("width"), let height = attribute("height") else { return nil }
    return (width, height)
  }

  /// The path of `tool` (rsvg-convert unless named) on the console's PATH, or nil.
  static func locate(_ tool: String = tool, console: Console) -> String? {
    let path = console.environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = String(folder) + "/" + tool
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static func writePNG(svg: String, to output: String, timeout: Double, console: Console) throws(CommandFailure) {
    guard let executable = locate(console: console) else {
      throw .failed(
        "PNG output needs rsvg-convert, which is not on PATH (Debian/Ubuntu: apt-get install librsvg2-bin); "
          + "write SVG instead with -o FILE.svg")
    }
    if let size = rootSize(of: svg) {
      try checkSize(
        width: size.width, height: size.height, advice: "write SVG with -o FILE.svg, or draw a smaller scene")
    }
    let target = try AtomicFile.resolvingLinks(output)
    let url = URL(fileURLWithPath: target)
    let stem = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
      .path
    let (svgFile, pngFile, errorFile) = (stem + ".svg", stem + ".png.tmp", stem + ".err.tmp")
    for file in [svgFile, pngFile, errorFile] { TemporaryFiles.remember(file) }
    defer { for file in [svgFile, pngFile, errorFile] { TemporaryFiles.remove(file) } }
    do {
      try Data(svg.utf8).write(to: URL(fileURLWithPath: svgFile))
    } catch {
      throw .failed("cannot write \(output): \(error.localizedDescription)")
    }
    let status = try run([executable, "--format", "png", svgFile], errorFile: errorFile, timeout: timeout, to: pngFile)
    guard let status else {
      throw .failed(
        "rsvg-convert did not finish within \(NumberFormatting.shortest(timeout)) s and was ended; "
          + "raise --png-timeout, or write SVG with -o FILE.svg")
    }
    guard status == 0 else {
      let message = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
      let text = String(message.trimmingCharacters(in: .whitespacesAndNewlines).prefix(2000))
      let memory = status == 137 || text.contains("memory") ? " (it may have run out of its 1 GiB of memory)" : ""
      throw .failed("rsvg-convert failed (status \(status))\(memory): \(text)")
    }
    guard let png = FileManager.default.contents(atPath: pngFile) else {
      throw .failed("rsvg-convert wrote no PNG for \(output)")
    }
    try AtomicFile.write(bytes: [UInt8](png), to: output)
  }

  /// Runs `argv` with a memory bound (`memory` KiB), standard error to `errorFile` and standard output to
  /// `outputFile` (or nowhere); its exit status (128 + signal when killed by one), or nil when it was killed after
  /// `timeout` seconds. Also runs ffmpeg (`VideoEncoder`).
  ///
  /// The child dies with scenec (`scenec_spawn`: PR_SET_PDEATHSIG), even when scenec itself is killed with
  /// SIGKILL and no handler runs; SIGTERM, SIGINT and SIGHUP kill it first (`TemporaryFiles`). scenec sleeps until
  /// it ends or the time is up (`scenec_wait_exit`: a pidfd in poll), so a frame costs no polling delay.
  ///
  /// rsvg-convert writes its PNG to standard output, into scenec's own temporary file: given `--output`, it
  /// writes through GIO, which makes a `.goutputstream-XXXXXX` file of its own in the target's folder, left there
  /// when rsvg-convert is ended (a time bound, or scenec interrupted).
  static func run(
    _ argv: [String], errorFile: String, timeout: Double, memory: Int = memoryKiB, to outputFile: String? = nil
  )
    throws(CommandFailure) -> Int32?
  {
    var arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in arguments { free(pointer) } }
    var pid: pid_t = 0
    let result = scenec_spawn(argv[0], &arguments, environ, outputFile, errorFile, memory, &pid)
    guard result == 0 else { throw .failed("cannot run \(argv[0]): \(String(cString: strerror(result)))") }
    TemporaryFiles.child = pid
    defer { TemporaryFiles.child = 0 }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(timeout, 1e9) * 1e9)
    var status: Int32 = 0
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      let left = deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 1000)) : 0
      let ended = scenec_wait_exit(pid, left)
      if ended < 0 {
        TemporaryFiles.waitIfSignalled()
        return -1
      }
      if ended > 0 {
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        break
      }
      if DispatchTime.now().uptimeNanoseconds >= deadline {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        TemporaryFiles.waitIfSignalled()
        return nil
      }
    }
    TemporaryFiles.waitIfSignalled()
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
