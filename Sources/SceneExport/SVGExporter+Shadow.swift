import SceneCore

/// A layer's shadow (CALayer.shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath) as SVG filters.
///
/// Core Animation casts the shadow of the layer's composited alpha — background, content, sublayers and border
/// together — or, when `shadowPath` is set, of that path filled, and draws it beneath the layer's content. Both
/// happen in the layer's own coordinates, so the filter is applied inside the layer's `<g>`: its transform moves,
/// turns and scales the shadow with the layer. `masksToBounds` clips the shadow with everything else, and so does a
/// mask: the shadow is built before either is applied.
///
/// Blur: CA calls `shadowRadius` the blur radius. CSS (Backgrounds 3, "shadow-blur") and canvas define a blur
/// radius B as a Gaussian of σ = B / 2, and the conversion designers use from a CSS-style (Sketch) shadow to a
/// CALayer is `shadowRadius = B / 2`; together σ = shadowRadius, which is the `stdDeviation` written here
/// (Grammar.md, Deviations: the factor is not confirmed by Apple).
extension SVGExporter {
  /// The shadow's numbers, read from a layer's sampled slots.
  struct Shadow {
    let color: RGBA
    let alpha: Double
    let blur: Double
    let offset: (dx: Double, dy: Double)

    init(_ values: LayerValues) {
      let v = values.v
      color = values.color(.shadowColor)
      alpha = min(max(v[SlotLayout.shadowOpacity], 0), 1) * color.alpha
      blur = max(v[SlotLayout.shadowRadius], 0)
      offset = (v[SlotLayout.shadowOffset], v[SlotLayout.shadowOffset + 1])
    }

    var isVisible: Bool { alpha > 0 }
  }

  /// `content` with layer `index`'s shadow beneath it; `content` alone when the layer casts none.
  mutating func shadowed(
    _ content: [String], of index: Int, _ values: LayerValues, white: Bool, indent: String
  ) -> [String] {
    let shadow = Shadow(values)
    guard shadow.isVisible else { return content }
    let id = SVGMarkup.id("shadow", tree.id(index), prefix: idPrefix)
    let flood = white ? "#ffffff" : shadow.color.hex
    var drawing: [String]
    // The shadowPath as sampled at this frame: its coordinates are the last of the layer's list numbers.
    if let shadowPath = tree.plan.layers.shadowPath(of: index, list: frames[index].path) {
      guard !shadowPath.isEmpty else { return content }
      if shadow.blur > 0 { definitions += filter(id, index: index, primitives: [blur(shadow, input: nil)]) }
      drawing =
        SVGMarkup.element(
          "path",
          [
            ("d", SVGMarkup.pathData(shadowPath)), ("transform", translate(shadow)), ("fill", flood),
            ("fill-opacity", shadow.alpha < 1 ? SVGMarkup.number(shadow.alpha) : nil),
            ("filter", shadow.blur > 0 ? "url(#\(id))" : nil),
          ], indent: indent) + content
    } else {
      guard !content.isEmpty else { return content }
      let blurred = shadow.blur > 0
      let primitives =
        (blurred ? [blur(shadow, input: "SourceAlpha")] : [])
        + [
          offset(shadow, input: blurred ? nil : "SourceAlpha"),
          element(
            "feFlood",
            [
              ("flood-color", flood), ("flood-opacity", shadow.alpha < 1 ? SVGMarkup.number(shadow.alpha) : nil),
            ]),
          element("feComposite", [("in2", "cast"), ("operator", "in")]),
          "      <feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>",
        ]
      definitions += filter(id, index: index, primitives: primitives)
      drawing = SVGMarkup.element("g", [("filter", "url(#\(id))")], children: content.map { "  " + $0 }, indent: indent)
    }
    guard values.masksToBounds else { return drawing }
    let clip = SVGMarkup.id("shadow-clip", tree.id(index), prefix: idPrefix)
    let bounds = values.bounds
    definitions += SVGMarkup.element(
      "clipPath", [("id", clip)],
      children: SVGMarkup.element(
        "path", [("d", SVGMarkup.roundedRectPath(bounds, radius: RoundedRect.radius(values.cornerRadius, in: bounds)))],
        indent: "      "),
      indent: "    ")
    return SVGMarkup.element("g", [("clip-path", "url(#\(clip))")], children: drawing.map { "  " + $0 }, indent: indent)
  }

  /// A filter whose region is the whole canvas seen from the layer, so a wide blur or a long offset is never cut.
  private func filter(_ id: String, index: Int, primitives: [String]) -> [String] {
    let region = canvasInLayer(index)
    return SVGMarkup.element(
      "filter",
      [
        ("id", id), ("filterUnits", "userSpaceOnUse"), ("x", SVGMarkup.number(region.x)),
        ("y", SVGMarkup.number(region.y)), ("width", SVGMarkup.number(region.width)),
        ("height", SVGMarkup.number(region.height)), ("color-interpolation-filters", "sRGB"),
      ],
      children: primitives, indent: "    ")
  }

  private func blur(_ shadow: Shadow, input: String?) -> String {
    element("feGaussianBlur", [("in", input), ("stdDeviation", SVGMarkup.number(shadow.blur))])
  }

  private func offset(_ shadow: Shadow, input: String?) -> String {
    element(
      "feOffset",
      [
        ("in", input), ("dx", SVGMarkup.number(shadow.offset.dx)), ("dy", SVGMarkup.number(shadow.offset.dy)),
        ("result", "cast"),
      ])
  }

  private func translate(_ shadow: Shadow) -> String? {
    shadow.offset == (0, 0)
      ? nil : "translate(\(SVGMarkup.number(shadow.offset.dx)) \(SVGMarkup.number(shadow.offset.dy)))"
  }

  private func element(_ name: String, _ attributes: [(String, String?)]) -> String {
    SVGMarkup.element(name, attributes, indent: "      ")[0]
  }
}
