import SceneRuntime

/// `scenec export svg SPEC --at T`: the presentation state at one time as a static SVG (`SVGExporter`).
public struct SVGSceneExporter: SVGDrawingExporter {
  public struct Settings {
    public var time: Double
    /// The canvas fill, or nil for transparent (`--background none` or not given).
    public var background: String?

    public init(time: Double, background: String? = nil) {
      self.time = time
      self.background = background
    }
  }

  public init() {}

  public var name: String { "svg" }
  public var summary: String { "the presentation state at one time as a static SVG (or PNG)" }
  public var usage: String { "export svg SPEC --at T [-o FILE.svg|.png]" }
  public var fileExtensions: [String] { ["svg", "png"] }
  public var options: [ExportOption] { [ExportOption("--at"), ExportOption("--background"), .flag("--png")] }
  public var exportsSpan: Bool { false }
  public var idleVerb: String? { nil }

  public var help: String {
    """
    scenec export svg SPEC --at T [-o FILE]
        The presentation state at T seconds as a static SVG of the scene's size: layer transforms about the
        anchor point, backgrounds, borders, corner radii, masksToBounds clips, masks, group opacity, shape fills
        and strokes (caps, joins, dashes, strokeStart/strokeEnd) and text. -o FILE.png (or --png) rasterises it.
    """
  }

  public func settings(from options: ExportOptions) throws(ExportFailure) -> Settings {
    guard let time = try options.number("--at") else { throw .usage("export svg needs --at T (seconds)") }
    return Settings(time: time, background: options.value("--background").flatMap { $0 == "none" ? nil : $0 })
  }

  public func export(_ input: ExportInput, settings: Settings) throws(ExportFailure) -> ExportResult {
    let export = SVGExporter.export(
      plan: input.plan, frames: input.sample(settings.time), time: settings.time, background: settings.background)
    return ExportResult(output: .text(export.svg), warnings: export.warnings)
  }
}
