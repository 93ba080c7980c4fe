import SceneCore
import SceneDiagnostics
import SceneModel

extension Linter {
  /// W0126: a radial gradient whose ellipse has no width or no height — its start and end points share an x or a
  /// y, as the default points (0.5, 0) and (0.5, 1) do — draws only its last colour, and no timeline or state
  /// moves the points.
  func checkFlatRadialGradients(pointsAnimated: Set<Int>) {
    var reported = Set<String>()
    // By index: `for layer in scene.layers` copies (retains) every field of every layer.
    for index in scene.layers.indices where scene.layers[index].type == .gradient {
      let layer = scene.layers[index]
      guard layer.style.gradientType == .radial, !layer.colors.isEmpty, !pointsAnimated.contains(index) else {
        continue
      }
      let start = SlotLayout.startPoint
      let end = SlotLayout.endPoint
      let flatX = scene.value(start, of: index) == scene.value(end, of: index)
      let flatY = scene.value(start + 1, of: index) == scene.value(end + 1, of: index)
      guard flatX || flatY, reported.insert(layer.baseID).inserted else { continue }
      context.error(
        LintDiagnostics.flatRadialGradient,
        "the radial gradient of '\(layer.baseID)' has an ellipse of no \(flatX ? "width" : "height"), so it shows "
          + "only its last colour",
        at: layer.idSpan,
        notes: [
          "a radial gradient is an ellipse centred on startPoint whose half axes are endPoint − startPoint in x and y"
        ],
        help: "centre it and reach a corner: `startPoint: [0.5, 0.5]`, `endPoint: [1, 1]`")
    }
  }

  /// The layers whose `startPoint` or `endPoint` a timeline animates or a state poses.
  func layersWithAnimatedGradientPoints() -> Set<Int> {
    var layers = Set<Int>()
    func isPoint(_ property: PropertyName?) -> Bool { property == .startPoint || property == .endPoint }
    for use in uses where isPoint(use.use.property) { layers.insert(use.use.layer) }
    for states in posesByLayer() {
      for (layer, pose) in states where pose.contains(where: { isPoint($0.keyPath.propertyKey) }) {
        layers.insert(layer)
      }
    }
    return layers
  }
}
