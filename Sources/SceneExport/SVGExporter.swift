import SceneCore
import SceneRuntime

/// The presentation state at one instant as SVG: what Core Animation would draw (docs/exports.md, "SVG").
///
/// Each layer is a `<g>` with its own matrix (into its superlayer's coordinates: the anchor-point transform of
/// `LayerMatrix.local`) and its opacity as group opacity; inside it, in Core Animation's order: the background
/// (rounded by `cornerRadius`), the content (a shape's fill and stroke, a text's glyphs, a gradient), the sublayers
/// sorted by `zPosition`, and the border on top, drawn inside the bounds; the shadow beneath them all
/// (`SVGExporter+Shadow`). `masksToBounds` clips content, sublayers and shadow to the rounded bounds; a `mask` layer
/// becomes an SVG `<mask>` made of the mask layer drawn in white with its own alpha, so the luminance mask equals the
/// mask layer's coverage. Hidden layers and layers of opacity 0 are left out.
public struct SVGExporter {
  public let tree: SceneTree
  public let frames: [LayerFrame]
  /// Prepended to every XML id (a filmstrip has one per frame).
  public let idPrefix: String
  var definitions: [String] = []
  /// What could not be drawn (W0913: a layer whose values overflow is left out).
  public internal(set) var warnings = ExportWarnings()

  /// Every layer's map into the scene (`LayerProjection.scene`): where back faces are decided.
  private let sceneMaps: [ProjectiveTransform]

  public init(tree: SceneTree, frames: [LayerFrame], idPrefix: String = "") {
    self.tree = tree
    self.frames = frames
    self.idPrefix = idPrefix
    // Only a layer that may be culled needs its map into the scene.
    sceneMaps =
      tree.mayCull.contains(true)
      ? LayerProjection.scene(plan: tree.plan, frames: frames, through: tree.throughSublayerTransform) : []
  }

  /// A whole SVG document of the scene: canvas = scene size, transparent unless `background` is given.
  public static func document(plan: Plan, frames: [LayerFrame], time: Double, background: String? = nil) -> String {
    export(plan: plan, frames: frames, time: time, background: background).svg
  }

