import SceneCore
import SceneDiagnostics
import SceneRuntime

/// `scenec export video SPEC -o OUT.gif|.apng|.webm|.mp4`: one `SVGExporter` document per frame of the span, which
/// the CLI rasterises and encodes (rsvg-convert and ffmpeg are tools of the CLI, not of this library).
public struct VideoSceneExporter: SVGDrawingExporter {
  public struct Settings {
    public var fps: Double
    public var scale: Double
    /// The canvas fill, or nil for transparent (`--background none` or not given).
    public var background: String?

    public init(fps: Double = VideoSceneExporter.defaultFPS, scale: Double = 1, background: String? = nil) {
      self.fps = fps
      self.scale = scale
      self.background = background
    }
  }

  public static let defaultFPS = 30.0
  public static let maxFPS = 120.0
  /// A frame every 100 s, the longest span an export holds by default: slower rates only stretch the one frame, and
  /// near 1e-9 ffmpeg's MP4 muxer refuses the duration (and cannot parse 1e-300 as a rate at all).
  public static let minFPS = 0.01

  public init() {}

  public var name: String { "video" }
  public var summary: String { "a moving picture of the span: GIF, APNG, WebM (VP9) or MP4 (H.264), via ffmpeg" }
  public var usage: String { "export video SPEC -o FILE.gif|.apng|.webm|.mp4 [--fps F] [--scale S]" }
  public var fileExtensions: [String] { ["gif", "apng", "webm", "mp4"] }
  public var writesFileOnly: Bool { true }
  public var exportsSpan: Bool { true }
  public var idleVerb: String? { "showing" }
  public var options: [ExportOption] {
    ["--fps", "--scale", "--duration", "--background"].map { ExportOption($0) }
  }

  public var help: String {
    """
    scenec export video SPEC -o FILE.gif|.apng|.webm|.mp4 [--fps F] [--scale S] [--duration S]
        The span above as a moving picture, one `export svg` frame every 1/F s (default 30, from 0.01 to 120)
        from its start, rasterised by rsvg-convert at S times the scene's size (default 1) and encoded by ffmpeg
        (Debian: ffmpeg): GIF with a palette made from the frames, APNG, WebM (VP9) or MP4 (H.264, yuv420p, padded
        to even sizes). The file's extension chooses; the same input gives the same GIF and APNG bytes.
        --background COLOR|none fills the canvas (MP4 and WebM have no transparency: none shows black there).
    """
  }

  public func settings(from options: ExportOptions) throws(ExportFailure) -> Settings {
    let fps = try options.number("--fps") ?? Self.defaultFPS
    guard fps >= Self.minFPS && fps <= Self.maxFPS else {
      throw .usage(
        "--fps needs a number from \(Self.minFPS) to \(Int(Self.maxFPS)), found \(NumberFormatting.shortest(fps))")
    }
    let scale = try options.number("--scale") ?? 1
    guard scale > 0 && scale <= 16 else { throw .usage("--scale needs a number in (0, 16]") }
    let background = options.value("--background").flatMap { $0 == "none" ? nil : $0 }
    return Settings(fps: fps, scale: scale, background: background)
  }

  /// The frame limit cuts the span as for Lottie (W0912); endless timelines without a common period stop at the
  /// cap (W0910).
  public func spanReport(_ span: ExportSpan, plan: Plan, limits: ExportLimits) -> ExportSpanReport {
    var report = ExportSpanReport()
    if let unlimited = span.unlimitedEnd {
      report.warnings.append(
        ExportWarning(
          ExportDiagnostics.exportLimited, layer: "", keyPath: "",
          "the export would last \(MessageNumber.text(unlimited)) s; it stops at "
            + "\(MessageNumber.text(span.end)) s, \(limitReason(plan: plan, limits: limits))"
        ))
    }
    if span.capped {
      report.warnings.append(
        ExportWarning(ExportDiagnostics.endlessCapped, layer: "", keyPath: "", span.cappedExplanation))
    }
    return report
  }

  /// Frame k shows time start + k/F for k from 0 while k/F is before the span's length (a loop's end is its start
  /// again), at least one frame; so the video lasts count/F s.
  public static func times(fps: Double, start: Double = 0, end: Double) -> [Double] {
    let count = max(1, Int(min(((end - start) * fps - 1e-6).rounded(.up), 1e7)))
    return (0..<count).map { start + Double($0) / fps }
  }

  public func export(_ input: ExportInput, settings: Settings) throws(ExportFailure) -> ExportResult {
    let plan = input.plan
    let times = Self.times(fps: settings.fps, start: input.span?.start ?? 0, end: input.span?.end ?? 0)
    let most = input.limits.frames(layers: layerStates(plan: plan))
    guard times.count <= most else {
      throw .usage(
        "\(times.count) frames of \(plan.layers.count) layers are more than an export may hold "
          + "(\(limitReason(plan: plan, limits: input.limits))); lower --fps or --duration, or raise the limit"
      )
    }
    var warnings = ExportWarnings()
    var documents: [String] = []
    documents.reserveCapacity(times.count)
    for time in times {
      let frame = SVGExporter.export(
        plan: plan, frames: input.sample(time), time: time, background: settings.background)
      documents.append(frame.svg)
      for warning in frame.warnings {
        warnings.add(warning.code, layer: warning.layer, keyPath: warning.keyPath, warning.message)
      }
    }
    let frames = SVGFrames(
      documents: documents, fps: settings.fps, width: Self.pixels(plan.width * settings.scale),
      height: Self.pixels(plan.height * settings.scale))
    return ExportResult(output: .frames(frames), warnings: warnings.sorted)
  }

  /// A picture's side in whole pixels: rounded, at least 1.
  static func pixels(_ length: Double) -> Int { max(1, Int(min(length.rounded(), 1e5))) }
}

/// The frames of a moving picture as SVG documents of the scene, each to be drawn at `width` × `height` pixels,
/// shown `fps` times a second.
public struct SVGFrames: Sendable {
  public var documents: [String]
  public var fps: Double
  public var width: Int
  public var height: Int

  public init(documents: [String], fps: Double, width: Int, height: Int) {
    self.documents = documents
    self.fps = fps
    self.width = width
    self.height = height
  }

  public var duration: Double { Double(documents.count) / fps }
}
