import SceneRuntime

/// `scenec export filmstrip SPEC (--frames N | --fps F)`: frames side by side in one SVG (`Filmstrip`).
public struct FilmstripSceneExporter: SVGDrawingExporter {
  public struct Settings {
    public var count: Int?
    public var fps: Double?
    public var columns: Int?
    public var scale: Double?
    /// `--background`: nil when not given; `.some(nil)` for `none`.
    public var background: String??

    public init(
      count: Int? = nil, fps: Double? = nil, columns: Int? = nil, scale: Double? = nil, background: String?? = nil
    ) {
      self.count = count
      self.fps = fps
      self.columns = columns
      self.scale = scale
      self.background = background
    }
  }

  /// The most frames one filmstrip shows.
  public static let maxFrames = 1000

  public init() {}

  public var name: String { "filmstrip" }
  public var summary: String { "frames side by side, each labelled with its time, in one SVG (or PNG)" }
  public var usage: String { "export filmstrip SPEC (--frames N | --fps F) [-o FILE.svg|.png]" }
  public var fileExtensions: [String] { ["svg", "png"] }
  public var exportsSpan: Bool { true }
  public var idleVerb: String? { "showing" }
  public var options: [ExportOption] {
    ["--frames", "--fps", "--duration", "--columns", "--scale", "--background"].map { ExportOption($0) }
      + [.flag("--png")]
  }

  public var help: String {
    """
    scenec export filmstrip SPEC (--frames N | --fps F) [-o FILE]
        Frames side by side, each labelled with its time, in one SVG (rows wrap). --frames N: N instants from
        the start to the end of the span, both included; --fps F: every 1/F s. The span runs from 0 to the end
        of the last playing animation; endless ones show one common period of everything that repeats, from the
        moment all have begun (frames first and last alike), capped at 10 s (W0910) when there is none of at
        most 60 s; --duration S sets it (from 0).
        --columns C frames per row, --scale K size of each frame, --background COLOR|none behind each frame.
    """
  }

  /// `--frames N` draws N frames however long the span: only the frame limit cuts it (W0912 said "the limit of
  /// 500000 layer states" for 2 frames of 10,000 layers).
  public func spanLayerStates(plan: Plan, settings: Settings) -> Int {
    settings.fps == nil ? 1 : layerStates(plan: plan)
  }

  public func settings(from options: ExportOptions) throws(ExportFailure) -> Settings {
    let count = try options.integer("--frames")
    let fps = try options.number("--fps")
    if count != nil && fps != nil { throw .usage("give either --frames N or --fps F") }
    if let fps, fps <= 0 { throw .usage("--fps needs a positive number") }
    if let count, count > Self.maxFrames { throw .usage("--frames: at most \(Self.maxFrames) frames") }
    let columns = try options.integer("--columns")
    let scale = try options.number("--scale")
    if let scale, !(scale > 0 && scale <= 16) { throw .usage("--scale needs a number in (0, 16]") }
    let background = options.value("--background").map { $0 == "none" ? nil : $0 }
    return Settings(count: count, fps: fps, columns: columns, scale: scale, background: background)
  }

  public func spanReport(_ span: ExportSpan, plan: Plan, limits: ExportLimits) -> ExportSpanReport {
    var report = ExportSpanReport()
    // Cut short of the frame limit: the samples limit did it; at the frame limit (`--frames N`), that one.
    let reason = span.length < limits.longestSpan ? limitReason(plan: plan, limits: limits) : limits.reason(layers: 1)
    if let unlimited = span.unlimitedEnd {
      report.warnings.append(
        ExportWarning(
          ExportDiagnostics.exportLimited, layer: "", keyPath: "",
          "the timelines run to \(Filmstrip.label(unlimited)) s; the filmstrip stops at "
            + "\(Filmstrip.label(span.end)) s, \(reason)"
        ))
    }
    if span.capped {
      report.notes.append("scenec: note: \(span.cappedExplanation)")
    }
    return report
  }

  public func export(_ input: ExportInput, settings: Settings) throws(ExportFailure) -> ExportResult {
    let plan = input.plan
    let start = input.span?.start ?? 0
    let end = input.span?.end ?? 0
    let times: [Double]
    if let fps = settings.fps {
      times = Filmstrip.times(fps: fps, start: start, end: end)
      guard times.count <= Self.maxFrames else {
        throw .usage("--fps gives more than \(Self.maxFrames) frames; lower it or --duration")
      }
    } else {
      times = Filmstrip.times(count: settings.count ?? 8, start: start, end: end)
    }
    let limits = input.limits
    guard times.count <= limits.frames(layers: layerStates(plan: plan)) else {
      throw .usage(
        "\(times.count) frames of \(plan.layers.count) layers are more than an export may hold "
          + "(\(limitReason(plan: plan, limits: limits))); show fewer frames or raise the limit"
      )
    }
    var layout = Filmstrip.Layout.automatic(plan: plan, frameCount: times.count)
    if let columns = settings.columns { layout.columns = columns }
    if let scale = settings.scale { layout.scale = scale }
    if let background = settings.background { layout.frameBackground = background }
    let size = Filmstrip.size(plan: plan, frameCount: times.count, layout: layout)
    guard size.width.isFinite, size.height.isFinite else {
      throw .usage(
        "the filmstrip would be wider or taller than a number can say: a \(NumberFormatting.shortest(plan.width)) × "
          + "\(NumberFormatting.shortest(plan.height)) scene at --scale \(NumberFormatting.shortest(layout.scale)); "
          + "lower --scale or --columns")
    }
    let export = Filmstrip.export(plan: plan, times: times, layout: layout, sampling: { input.sample(times[$0]) })
    return ExportResult(output: .text(export.svg), warnings: export.warnings)
  }
}
