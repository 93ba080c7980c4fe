import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A gradient layer's content in Lottie: its rounded bounds filled with a gradient fill (`gf`). Lottie's gradient
/// fill is linear (`t: 1`) or radial (`t: 2`, a circle: centre `s`, a point of its rim `e`); its colours are
/// `g.k`: per stop its offset and r, g, b, then, when some stop is ever translucent, per stop its offset and
/// alpha (the Bodymovin layout lottie-web, rlottie and ThorVG read). A conic gradient, or a radial one whose
/// ellipse is not a circle, has no Lottie form: W0931, and the nearest one is written.
extension LottieBuild {
  mutating func gradientGroup(_ layer: Int) -> JSONValue? {
    guard plan.layers.types[layer] == .gradient else { return nil }
    let type = plan.layers.styles[layer].gradientType
    let stops = plan.layers.listNumbers(of: layer).count / ListLayout.numbersPerStop
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.bounds.width != 0 && v.bounds.height != 0
        && GradientGeometry(type: type, frame: frames[layer]).isVisible
    }
    guard shows, stops > 0 else { return nil }
    let id = tree.id(layer)
    if type == .conic {
      warnings.add(
        ExportDiagnostics.gradientInLottie, layer: id, keyPath: "gradientType",
        "Lottie has no conic gradient; it is written as a linear one from the start point towards the end point")
    } else if type == .radial, ever({ GradientGeometry(type: type, frame: $0[layer]).isElliptical }) {
      warnings.add(
        ExportDiagnostics.gradientInLottie, layer: id, keyPath: "endPoint",
        "the radial gradient's ellipse is not a circle, and Lottie's radial gradient is; the circle of the larger "
          + "half axis is written")
    }
    let points: [Input] = [
      .slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.startPoint..<(S.startPoint + 2)),
      .slots(layer, S.endPoint..<(S.endPoint + 2)),
    ]
    let start = animate(points, layer: layer, name: "gradient start") { frames in
      let geometry = GradientGeometry(type: type, frame: frames[layer])
      return [geometry.start.x, geometry.start.y]
    }
    let end = animate(points, layer: layer, name: "gradient end") { frames in
      let geometry = GradientGeometry(type: type, frame: frames[layer])
      guard type == .radial else { return [geometry.end.x, geometry.end.y] }
      let (rx, ry) = geometry.radii
      return [geometry.start.x + max(rx, ry), geometry.start.y]
    }
    let translucent = ever { frames in
      GradientGeometry(type: type, frame: frames[layer]).colors.contains { $0.alpha < 1 }
    }
    let colors = animate([.path(layer)], layer: layer, name: "gradient colours") { frames in
      let geometry = GradientGeometry(type: type, frame: frames[layer])
      var numbers: [Double] = []
      for (location, color) in zip(geometry.locations, geometry.colors) {
        numbers += [location] + [color.r, color.g, color.b].map { min(max($0, 0), 1) }
      }
      if translucent {
        for (location, color) in zip(geometry.locations, geometry.colors) { numbers += [location, color.alpha] }
      }
      return numbers
    }
    let rect = boundsRect(layer, inner: false, name: "gradient")
    var fill: [(String, JSONValue)] = [
      ("ty", "gf"), ("nm", "gradient"), ("o", LottieJSON.staticValue(100)), ("r", 1),
      ("t", .number(type == .radial ? 2 : 1)), ("s", LottieJSON.vector(start)), ("e", LottieJSON.vector(end)),
      ("g", ["p": .number(Double(stops)), "k": LottieJSON.vector(colors)]),
    ]
    if type == .radial { fill += [("h", LottieJSON.staticValue(0)), ("a", LottieJSON.staticValue(0))] }
    return LottieJSON.group("gradient", [rect, .object(fill)])
  }
}