  /// The document and its warnings.
  public static func export(plan: Plan, frames: [LayerFrame], time: Double, background: String? = nil)
    -> (svg: String, warnings: [ExportWarning])
  {
    let tree = SceneTree(plan: plan)
    var exporter = SVGExporter(tree: tree, frames: frames)
    let body = exporter.scene(indent: "  ")
    let w = SVGMarkup.number(plan.width)
    let h = SVGMarkup.number(plan.height)
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">",
      "  <title>\(SVGMarkup.escape(plan.scene)) at \(SVGMarkup.number(time)) s</title>",
    ]
    if !exporter.definitions.isEmpty { lines += ["  <defs>"] + exporter.definitions + ["  </defs>"] }
    if let background {
      lines += SVGMarkup.element(
        "rect", [("width", w), ("height", h), ("fill", background)], indent: "  ")
    }
    lines += body
    lines.append("</svg>")
    return (lines.joined(separator: "\n") + "\n", exporter.warnings.sorted)
  }

  /// The top-level layers in paint order; definitions (clips, masks) collect in `definitions`.
  public mutating func scene(indent: String) -> [String] {
    var lines: [String] = []
    for layer in tree.paintOrder(tree.roots, frames: frames) {
      lines += self.layer(layer, white: false, indent: indent)
    }
    return lines
  }

  /// The definitions gathered while writing (call after `scene`), at `indent`.
  public var definitionLines: [String] { definitions }

  // MARK: - One layer

  private mutating func layer(_ index: Int, white: Bool, indent: String) -> [String] {
    let values = LayerValues(frames[index])
    if values.isHidden || values.opacity <= 0 { return [] }
    // A layer whose back faces the viewer with doubleSided false is culled exactly; no warning.
    if tree.mayCull[index], LayerProjection.isCulled(values.v, map: sceneMaps[index]) { return [] }
    let (matrix, approximated) = drawnMatrix(index)
    if approximated {
      warnings.add(
        ExportDiagnostics.perspectiveInSVG, layer: tree.id(index), keyPath: "",
        "seen in perspective through '\(tree.id(tree.plan.layers.parents[index]))''s sublayerTransform; SVG draws "
          + "it with the affine map that agrees at the centre of its bounds (its edges stay parallel)")
    }
    let finite = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite)
    guard finite, frames[index].values.allSatisfy(\.isFinite), frames[index].path.allSatisfy(\.isFinite) else {
      // SVG has no number for it, and writing 0 would draw the layer somewhere it is not.
      warnings.add(
        ExportDiagnostics.notFinite, layer: tree.id(index), keyPath: "",
        "a value of the layer overflows (is not a finite number) at this instant; the layer and its sublayers "
          + "are left out")
      return []
    }
    let inner = indent + "  "
    var content: [String] = []
    content += background(values, white: white, indent: inner)
    var clipped: [String] = []
    switch tree.plan.layers.types[index] {
    case .shape: clipped += shape(index, values, white: white, indent: inner)
    case .text: clipped += text(index, values, white: white, indent: inner)
    case .gradient: clipped += gradient(index, values, white: white, indent: inner)
    case .layer, .replicator: break
    }
    for sublayer in tree.paintOrder(tree.sublayers[index], frames: frames) {
      clipped += layer(sublayer, white: white, indent: inner)
    }
    if values.masksToBounds && !clipped.isEmpty {
      let id = SVGMarkup.id("clip", tree.id(index), prefix: idPrefix)
      let bounds = values.bounds
      let radius = RoundedRect.radius(values.cornerRadius, in: bounds)
      definitions += SVGMarkup.element(
        "clipPath", [("id", id)],
        children: SVGMarkup.element(
          "path", [("d", SVGMarkup.roundedRectPath(bounds, radius: radius))], indent: "      "),
        indent: "    ")
      content += SVGMarkup.element(
        "g", [("clip-path", "url(#\(id))")], children: clipped.map { "  " + $0 }, indent: inner)
    } else {
      content += clipped
    }
    content += border(values, white: white, indent: inner)
    content = shadowed(content, of: index, values, white: white, indent: inner)
    if let mask = tree.mask[index], !white {
      content = masked(content, by: mask, of: index, indent: inner)
    }
    if content.isEmpty { return [] }
    let opacity = values.opacity < 1 ? SVGMarkup.number(values.opacity) : nil
    let layerGroup = SVGMarkup.element(
      "g",
      [
        ("id", white ? nil : SVGMarkup.id("layer", tree.id(index), prefix: idPrefix)),
        ("transform", SVGMarkup.matrix(matrix)), ("opacity", opacity),
      ],
      children: content, indent: indent)
    return white ? layerGroup : modulated(layerGroup, index, indent: indent)
  }

  /// Wraps a layer's drawing in a group masked by its mask layer drawn white (alpha = coverage). The mask region
  /// is the canvas mapped into the layer's coordinates, so nothing visible is cut by it.
  private mutating func masked(_ content: [String], by mask: Int, of index: Int, indent: String) -> [String] {
    let id = SVGMarkup.id("mask", tree.id(index), prefix: idPrefix)
    let region = canvasInLayer(index)
    let maskContent = layer(mask, white: true, indent: "      ")
    definitions += SVGMarkup.element(
      "mask",
      [
        ("id", id), ("maskUnits", "userSpaceOnUse"), ("x", SVGMarkup.number(region.x)),
        ("y", SVGMarkup.number(region.y)), ("width", SVGMarkup.number(region.width)),
        ("height", SVGMarkup.number(region.height)),
      ],
      children: maskContent, indent: "    ")
    return SVGMarkup.element("g", [("mask", "url(#\(id))")], children: content.map { "  " + $0 }, indent: indent)
  }

  // MARK: - Parts

  private func paint(_ color: RGBA, white: Bool) -> (color: String, opacity: String?) {
    let alpha = color.alpha
    return (white ? "#ffffff" : color.hex, alpha < 1 ? SVGMarkup.number(alpha) : nil)
  }

  private func background(_ values: LayerValues, white: Bool, indent: String) -> [String] {
    let color = values.backgroundColor
    let bounds = values.bounds.standardized
    guard color.isVisible, bounds.width > 0, bounds.height > 0 else { return [] }
    let radius = RoundedRect.radius(values.cornerRadius, in: bounds)
    let (fill, opacity) = paint(color, white: white)
    return SVGMarkup.element(
      "rect",
      [
        ("x", SVGMarkup.number(bounds.x)), ("y", SVGMarkup.number(bounds.y)),
        ("width", SVGMarkup.number(bounds.width)), ("height", SVGMarkup.number(bounds.height)),
        ("rx", radius > 0 ? SVGMarkup.number(radius) : nil), ("ry", radius > 0 ? SVGMarkup.number(radius) : nil),
        ("fill", fill), ("fill-opacity", opacity),
      ],
      indent: indent)
  }

  /// The border: the ring between the rounded bounds and the bounds inset by the border width (inner radius
  /// reduced by it), filled even-odd — inside the bounds, as Core Animation draws it.
  private func border(_ values: LayerValues, white: Bool, indent: String) -> [String] {
    let color = values.borderColor
    let width = values.borderWidth
    let bounds = values.bounds.standardized
    guard color.isVisible, width > 0, bounds.width > 0, bounds.height > 0 else { return [] }
    let radius = RoundedRect.radius(values.cornerRadius, in: bounds)
    var data = SVGMarkup.roundedRectPath(bounds, radius: radius)
    if let inner = RoundedRect.inner(bounds, cornerRadius: values.cornerRadius, borderWidth: width) {
      data += " " + SVGMarkup.roundedRectPath(inner.rect, radius: inner.radius)
    }
    let (fill, opacity) = paint(color, white: white)
    return SVGMarkup.element(
      "path", [("d", data), ("fill", fill), ("fill-opacity", opacity), ("fill-rule", "evenodd")], indent: indent)
  }

  private func shape(_ index: Int, _ values: LayerValues, white: Bool, indent: String) -> [String] {
    let table = tree.plan.layers
    var path = table.path(of: index)
    path.coordinates = Array(frames[index].path[table.listRange(of: .path, layer: index)!])
    guard !path.isEmpty else { return [] }
    let style = table.styles[index]
    var lines: [String] = []
    let fillColor = values.fillColor
    let strokeColor = values.strokeColor
    let strokes = strokeColor.isVisible && values.lineWidth > 0
    let start = min(max(values.strokeStart, 0), 1)
    let end = min(max(values.strokeEnd, 0), 1)
    let trimmed = start > 0 || end < 1
    let fillRule = style.fillRule == .evenOdd ? "evenodd" : nil
    var strokeAttributes: [(String, String?)] = []
    if strokes {
      let (stroke, opacity) = paint(strokeColor, white: white)
      let dashes =
        style.lineDashPattern.count % 2 == 1
        ? style.lineDashPattern + style.lineDashPattern
        : style.lineDashPattern
      let dashed = !dashes.isEmpty && dashes.allSatisfy { $0 >= 0 } && dashes.contains { $0 > 0 }
      strokeAttributes = [
        ("stroke", stroke), ("stroke-opacity", opacity), ("stroke-width", SVGMarkup.number(values.lineWidth)),
        ("stroke-linecap", style.lineCap == .butt ? nil : style.lineCap.rawValue),
        ("stroke-linejoin", style.lineJoin == .miter ? nil : style.lineJoin.rawValue),
        ("stroke-miterlimit", style.lineJoin == .miter ? SVGMarkup.number(max(values.miterLimit, 1)) : nil),
        ("stroke-dasharray", dashed ? dashes.map(SVGMarkup.number).joined(separator: " ") : nil),
        ("stroke-dashoffset", dashed && values.lineDashPhase != 0 ? SVGMarkup.number(values.lineDashPhase) : nil),
      ]
    }
    if fillColor.isVisible {
      let (fill, opacity) = paint(fillColor, white: white)
      let fillAttributes: [(String, String?)] = [
        ("d", SVGMarkup.pathData(path)), ("fill", fill), ("fill-opacity", opacity), ("fill-rule", fillRule),
      ]
      if strokes && !trimmed {
        return SVGMarkup.element("path", fillAttributes + strokeAttributes, indent: indent)
      }
      lines += SVGMarkup.element("path", fillAttributes, indent: indent)
    }
    if strokes {
      let stroked = trimmed ? SVGExporter.trim(path, from: start, to: end) : path
      if !stroked.isEmpty {
        lines += SVGMarkup.element(
          "path", [("d", SVGMarkup.pathData(stroked)), ("fill", "none")] + strokeAttributes, indent: indent)
      }
    }
    return lines
  }

  /// Text: each line in the font, size and colour, the first line's baseline at the top of the bounds plus the
  /// ascent (0.8 × fontSize), lines 1.2 × fontSize apart, aligned horizontally within the bounds.
  private func text(_ index: Int, _ values: LayerValues, white: Bool, indent: String) -> [String] {
    let style = tree.plan.layers.styles[index]
    let color = values.foregroundColor
    let size = values.fontSize
    guard !style.string.isEmpty, color.isVisible, size > 0 else { return [] }
    let bounds = values.bounds.standardized
    let (x, anchor) = TextLayout.anchor(alignment: style.alignmentMode, bounds: bounds)
    let (fill, opacity) = paint(color, white: white)
    let lines = style.string.components(separatedBy: "\n")
    // One line of markup: with xml:space="preserve", whitespace between the tspans would be drawn.
    var spans = ""
    for (number, line) in lines.enumerated() {
      let y = bounds.y + TextLayout.ascent * size + Double(number) * TextLayout.lineHeight * size
      spans += "<tspan x=\"\(SVGMarkup.number(x))\" y=\"\(SVGMarkup.number(y))\">\(SVGMarkup.escape(line))</tspan>"
    }
    let open = SVGMarkup.element(
      "text",
      [
        ("font-family", SVGMarkup.fontFamily(style.fontFamily)),
        ("font-weight", SVGMarkup.fontWeight(style.fontWeight)),
        ("font-size", SVGMarkup.number(size)), ("text-anchor", anchor), ("fill", fill), ("fill-opacity", opacity),
        ("xml:space", "preserve"),
      ],
      children: [], indent: indent)
    return [open[0] + spans + "</text>"]
  }
}

