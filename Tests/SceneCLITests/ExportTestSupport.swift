import Foundation
import Testing

/// The outside programs the export tests run against: rsvg-convert (Debian librsvg2-bin), rlottie through a C
/// harness built here with cc and pkg-config (librlottie-dev, zlib1g-dev), and Python's jsonschema with the
/// Lottie community's schema (PyPI lottie-specs). `.ci/run` installs what is missing. A missing tool is a test
/// failure that says so, never a skip.
enum ExportTools {
  static let hint =
    "missing on this machine: run .ci/run, which installs librsvg2-bin, librlottie-dev, pkg-config, "
    + "zlib1g-dev (Debian) and jsonschema, lottie-specs (PyPI) when they are missing"

  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs a program found on PATH (or an absolute path) and waits for it; `environment` replaces the inherited one
  /// and `directory` the working folder when given.
  static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil)
    -> Output?
  {
    guard let executable = program.hasPrefix("/") ? program : which(program) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    guard let outHandle = try? FileHandle(forWritingTo: out), let errHandle = try? FileHandle(forWritingTo: err) else {
      return nil
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    process.waitUntilExit()
    try? outHandle.close()
    try? errHandle.close()
    return Output(
      status: process.terminationStatus,
      standardOutput: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }

  static func which(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static var rsvgConvert: String? {
    guard let path = which("rsvg-convert") else {
      Issue.record("rsvg-convert is \(hint)")
      return nil
    }
    return path
  }

  /// The rlottie harness (Tests/Support/rlottie_probe.c), built once per test run.
  static let probe: Result<String, HarnessError> = {
    let source = CLI.repositoryRoot.appendingPathComponent("Tests/Support/rlottie_probe.c").path
    guard which("cc") != nil else { return .failure(HarnessError("cc (a C compiler) is \(hint)")) }
    guard let flags = run("pkg-config", ["--cflags", "--libs", "rlottie", "zlib"]), flags.status == 0 else {
      return .failure(HarnessError("pkg-config with rlottie and zlib is \(hint)"))
    }
    let folder = CLI.temporaryFolder()
    let binary = folder.appendingPathComponent("rlottie_probe").path
    let arguments =
      [source, "-o", binary] + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let build = run("cc", arguments), build.status == 0 else {
      return .failure(HarnessError("cannot build the rlottie harness: \(run("cc", arguments)?.standardError ?? "")"))
    }
    return .success(binary)
  }()

  static var probePath: String? {
    switch probe {
    case .success(let path): return path
    case .failure(let error):
      Issue.record("\(error.message)")
      return nil
    }
  }

  /// Whether python3 can import jsonschema and lottie_specs.
  static var validatorReady: Bool {
    guard let check = run("python3", ["-c", "import jsonschema, lottie_specs"]), check.status == 0 else {
      Issue.record("python3 with jsonschema and lottie-specs is \(hint)")
      return false
    }
    return true
  }

  /// Validates Lottie files against the community schema; returns the validator's report when one is invalid.
  static func validate(_ files: [String]) -> String? {
    let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/validate_lottie.py").path
    guard let result = run("python3", [script] + files) else { return "python3 did not run" }
    return result.status == 0 ? nil : result.standardOutput + result.standardError
  }

  /// Raw RGBA pixels of an image written by the harness's `dump` modes, kept premultiplied (0–255 a channel).
  struct Pixels {
    var width: Int
    var height: Int
    var channels: [Int]

    init?(file: String) {
      guard let data = FileManager.default.contents(atPath: file), data.count >= 8 else { return nil }
      let bytes = [UInt8](data)
      func be32(_ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      }
      width = be32(0)
      height = be32(4)
      guard bytes.count == 8 + width * height * 4 else { return nil }
      var channels = [Int](repeating: 0, count: width * height * 4)
      for pixel in 0..<(width * height) {
        let base = 8 + pixel * 4
        let a = Int(bytes[base + 3])
        channels[pixel * 4] = Int(bytes[base]) * a / 255
        channels[pixel * 4 + 1] = Int(bytes[base + 1]) * a / 255
        channels[pixel * 4 + 2] = Int(bytes[base + 2]) * a / 255
        channels[pixel * 4 + 3] = a
      }
      self.channels = channels
    }

    /// Pixels `x ..< x + width` of every row.
    func columns(from x: Int, width tileWidth: Int) -> Pixels {
      var tile = self
      tile.width = tileWidth
      tile.channels = []
      tile.channels.reserveCapacity(tileWidth * height * 4)
      for y in 0..<height {
        let start = (y * width + x) * 4
        tile.channels += channels[start..<(start + tileWidth * 4)]
      }
      return tile
    }

    /// Premultiplied channels of a pixel.
    func premultiplied(_ x: Int, _ y: Int) -> [Int] {
      let base = (y * width + x) * 4
      return Array(channels[base..<(base + 4)])
    }

    /// Whether every pixel within `radius` of (x, y) is within `tolerance` of it: away from any edge.
    func isInterior(_ x: Int, _ y: Int, radius: Int, tolerance: Int) -> Bool {
      guard x >= radius, y >= radius, x + radius < width, y + radius < height else { return false }
      let center = (y * width + x) * 4
      return channels.withUnsafeBufferPointer { c in
        for dy in -radius...radius {
          for dx in -radius...radius {
            let other = ((y + dy) * width + x + dx) * 4
            for k in 0..<4 where abs(c[other + k] - c[center + k]) > tolerance { return false }
          }
        }
        return true
      }
    }
  }
}

struct HarnessError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Fixture specs for the export warnings, written to a temporary folder by the tests.
enum ExportFixtures {
  /// SVG path data of 10,000 cubic curves: seconds for rsvg-convert to draw, 60,000 numbers a frame to sample.
  static let slowPath =
    "M0 0 " + (0..<10_000).map { "C\($0 % 100) 1 \(7 * $0 % 100) 2 \(13 * $0 % 100) 3" }.joined(separator: " ")

  /// A scene of one shape layer `p` drawing `slowPath` (no final line break: the caller may add timelines).
  static let slowPathScene = """
    scene: longpath
    size: [100, 100]
    layers:
      - id: p
        type: shape
        path: "\(slowPath)"
    """

  static func write(_ text: String, name: String, in folder: URL) -> String {
    let path = folder.appendingPathComponent("\(name).yaml").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  static let specs = CLI.repositoryRoot.appendingPathComponent("specs").path

  static func spec(_ name: String) -> String { specs + "/\(name).yaml" }

  /// Every timeline of the four seed scenes (nil: the autoplay ones).
  static let seedTimelines: [(spec: String, timeline: String?)] = [
    ("like-button", "like"), ("like-button", "unlike"), ("shake-button", nil), ("shoot-button", "press"),
    ("shoot-button", "pulse"), ("shoot-button", "release"), ("submit-button", "shrink"),
    ("submit-button", "progress"), ("submit-button", "expand"),
  ]

  /// The seed timelines and the example scenes' (the replicator's spinner), for the exports every consumer draws
  /// alike: rsvg, rlottie 0.1, the preview page. Not the PyPI players' comparison: in rlottie 0.2 each layer drawn
  /// with an opacity below 100 % lowers the alpha already on the whole canvas by one level, so the spinner's 24
  /// layers leave its opaque bar at 244/255 (docs/exports.md, "Players").
  static let exampleTimelines: [(spec: String, timeline: String?)] = seedTimelines + [("activity-indicator", nil)]
}

/// Lottie frames against the SVG export: the frames a test looks at, the SVG frame's pixels, and the interior-pixel
/// comparison every player's frames go through.
enum FrameComparison {
  /// Frames 0, ¼, ½, ¾ and the last of a Lottie document as its players number them (from its `ip`, which is
  /// the scene time `inFrame / 60`: an endless loop's start), and the zoom that gives thin strokes (the
  /// magnifier's 2 points) interior pixels: the shorter side at least about 160 pixels.
  static func plan(_ document: [String: Any]) -> (frames: [Int], inFrame: Int, scale: Int, width: Int, height: Int) {
    let inFrame = (document["ip"] as? NSNumber)?.intValue ?? 0
    let lastFrame = ((document["op"] as? NSNumber)?.intValue ?? 1) - 1 - inFrame
    let w = (document["w"] as? NSNumber)?.intValue ?? 1
    let h = (document["h"] as? NSNumber)?.intValue ?? 1
    let scale = max(1, min(4, Int((160.0 / Double(max(1, min(w, h)))).rounded(.up))))
    let frames = Set([0, lastFrame / 4, lastFrame / 2, 3 * lastFrame / 4, lastFrame]).sorted()
    return (frames, inFrame, scale, w * scale, h * scale)
  }

  /// scenec's SVG of `spec` at `frame` (60 fps), text removed, rendered by rsvg-convert at `scale`.
  static func svgFrame(
    spec: String, timeline: String?, extra: [String] = [], frame: Int, scale: Int, folder: URL, rsvg: String,
    probe: String
  ) throws -> ExportTools.Pixels {
    let run = CLI.run(
      ["export", "svg", spec, "--at", "\(Double(frame) / 60)"] + (timeline.map { ["--timeline", $0] } ?? []) + extra)
    try #require(run.status == 0, "\(run.standardError)")
    let withoutText = run.standardOutput.replacingOccurrences(
      of: "<text[^\n]*</text>", with: "", options: .regularExpression)
    let svgFile = folder.appendingPathComponent("frame.svg").path
    let pngFile = folder.appendingPathComponent("frame.png").path
    let dump = folder.appendingPathComponent("frame.rgba").path
    try withoutText.write(toFile: svgFile, atomically: true, encoding: .utf8)
    let rasterised = try #require(ExportTools.run(rsvg, ["--zoom", "\(scale)", "-o", pngFile, svgFile]))
    try #require(rasterised.status == 0, "rsvg-convert: \(rasterised.standardError)")
    try #require(ExportTools.run(probe, ["dump-png", pngFile, dump])?.status == 0)
    return try #require(ExportTools.Pixels(file: dump))
  }

  /// What a comparison found: interior pixels compared, those painted, the largest channel difference, and the
  /// first few pixels off by more than the tolerance.
  struct Tally {
    var compared = 0
    var painted = 0
    var worst = 0
    var mismatches: [String] = []
    var mismatchCount = 0

    /// Adds one frame's tally to this total, keeping the frame's first two mismatches.
    mutating func add(_ frame: Tally) {
      compared += frame.compared
      painted += frame.painted
      worst = max(worst, frame.worst)
      mismatchCount += frame.mismatchCount
      mismatches += frame.mismatches.prefix(2)
    }
  }

  /// Interior pixels (5×5 neighbourhoods uniform within 2/255 in both pictures: anti-aliased edges differ between
  /// rasterisers) must agree within 3/255 per premultiplied channel.
  static let tolerance = 3

  /// Where the SVG frame is interior, at every `step`-th pixel of every `step`-th row (computed once per frame,
  /// shared by every player compared with it).
  struct Interior {
    var step: Int
    var points: [(x: Int, y: Int)] = []

    init(_ svg: ExportTools.Pixels, step: Int = 1) {
      self.step = step
      for y in stride(from: 2, to: svg.height - 2, by: step) {
        for x in stride(from: 2, to: svg.width - 2, by: step) where svg.isInterior(x, y, radius: 2, tolerance: 2) {
          points.append((x, y))
        }
      }
    }
  }

  static func compare(
    _ svg: ExportTools.Pixels, _ rendered: ExportTools.Pixels, interior: Interior? = nil, label: String,
    into tally: inout Tally
  ) {
    guard svg.width == rendered.width && svg.height == rendered.height else {
      tally.mismatchCount += 1
      tally.mismatches.append("\(label): \(rendered.width)×\(rendered.height), not \(svg.width)×\(svg.height)")
      return
    }
    for (x, y) in (interior ?? Interior(svg)).points where rendered.isInterior(x, y, radius: 2, tolerance: 2) {
      let a = svg.premultiplied(x, y)
      let b = rendered.premultiplied(x, y)
      tally.compared += 1
      if a[3] > 0 { tally.painted += 1 }
      let difference = zip(a, b).map { abs($0 - $1) }.max() ?? 0
      tally.worst = max(tally.worst, difference)
      if difference > tolerance {
        tally.mismatchCount += 1
        if tally.mismatches.count < 5 { tally.mismatches.append("\(label) (\(x), \(y)): svg \(a) player \(b)") }
      }
    }
  }
}
