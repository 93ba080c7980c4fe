import SceneCore
import SceneDiagnostics
import SceneRuntime

/// What one frame of a scene costs the SVG exports (`svg`, `filmstrip`, `video`), in the layer states
/// `--max-export-samples` counts: one per layer instance, but a conic gradient layer, which SVG lacks, is drawn as
/// `GradientSectors.count` sectors and counts as that many. 100,000 conic layers (within the layer limit) made one
/// SVG of 890 MB in 45 s and 3.5 GB; counted so, they are refused, or get fewer frames, like a scene of as many
/// layers.
public enum SVGLayerStates {
  public static func perFrame(_ plan: Plan) -> Int {
    let layers = plan.layers
    var states = 0
    for index in 0..<layers.count {
      let conic = layers.types[index] == .gradient && layers.styles[index].gradientType == .conic
      states += conic ? GradientSectors.count : 1
    }
    return states
  }

  /// Why one frame is already more than `limits` allow, or nil.
  public static func refusal(plan: Plan, limits: ExportLimits) -> String? {
    let states = perFrame(plan)
    guard states > limits.maxSamples else { return nil }
    return "one frame of this scene draws \(states) layer states in SVG (\(plan.layers.count) layers, a conic "
      + "gradient counting as its \(GradientSectors.count) sectors), more than an export may hold "
      + "(--max-export-samples, \(limits.maxSamples)); raise the limit if it is meant"
  }
}

/// An exporter that draws its frames as SVG (`svg`, `filmstrip`, `video`): a frame costs `SVGLayerStates`, and one
/// frame past the samples limit is refused.
public protocol SVGDrawingExporter: SceneExporter {}

extension SVGDrawingExporter {
  public func layerStates(plan: Plan) -> Int { SVGLayerStates.perFrame(plan) }

  public func refusal(plan: Plan, limits: ExportLimits) -> String? {
    SVGLayerStates.refusal(plan: plan, limits: limits)
  }
}