extension SVGExporter {
  /// `strokeStart`/`strokeEnd` of a path. Trimming is scale-free, so a path with coordinates beyond 1e100 is
  /// scaled by a power of two (exact) near 1 first: lengths of its curves would overflow to infinity otherwise,
  /// and the arc-length search would never converge.
  static func trim(_ path: BezierPath, from start: Double, to end: Double) -> BezierPath {
    let largest = path.coordinates.reduce(0) { max($0, abs($1)) }
    guard largest > 1e100, largest.isFinite else { return path.trimmed(from: start, to: end) }
    let exponent = largest.exponent
    var scaled = path
    scaled.coordinates = path.coordinates.map { Double(sign: .plus, exponent: -exponent, significand: 1) * $0 }
    var result = scaled.trimmed(from: start, to: end)
    result.coordinates = result.coordinates.map { Double(sign: .plus, exponent: exponent, significand: 1) * $0 }
    return result
  }
}

/// Where text goes in its bounds (shared with the Lottie text layer).
enum TextLayout {
  /// The first baseline below the top of the bounds, as a fraction of the font size.
  static let ascent = 0.8
  static let lineHeight = 1.2

  /// The x of the text anchor and SVG's `text-anchor` for an alignment mode.
  static func anchor(alignment: AlignmentMode, bounds: Rect) -> (x: Double, anchor: String?) {
    switch alignment {
    case .center: return (bounds.x + bounds.width / 2, "middle")
    case .right: return (bounds.x + bounds.width, "end")
    case .natural, .left, .justified: return (bounds.x, nil)
    }
  }
}

extension SVGMarkup {
  static func pathData(_ path: BezierPath) -> String { SVGPathData.format(path) }
}
