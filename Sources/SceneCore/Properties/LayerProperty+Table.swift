extension LayerProperty {
  private static let shapeOnly: Set<LayerType> = [.shape]
  private static let textOnly: Set<LayerType> = [.text]

  /// Every property a layer entry may set besides the structural keys (`id`, `type`, `frame`, `mask`,
  /// `sublayers`, `repeat`, `as`). Order is the order Grammar.md lists them and the sampler prints them.
  public static let all: [LayerProperty] = [
    .init("position", .point, LayerType.every, animatable: true, slot: SlotLayout.position, default: [0, 0], text: "[0, 0]",
          "The anchor point's place in the superlayer's coordinates."),
    .init("bounds", .rect, LayerType.every, animatable: true, slot: SlotLayout.bounds, default: [0, 0, 0, 0],
          text: "[0, 0, 0, 0]", "The layer's own coordinate rectangle; its origin shifts what the sublayers see."),
    .init("anchorPoint", .point, LayerType.every, animatable: true, slot: SlotLayout.anchorPoint, default: [0.5, 0.5],
          text: "[0.5, 0.5]", "The point of the bounds, in unit coordinates, that `position` places and transforms pivot on."),
    .init("zPosition", .number, LayerType.every, animatable: true, slot: SlotLayout.zPosition, default: [0], text: "0",
          "Front-to-back order among siblings: higher is drawn later."),
    .init("transform", .transform, LayerType.every, animatable: true, slot: SlotLayout.transform,
          default: [0, 0, 0, 0, 0, 0, 1, 1, 1], text: "identity",
          "Translation, rotation and scale about the anchor point: `{translation, rotation, scale}`."),
    .init("opacity", .number, LayerType.every, animatable: true, slot: SlotLayout.opacity, default: [1], text: "1",
          "0 (transparent) to 1 (opaque)."),
    .init("hidden", .bool, LayerType.every, animatable: true, slot: SlotLayout.hidden, default: [0], text: "false",
          "A hidden layer and its sublayers are not drawn."),
    .init("backgroundColor", .color, LayerType.every, animatable: true, slot: SlotLayout.backgroundColor,
          default: [0, 0, 0, 0], text: "clear", "Fills the bounds, within the corner radius."),
    .init("borderColor", .color, LayerType.every, animatable: true, slot: SlotLayout.borderColor, default: [0, 0, 0, 1],
          text: "black", "Colour of the border drawn inside the bounds."),
    .init("borderWidth", .number, LayerType.every, animatable: true, slot: SlotLayout.borderWidth, default: [0], text: "0",
          "Width of the border, inset from the bounds, drawn above content and sublayers."),
    .init("cornerRadius", .number, LayerType.every, animatable: true, slot: SlotLayout.cornerRadius, default: [0], text: "0",
          "Rounds the background, the border and the `masksToBounds` clip."),
    .init("masksToBounds", .bool, LayerType.every, animatable: true, slot: SlotLayout.masksToBounds, default: [0],
          text: "false", "Clips sublayers to the bounds (with the corner radius)."),
    .init("path", .path, shapeOnly, animatable: true, text: "none",
          "The shape's path: a name from `paths`, a command list or SVG path data."),
    .init("fillColor", .color, shapeOnly, animatable: true, slot: SlotLayout.fillColor, default: [0, 0, 0, 1],
          text: "black", "Fills the path."),
    .init("fillRule", .enumeration, shapeOnly, animatable: false, text: "nonZero", cases: ["nonZero", "evenOdd"],
          "Which regions of a self-intersecting path are filled."),
    .init("strokeColor", .color, shapeOnly, animatable: true, slot: SlotLayout.strokeColor, default: [0, 0, 0, 0],
          text: "none (clear)", "Strokes the path; clear means no stroke."),
    .init("lineWidth", .number, shapeOnly, animatable: true, slot: SlotLayout.lineWidth, default: [1], text: "1",
          "Stroke width."),
    .init("lineCap", .enumeration, shapeOnly, animatable: false, text: "butt", cases: ["butt", "round", "square"],
          "How open stroke ends are drawn."),
    .init("lineJoin", .enumeration, shapeOnly, animatable: false, text: "miter", cases: ["miter", "round", "bevel"],
          "How stroke corners are drawn."),
    .init("miterLimit", .number, shapeOnly, animatable: true, slot: SlotLayout.miterLimit, default: [10], text: "10",
          "Miter joins longer than this many half line widths are bevelled."),
    .init("lineDashPattern", .numberList, shapeOnly, animatable: false, text: "none (solid)",
          "Alternating dash and gap lengths."),
    .init("lineDashPhase", .number, shapeOnly, animatable: true, slot: SlotLayout.lineDashPhase, default: [0],
          text: "0", "Offset into the dash pattern."),
    .init("strokeStart", .number, shapeOnly, animatable: true, slot: SlotLayout.strokeStart, default: [0], text: "0",
          "Where along the path (0 to 1, by length) the stroke begins."),
    .init("strokeEnd", .number, shapeOnly, animatable: true, slot: SlotLayout.strokeEnd, default: [1], text: "1",
          "Where along the path (0 to 1, by length) the stroke ends."),
    .init("string", .string, textOnly, animatable: false, text: "\"\"", "The text drawn."),
    .init("fontSize", .number, textOnly, animatable: true, slot: SlotLayout.fontSize, default: [36], text: "36",
          "Font size in points."),
    .init("font", .font, textOnly, animatable: false, text: "{family: Helvetica, weight: regular}",
          "`{family, weight}`; weight is one of regular, medium, semibold, bold, light, heavy."),
    .init("foregroundColor", .color, textOnly, animatable: true, slot: SlotLayout.foregroundColor,
          default: [1, 1, 1, 1], text: "white", "Text colour."),
    .init("alignmentMode", .enumeration, textOnly, animatable: false, text: "natural",
          cases: ["natural", "left", "right", "center", "justified"], "Horizontal alignment of the text in the bounds."),
  ]

  private static let byName: [String: LayerProperty] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  public static func named(_ name: String) -> LayerProperty? { byName[name] }

  /// Font weights CATextLayer fonts may name (UIFont.Weight's cases).
  public static let fontWeights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
}
