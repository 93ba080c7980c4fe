import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A Lottie export: the JSON document and what it could not carry.
public struct LottieExport {
  public var json: JSONValue
  public var warnings: [ExportWarning]
  /// Why the export failed (a limit was hit; nothing should be written), else nil.
  public var failure: String?
}

/// Scene → Lottie JSON (Bodymovin 5.x, as the Lottie Animation Community specification describes it).
/// docs/exports.md, "Lottie", tells what maps to what.
public enum LottieExporter {
  /// The frame rate of an export that names none (Lottie's usual 60).
  public static let defaultFrameRate = KeyframeBuilder.defaultFrameRate

  /// - Parameters:
  ///   - sample: the presentation state at a scene time.
  ///   - playing: the timelines that play (their tracks give exact keyframes); nil for a replay of the scene's
  ///     states, which is sampled every frame and simplified.
  ///   - span: the exported time range: keyframes from 0 to `span.end`, played (`ip`, `op`) from `span.start`.
  ///   - limits: the keyframe limit (the frame limit is already in `span`, `ExportSpan.limited(to:)`).
  ///   - frameRate: the document's frames per second; keyframes are checked, and sampled parts taken, at each.
  public static func export(
    plan: Plan, sample: @escaping (Double) -> [LayerFrame], playing: [Int]?, span: ExportSpan,
    limits: ExportLimits = ExportLimits(), frameRate: Double = LottieExporter.defaultFrameRate
  ) -> LottieExport {
    // Between frames a property is sampled for the layers it reads alone (`LayerSampler`): a replay's machine
    // has no such sampler, and its properties are sampled at the frames only.
    var layers = playing.map { LayerSampler(plan: plan, playing: $0) }
    let sampleLayers: ((Double, [Int]) -> [LayerFrame])? =
      layers == nil ? nil : { time, chosen in layers!.frames(at: time, layers: chosen) }
    let frames = KeyframeBuilder.frameTimes(end: max(span.end, 0), frameRate: frameRate)
    var build = LottieBuild(
      plan: plan, cache: FrameCache(sample, kept: frames, sampleLayers: sampleLayers), playing: playing,
      start: span.start, end: span.end, maxKeyframes: limits.maxKeyframes, frameRate: frameRate)
    if let unlimited = span.unlimitedEnd {
      build.warnings.add(
        ExportDiagnostics.exportLimited, layer: "", keyPath: "",
        "the export would last \(MessageNumber.text(unlimited)) s; it stops at "
          + "\(MessageNumber.text(span.end)) s, \(limits.reason(layers: plan.layers.count))")
    }
    if span.capped {
      build.warnings.add(
        ExportDiagnostics.endlessCapped, layer: "", keyPath: "",
        span.cappedExplanation)
    }
    let json = build.document()
    guard !build.keyframesOverLimit else {
      return LottieExport(
        json: [:], warnings: build.warnings.sorted,
        failure: "the export needs more than \(limits.maxKeyframes) keyframes (--max-export-keyframes); shorten it "
          + "(--duration) or raise the limit")
    }
    return LottieExport(json: json, warnings: build.warnings.sorted, failure: nil)
  }
}
