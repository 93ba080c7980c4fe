import Foundation
import SceneCore
import SceneRuntime

/// A text layer as a Lottie image asset: an SVG of the text (the SVG export's own `<text>`), embedded as a data
/// URL. Why not a Bodymovin text layer (`ty: 5`): lottie-web's canvas renderer draws text only from glyph outlines
/// (`chars`) and throws on every frame without them, and with `chars` its SVG renderer draws only those outlines
/// too; scenec has no font outlines to give. An image layer is in the specification, both lottie-web renderers draw
/// it with the browser's fonts, and rlottie and ThorVG, which cannot decode SVG images, draw nothing for it — as
/// they drew nothing for text layers.
struct LottieTextImage {
  /// Room around the bounds for text that overflows them (CATextLayer does not clip), in font sizes.
  static let margin = 2.0

  var width: Double
  var height: Double
  /// The first baseline's anchor point in the image (the layer's `ks.a`).
  var anchor: [Double]
  var markup: String

  init(
    string: String, family: String, weight: FontWeight, size: Double, color: RGBA, alignment: AlignmentMode,
    bounds: Rect
  ) {
    let lines = string.components(separatedBy: "\n")
    let room = Self.margin * size
    width = (bounds.width + 2 * room).rounded(.up)
    height = (Double(lines.count) * TextLayout.lineHeight * size + 2 * room).rounded(.up)
    let box = Rect(x: room, y: room, width: bounds.width, height: bounds.height)
    let (x, textAnchor) = TextLayout.anchor(alignment: alignment, bounds: box)
    let baseline = room + TextLayout.ascent * size
    anchor = [x, baseline]
    var spans = ""
    for (number, line) in lines.enumerated() {
      let y = baseline + Double(number) * TextLayout.lineHeight * size
      spans += "<tspan x=\"\(SVGMarkup.number(x))\" y=\"\(SVGMarkup.number(y))\">\(SVGMarkup.escape(line))</tspan>"
    }
    let n = SVGMarkup.number
    let open = SVGMarkup.element(
      "text",
      [
        ("font-family", SVGMarkup.fontFamily(family)), ("font-weight", SVGMarkup.fontWeight(weight)),
        ("font-size", n(size)), ("text-anchor", textAnchor), ("fill", color.hex), ("xml:space", "preserve"),
      ],
      children: [], indent: "")[0]
    markup =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
      + "viewBox=\"0 0 \(n(width)) \(n(height))\">" + open + spans + "</text></svg>"
  }

  /// The image asset (`e: 1`: `p` is the data URL).
  func asset(id: String) -> JSONValue {
    let url = "data:image/svg+xml;base64," + Data(markup.utf8).base64EncodedString()
    return [
      "id": .string(id), "w": LottieJSON.number(width), "h": LottieJSON.number(height), "u": "", "p": .string(url),
      "e": 1,
    ]
  }
}

extension LottieBuild {
  /// A text layer's image (LottieTextImage says why an image) and the animated position of its first baseline's
  /// anchor in the layer's space.
  mutating func textImage(_ layer: Int) -> (image: LottieTextImage, position: JSONValue)? {
    let style = plan.layers.styles[layer]
    guard !style.string.isEmpty else { return nil }
    let visibleTimes = checkTimes.filter { time in
      let v = LayerValues(cache.frames(at: time)[layer])
      return v.foregroundColor.isVisible && v.fontSize > 0
    }
    guard let firstVisible = visibleTimes.first else { return nil }
    let id = tree.id(layer)
    let first = LayerValues(cache.frames(at: firstVisible)[layer])
    let changes = visibleTimes.contains { time in
      let v = LayerValues(cache.frames(at: time)[layer])
      let a = v.foregroundColor
      let b = first.foregroundColor
      return v.fontSize != first.fontSize || a.r != b.r || a.g != b.g || a.b != b.b
    }
    if changes {
      warnings.add(
        ExportDiagnostics.staticOnly, layer: id,
        keyPath: animatedKeyPaths([.slots(layer, S.fontSize..<(S.foregroundColor + 4))]),
        "a text's size and colour are not animated in Lottie here; the values when it first shows are used")
    }
    warnings.add(
      ExportDiagnostics.textLayer, layer: id, keyPath: "",
      "written as an image layer holding an SVG of the text in the player's fonts; the Lottie specification has "
        + "no text that every player draws, and rlottie and ThorVG draw none")
    let image = LottieTextImage(
      string: style.string, family: style.fontFamily, weight: style.fontWeight, size: first.fontSize,
      color: first.foregroundColor, alignment: style.alignmentMode, bounds: first.bounds.standardized)
    let alignment = style.alignmentMode
    let position = animate(
      [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.fontSize..<(S.fontSize + 1))], layer: layer,
      name: "text position"
    ) { frames in
      let v = LayerValues(frames[layer])
      let bounds = v.bounds.standardized
      return [TextLayout.anchor(alignment: alignment, bounds: bounds).x, bounds.y + TextLayout.ascent * v.fontSize]
    }
    return (image, LottieJSON.vector(position))
  }
}
