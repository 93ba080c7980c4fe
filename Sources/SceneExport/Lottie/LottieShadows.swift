import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A layer's shadow as Bodymovin's drop-shadow effect (`ef` entry of `ty` 25, After Effects' "Drop Shadow") on the
/// layer's precomposition, so that it is cast by the composited layer — background, content, sublayers, border —
/// as Core Animation casts it, in the layer's own space (an effect works before the layer's transform, as the
/// shadow turns and scales with a CALayer).
///
/// The effect's five values, as lottie-web's SVG renderer reads them: colour (r, g, b), opacity 0–255, direction
/// in degrees clockwise from up, distance, and softness, drawn as a Gaussian of σ = softness / 4. So: opacity =
/// 255 × shadowOpacity × the colour's alpha, (direction, distance) = shadowOffset in polar form, softness =
/// 4 × shadowRadius (σ = shadowRadius, as the SVG export blurs).
extension LottieBuild {
  /// Whether the layer casts a shadow at some instant of the export.
  func castsShadow(_ layer: Int) -> Bool {
    ever { SVGExporter.Shadow(LayerValues($0[layer])).isVisible }
  }

  /// The drop-shadow effect of `layer`, with its warnings; call only for a layer that casts a shadow.
  mutating func shadowEffect(_ layer: Int) -> JSONValue {
    let id = tree.id(layer)
    let inputs: [Input] = [.slots(layer, S.shadowColor..<(S.shadowOffset + 2))]
    let keyPaths = animatedKeyPaths(inputs)
    warnings.add(
      ExportDiagnostics.shadowEffect, layer: id, keyPath: keyPaths,
      "its shadow is a drop-shadow layer effect, outside the Lottie standard: ThorVG draws it, lottie-web's SVG "
        + "renderer cuts it at the layer's bounding box, its canvas renderer and rlottie draw none")
    if plan.layers.styles[layer].shadowPath != nil {
      let tracks = plan.tracks
      let animated = tracks.keyPaths.indices.contains {
        tracks.layers[$0] == layer && tracks.keyPaths[$0] == PropertyName.shadowPath.rawValue
      }
      // An animated shadowPath loses its motion as well as its shape: the Lottie shadow keeps the layer's outline.
      warnings.add(
        ExportDiagnostics.shadowShape, layer: id, keyPath: animated ? PropertyName.shadowPath.rawValue : "",
        animated
          ? "Lottie's drop shadow follows the layer's alpha; its animated shadowPath is not used, so the shadow "
            + "neither takes that shape nor moves with it"
          : "Lottie's drop shadow follows the layer's alpha; its shadowPath is not used")
    }
    if tree.mask[layer] != nil || ever({ LayerValues($0[layer]).masksToBounds }) {
      warnings.add(
        ExportDiagnostics.shadowShape, layer: id, keyPath: "",
        "Lottie's drop shadow falls outside the layer's clip (masksToBounds or mask), which Core Animation also "
          + "clips the shadow with")
    }
    let color = animate(inputs, layer: layer, name: "shadow colour") { frames in
      let c = SVGExporter.Shadow(LayerValues(frames[layer])).color
      return [c.r, c.g, c.b, 1].map { min(max($0, 0), 1) }
    }
    let opacity = animate(inputs, layer: layer, name: "shadow opacity") { frames in
      [255 * SVGExporter.Shadow(LayerValues(frames[layer])).alpha]
    }
    let direction = animate(inputs, layer: layer, name: "shadow direction") { frames in
      let offset = SVGExporter.Shadow(LayerValues(frames[layer])).offset
      // Degrees clockwise from up (y down): lottie-web moves by distance · (cos, sin)(direction − 90°).
      return [offset == (0, 0) ? 180 : atan2(offset.dy, offset.dx) * 180 / Double.pi + 90]
    }
    let distance = animate(inputs, layer: layer, name: "shadow distance") { frames in
      let offset = SVGExporter.Shadow(LayerValues(frames[layer])).offset
      return [(offset.dx * offset.dx + offset.dy * offset.dy).squareRoot()]
    }
    let softness = animate(inputs, layer: layer, name: "shadow softness") { frames in
      [4 * SVGExporter.Shadow(LayerValues(frames[layer])).blur]
    }
    func value(_ type: Int, _ name: String, _ index: Int, _ v: JSONValue) -> JSONValue {
      [
        "ty": .number(Double(type)), "nm": .string(name), "mn": .string("ADBE Drop Shadow-000\(index)"),
        "ix": .number(Double(index)), "v": v,
      ]
    }
    return [
      "ty": 25, "nm": "Drop Shadow", "np": 8, "mn": "ADBE Drop Shadow", "ix": 1, "en": 1,
      "ef": [
        value(2, "Shadow Color", 1, LottieJSON.vector(color)), value(0, "Opacity", 2, LottieJSON.scalar(opacity)),
        value(1, "Direction", 3, LottieJSON.scalar(direction)), value(0, "Distance", 4, LottieJSON.scalar(distance)),
        value(0, "Softness", 5, LottieJSON.scalar(softness)),
        value(7, "Shadow Only", 6, LottieJSON.staticValue(0)),
      ],
    ]
  }

  /// The union over the export of the canvas (with a 1-point margin) seen in `layer`'s coordinates: a
  /// precomposition this large cuts nothing the canvas shows. The canvas itself where a matrix cannot be inverted.
  mutating func canvasReach(_ layer: Int) -> Rect {
    let w = plan.width
    let h = plan.height
    var low = Point(Double.infinity, Double.infinity)
    var high = Point(-Double.infinity, -Double.infinity)
    for time in checkTimes {
      let frames = cache.frames(at: time)
      var matrix = SceneCore.AffineTransform.identity
      for member in [layer] + tree.ancestors(of: layer) {
        matrix = matrix.concatenating(LayerMatrix.local(frames[member].values))
      }
      guard let inverse = matrix.inverted() else { continue }
      for corner in [Point(-1, -1), Point(w + 1, -1), Point(w + 1, h + 1), Point(-1, h + 1)] {
        let point = inverse.apply(to: corner)
        guard point.x.isFinite, point.y.isFinite else { continue }
        low = Point(min(low.x, point.x), min(low.y, point.y))
        high = Point(max(high.x, point.x), max(high.y, point.y))
      }
    }
    guard low.x <= high.x, low.y <= high.y else { return Rect(x: -1, y: -1, width: w + 2, height: h + 2) }
    let x = low.x.rounded(.down)
    let y = low.y.rounded(.down)
    return Rect(x: x, y: y, width: max(high.x.rounded(.up) - x, 1), height: max(high.y.rounded(.up) - y, 1))
  }
}
