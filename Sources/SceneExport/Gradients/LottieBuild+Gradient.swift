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
    let stops = plan.layers.listRange(of: .locations, layer: layer)!.count
    let shadowCount = plan.layers.shadowPathCount(of: layer)
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.bounds.width != 0 && v.bounds.height != 0
        && GradientGeometry(type: type, frame: frames[layer], shadowCount: shadowCount).isVisible
    }
    guard shows, stops > 0 else { return nil }
    let id = tree.id(layer)
    if type == .conic {
      warnings.add(
        ExportDiagnostics.gradientInLottie, layer: id, keyPath: "gradientType",
        "Lottie has no conic gradient; it is written as a linear one from the start point towards the end point")
    } else if type == .radial,
      ever({ GradientGeometry(type: type, frame: $0[layer], shadowCount: shadowCount).isElliptical })
    {
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
      let geometry = GradientGeometry(type: type, frame: frames[layer], shadowCount: shadowCount)
      return [geometry.start.x, geometry.start.y]
    }
    let end = animate(points, layer: layer, name: "gradient end") { frames in
      let geometry = GradientGeometry(type: type, frame: frames[layer], shadowCount: shadowCount)
      guard type == .radial else { return [geometry.end.x, geometry.end.y] }
      let (rx, ry) = geometry.radii
      return [geometry.start.x + max(rx, ry), geometry.start.y]
    }
    let translucent = ever { frames in
      GradientGeometry(type: type, frame: frames[layer], shadowCount: shadowCount).colors.contains { $0.alpha < 1 }
    }
    // Core Animation (and SVG) interpolate unpremultiplied colours; rlottie interpolates premultiplied, which
    // pulls a colour fading to clear towards the other stop's. Stops a quarter of a segment apart keep the two
    // within a few levels of each other (ExportGradientTests).
    let split = translucent ? Self.gradientSplit : 1
    let colors = animate([.path(layer)], layer: layer, name: "gradient colours") { frames in
      let stops = Self.substops(
        GradientGeometry(type: type, frame: frames[layer], shadowCount: shadowCount), split: split)
      var numbers: [Double] = []
      for (location, color) in stops {
        numbers += [location] + [color.r, color.g, color.b].map { min(max($0, 0), 1) }
      }
      if translucent {
        for (location, color) in stops { numbers += [location, color.alpha] }
      }
      return numbers
    }
    let rect = boundsRect(layer, inner: false, name: "gradient")
    var fill: [(String, JSONValue)] = [
      ("ty", "gf"), ("nm", "gradient"), ("o", LottieJSON.staticValue(100)), ("r", 1),
      ("t", .number(type == .radial ? 2 : 1)), ("s", LottieJSON.vector(start)), ("e", LottieJSON.vector(end)),
      ("g", ["p": .number(Double((stops - 1) * split + 1)), "k": LottieJSON.vector(colors)]),
    ]
    if type == .radial { fill += [("h", LottieJSON.staticValue(0)), ("a", LottieJSON.staticValue(0))] }
    return LottieJSON.group("gradient", [rect, .object(fill)])
  }

  /// Into how many pieces a translucent gradient's segments are split for Lottie.
  static let gradientSplit = 4

  /// The stops with `split − 1` more between each neighbouring pair, interpolated as Core Animation does.
  static func substops(_ geometry: GradientGeometry, split: Int) -> [(Double, RGBA)] {
    let stops = Array(zip(geometry.locations, geometry.colors))
    guard split > 1, stops.count > 1 else { return stops }
    var result: [(Double, RGBA)] = []
    for index in 1..<stops.count {
      let (l0, a) = stops[index - 1]
      let (l1, b) = stops[index]
      for piece in 0..<split {
        let s = Double(piece) / Double(split)
        result.append(
          (
            l0 + (l1 - l0) * s,
            RGBA(a.r + (b.r - a.r) * s, a.g + (b.g - a.g) * s, a.b + (b.b - a.b) * s, a.a + (b.a - a.a) * s)
          ))
      }
    }
    result.append(stops[stops.count - 1])
    return result
  }
}
