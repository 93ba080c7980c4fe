import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A gradient layer's content in SVG: the bounds, rounded by `cornerRadius` (CAGradientLayer fills the layer's
/// shape), filled with a `linearGradient` or `radialGradient` in the layer's coordinates (`userSpaceOnUse`, so the
/// points are exactly the layer's), or, for a conic gradient, which SVG lacks, with solid sectors (W0930).
extension SVGExporter {
  func gradientPaint(_ index: Int) -> GradientGeometry {
    GradientGeometry(
      type: tree.plan.layers.styles[index].gradientType, frame: frames[index],
      shadowCount: tree.plan.layers.shadowPathCount(of: index))
  }

  mutating func gradient(_ index: Int, _ values: LayerValues, white: Bool, indent: String) -> [String] {
    let geometry = gradientPaint(index)
    let bounds = values.bounds.standardized
    guard geometry.isVisible, bounds.width > 0, bounds.height > 0 else { return [] }
    let radius = RoundedRect.radius(values.cornerRadius, in: bounds)
    let outline = SVGMarkup.roundedRectPath(bounds, radius: radius)
    if geometry.type == .conic {
      return conicSectors(index, geometry, outline: outline, bounds: bounds, white: white, indent: indent)
    }
    if geometry.type == .radial, geometry.minorRadius(to: layerToCanvas(index)) < GradientGeometry.flatRadius {
      // A flat ellipse leaves every point past its rim, in the last colour, as Core Animation draws it; a gradient
      // of (nearly) no width is not written, since rsvg-convert fails on it ("NoMemory").
      let color = geometry.color(at: 1)
      return SVGMarkup.element(
        "path",
        [
          ("d", outline), ("fill", white ? "#ffffff" : color.hex),
          ("fill-opacity", color.alpha < 1 ? SVGMarkup.number(color.alpha) : nil),
        ], indent: indent)
    }
    let id = SVGMarkup.id("gradient", tree.id(index), prefix: idPrefix)
    definitions += gradientDefinition(id: id, geometry, white: white)
    return SVGMarkup.element("path", [("d", outline), ("fill", "url(#\(id))")], indent: indent)
  }

  private func stops(_ geometry: GradientGeometry, white: Bool) -> [String] {
    zip(geometry.locations, geometry.colors).flatMap { location, color in
      SVGMarkup.element(
        "stop",
        [
          ("offset", SVGMarkup.number(location)), ("stop-color", white ? "#ffffff" : color.hex),
          ("stop-opacity", color.alpha < 1 ? SVGMarkup.number(color.alpha) : nil),
        ], indent: "      ")
    }
  }

  private func gradientDefinition(id: String, _ geometry: GradientGeometry, white: Bool) -> [String] {
    let n = SVGMarkup.number
    let stops = self.stops(geometry, white: white)
    if geometry.type == .axial {
      return SVGMarkup.element(
        "linearGradient",
        [
          ("id", id), ("gradientUnits", "userSpaceOnUse"), ("x1", n(geometry.start.x)), ("y1", n(geometry.start.y)),
          ("x2", n(geometry.end.x)), ("y2", n(geometry.end.y)),
        ], children: stops, indent: "    ")
    }
    // A unit circle at the origin mapped onto the ellipse (a flat one is a solid fill, `gradient`).
    let (rx, ry) = geometry.radii
    let transform = "matrix(\(n(rx)) 0 0 \(n(ry)) \(n(geometry.start.x)) \(n(geometry.start.y)))"
    return SVGMarkup.element(
      "radialGradient",
      [
        ("id", id), ("gradientUnits", "userSpaceOnUse"), ("cx", "0"), ("cy", "0"), ("r", "1"),
        ("gradientTransform", transform),
      ], children: stops, indent: "    ")
  }

  /// `GradientSectors.count` wedges from the centre past the bounds, each the colour at its middle angle, drawn
  /// an opaque one half a sector longer than its own angle so that no seam shows between neighbours; clipped to the
  /// outline.
  private mutating func conicSectors(
    _ index: Int, _ geometry: GradientGeometry, outline: String, bounds: Rect, white: Bool, indent: String
  ) -> [String] {
    warnings.add(
      ExportDiagnostics.conicInSVG, layer: tree.id(index), keyPath: "gradientType",
      "SVG has no conic gradient; it is drawn as \(GradientSectors.count) solid sectors")
    let n = SVGMarkup.number
    let c = geometry.start
    let corners = [
      Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY), Point(bounds.maxX, bounds.maxY),
      Point(bounds.minX, bounds.maxY),
    ]
    let reach = 2 * (corners.map { hypot($0.x - c.x, $0.y - c.y) }.max() ?? 0) + 1
    let count = GradientSectors.count
    let step = 2 * Double.pi / Double(count)
    var wedges: [String] = []
    for sector in 0..<count {
      let from = geometry.conicAngle + Double(sector) * step
      let color = geometry.color(at: (Double(sector) + 0.5) / Double(count))
      guard color.isVisible else { continue }
      // Overlapping translucent sectors would darken where they overlap.
      let to = from + step * (color.alpha >= 1 ? 1.5 : 1)
      let a = Point(c.x + reach * cos(from), c.y + reach * sin(from))
      let b = Point(c.x + reach * cos(to), c.y + reach * sin(to))
      let data = "M\(n(c.x)) \(n(c.y)) L\(n(a.x)) \(n(a.y)) L\(n(b.x)) \(n(b.y)) Z"
      wedges += SVGMarkup.element(
        "path",
        [
          ("d", data), ("fill", white ? "#ffffff" : color.hex),
          ("fill-opacity", color.alpha < 1 ? n(color.alpha) : nil),
        ], indent: indent + "  ")
    }
    let id = SVGMarkup.id("gradient", tree.id(index), prefix: idPrefix)
    definitions += SVGMarkup.element(
      "clipPath", [("id", id)], children: SVGMarkup.element("path", [("d", outline)], indent: "      "),
      indent: "    ")
    return SVGMarkup.element("g", [("clip-path", "url(#\(id))")], children: wedges, indent: indent)
  }
}
