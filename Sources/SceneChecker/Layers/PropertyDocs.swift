import SceneCore

/// How Grammar.md and the JSON Schema describe each layer property: the front end's half of the property table,
/// kept out of the runtime, which never shows it. A switch over `PropertyName`, so a new property does not compile
/// until it is documented.
public struct PropertyDocs: Sendable, Hashable {
  /// How the default is shown.
  public let defaultText: String
  /// One line for Grammar.md and the schema's descriptions.
  public let summary: String

  init(_ defaultText: String, _ summary: String) {
    self.defaultText = defaultText
    self.summary = summary
  }

  public static func of(_ key: PropertyName) -> PropertyDocs {
    switch key {
    case .position: return .init("[0, 0]", "The anchor point's place in the superlayer's coordinates.")
    case .bounds:
      return .init("[0, 0, 0, 0]", "The layer's own coordinate rectangle; its origin shifts what the sublayers see.")
    case .anchorPoint:
      return .init(
        "[0.5, 0.5]", "The point of the bounds, in unit coordinates, that `position` places and transforms pivot on.")
    case .zPosition: return .init("0", "Front-to-back order among siblings: higher is drawn later.")
    case .transform:
      return .init(
        "identity", "Translation, rotation and scale about the anchor point: `{translation, rotation, scale}`.")
    case .opacity: return .init("1", "0 (transparent) to 1 (opaque).")
    case .hidden: return .init("false", "A hidden layer and its sublayers are not drawn.")
    case .backgroundColor: return .init("clear", "Fills the bounds, within the corner radius.")
    case .borderColor: return .init("black", "Colour of the border drawn inside the bounds.")
    case .borderWidth:
      return .init("0", "Width of the border, inset from the bounds, drawn above content and sublayers.")
    case .cornerRadius: return .init("0", "Rounds the background, the border and the `masksToBounds` clip.")
    case .masksToBounds: return .init("false", "Clips sublayers to the bounds (with the corner radius).")
    case .sublayerTransform:
      return .init(
        "identity",
        "Applied to every sublayer about this layer's anchor point: `{perspective, translation, rotation, scale}`.")
    case .doubleSided: return .init("true", "When false, the layer is not drawn while its back faces the viewer.")
    case .shadowColor: return .init("black", "Colour of the shadow cast beneath the layer.")
    case .shadowOpacity: return .init("0", "0 (no shadow, Core Animation's default) to 1; times the colour's alpha.")
    case .shadowRadius: return .init("3", "Blur radius of the shadow, in the layer's coordinates.")
    case .shadowOffset:
      return .init("[0, -3]", "`[width, height]` the shadow is moved by, in the layer's coordinates (y down: up).")
    case .shadowPath:
      return .init("none", "The shadow's shape instead of the layer's alpha: a path as `path` takes it; animatable.")
    case .path: return .init("none", "The shape's path: a name from `paths`, a command list or SVG path data.")
    case .fillColor: return .init("black", "Fills the path.")
    case .fillRule: return .init("nonZero", "Which regions of a self-intersecting path are filled.")
    case .strokeColor: return .init("none (clear)", "Strokes the path; clear means no stroke.")
    case .lineWidth: return .init("1", "Stroke width.")
    case .lineCap: return .init("butt", "How open stroke ends are drawn.")
    case .lineJoin: return .init("miter", "How stroke corners are drawn.")
    case .miterLimit: return .init("10", "Miter joins longer than this many half line widths are bevelled.")
    case .lineDashPattern: return .init("none (solid)", "Alternating dash and gap lengths.")
    case .lineDashPhase: return .init("0", "Offset into the dash pattern.")
    case .strokeStart: return .init("0", "Where along the path (0 to 1, by length) the stroke begins.")
    case .strokeEnd: return .init("1", "Where along the path (0 to 1, by length) the stroke ends.")
    case .string: return .init("\"\"", "The text drawn.")
    case .fontSize: return .init("36", "Font size in points, 0 to 1,000,000 (text renderers draw none larger).")
    case .font:
      return .init(
        "{family: Helvetica, weight: regular}",
        "`{family, weight}`; weight is one of regular, medium, semibold, bold, light, heavy.")
    case .foregroundColor: return .init("white", "Text colour.")
    case .alignmentMode: return .init("natural", "Horizontal alignment of the text in the bounds.")
    case .colors: return .init("none", "The gradient's colours, one per stop, drawn over the background.")
    case .locations:
      return .init("uniform", "Each colour's place from 0 to 1 along the gradient; never decreasing, one per colour.")
    case .startPoint: return .init("[0.5, 0]", "Where the gradient starts, in unit coordinates of the bounds.")
    case .endPoint: return .init("[0.5, 1]", "Where the gradient ends, in unit coordinates of the bounds.")
    case .gradientType:
      return .init("axial", "Core Animation's `type`: axial (along a line), radial (an ellipse) or conic (a sweep).")
    case .instanceCount:
      return .init(
        "1",
        "How many copies of the sublayers are drawn, the sublayers themselves included (0 to the limit); "
          + "animated, the count truncated.")
    case .instanceDelay:
      return .init("0", "Copy k plays its sublayers' animations k × this many seconds later.")
    case .instanceTransform:
      return .init(
        "identity", "Applied to copy k − 1 to give copy k (copy k gets its k-th power), about the replicator's centre.")
    case .instanceColor:
      return .init("white", "Multiplies the colours of the first copy; later copies add the offsets.")
    case .instanceRedOffset: return .init("0", "Added to the red multiplier of each copy over the one before.")
    case .instanceGreenOffset: return .init("0", "Added to the green multiplier of each copy over the one before.")
    case .instanceBlueOffset: return .init("0", "Added to the blue multiplier of each copy over the one before.")
    case .instanceAlphaOffset: return .init("0", "Added to the alpha multiplier of each copy over the one before.")
    }
  }
}

extension LayerProperty {
  /// The front end's description of this property.
  public var docs: PropertyDocs { PropertyDocs.of(key) }
}
