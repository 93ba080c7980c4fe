import SceneCore
import SceneRuntime

/// `scenec export lottie SPEC [--strict]`: Lottie JSON of the span (`LottieExporter`).
public struct LottieSceneExporter: SceneExporter {
  public struct Settings {
    public init() {}
  }

  /// The document's frames per second (`fr`); keyframe times count in its frames.
  public var frameRate: Double

  public init(frameRate: Double = LottieExporter.defaultFrameRate) { self.frameRate = frameRate }

  public var name: String { "lottie" }
  public var summary: String { "Lottie JSON (Bodymovin 5.x) of the span" }
  public var usage: String { "export lottie SPEC [-o FILE.json] [--strict]" }
  public var fileExtensions: [String] { ["json"] }
  public var options: [ExportOption] { [ExportOption("--duration"), .flag("--strict")] }
  public var exportsSpan: Bool { true }
  public var idleVerb: String? { "exporting" }

  public var help: String {
    """
    scenec export lottie SPEC [-o FILE] [--strict]
        Lottie JSON (Bodymovin 5.x, 60 fps) of the span above: shape layers with parenting, transforms, paths,
        fills, strokes, trim paths, backgrounds and borders as rectangles, masks as track mattes; keyframes with
        per-segment Bézier easing, hold keyframes, repeats and reversals expanded; what keyframes cannot express
        (springs, cubic keyframes, composed curves) is sampled every frame and simplified to within 1/1000 of
        the value's range. Whatever Lottie (or rlottie) cannot show is a warning W09xx on standard error;
        --strict makes warnings fail (exit 1, nothing written).
    """
  }

  public func settings(from options: ExportOptions) throws(ExportFailure) -> Settings { Settings() }

  public func refusal(plan: Plan, limits: ExportLimits) -> String? {
    guard plan.layers.count > limits.maxLayers else { return nil }
    return "the scene has \(plan.layers.count) layer instances, more than a Lottie export takes "
      + "(--max-export-layers \(limits.maxLayers)); export fewer (repeat) or raise the limit"
  }

  public func export(_ input: ExportInput, settings: Settings) throws(ExportFailure) -> ExportResult {
    let span = input.span ?? ExportSpan(end: 0, capped: false, endless: false)
    let export = LottieExporter.export(
      plan: input.plan, sample: input.sample, playing: input.playing, span: span, limits: input.limits,
      frameRate: frameRate)
    let text = export.failure == nil ? JSONWriter(style: .compact).string(from: export.json) + "\n" : ""
    return ExportResult(output: .text(text), warnings: export.warnings, failure: export.failure)
  }
}
