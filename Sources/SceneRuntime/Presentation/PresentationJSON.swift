import SceneCore

/// The presentation state as `scenec sample` prints it (design §6): per time, every layer in paint order with Core
/// Animation's property names, colours as [r, g, b, a], and `matrix` from the layer's coordinates into the scene's.
public enum PresentationJSON {
  public static func samples(plan: Plan, times: [Double], frames: [[LayerFrame]]) -> JSONValue {
    precondition(times.count == frames.count, "one frame set per time")
    let samples: [JSONValue] = zip(times, frames).map { time, layers in
      ["time": PlanNumbers.json(time), "layers": .array(self.layers(plan: plan, frames: layers))]
    }
    return ["scene": .string(plan.scene), "samples": .array(samples)]
  }

  private static func layers(plan: Plan, frames: [LayerFrame]) -> [JSONValue] {
    let table = plan.layers
    var matrices: [AffineTransform] = []
    matrices.reserveCapacity(table.count)
    var result: [JSONValue] = []
    for index in 0..<table.count {
      let values = frames[index].values
      let local = LayerMatrix.local(values)
      // Parents precede their sublayers and masks, so the parent's matrix is already known.
      let parent = table.parents[index]
      matrices.append(parent < 0 ? local : local.concatenating(matrices[parent]))
      result.append(layer(plan: plan, index: index, frame: frames[index], matrix: matrices[index]))
    }
    return result
  }

  private static func layer(plan: Plan, index: Int, frame: LayerFrame, matrix: AffineTransform) -> JSONValue {
    let table = plan.layers
    let v = frame.values
    func slots(_ start: Int, _ count: Int) -> JSONValue { PlanNumbers.json(v[start..<start + count]) }
    func number(_ slot: Int) -> JSONValue { PlanNumbers.json(v[slot]) }
    typealias S = SlotLayout
    var object = JSONObject()
    object.append("id", .string(table.ids[index]))
    object.append("parent", table.parents[index] < 0 ? .null : .string(table.ids[table.parents[index]]))
    object.append("type", .string(table.types[index].rawValue))
    object.append("position", slots(S.position, 2))
    object.append("bounds", slots(S.bounds, 4))
    object.append("anchorPoint", slots(S.anchorPoint, 2))
    object.append("zPosition", number(S.zPosition))
    object.append(
      "transform", ["translation": slots(S.translation, 3), "rotation": slots(S.rotation, 3), "scale": slots(S.scale, 3)])
    object.append("matrix", PlanNumbers.json([matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty]))
    object.append("opacity", number(S.opacity))
    object.append("hidden", .bool(v[S.hidden] >= 0.5))
    object.append("backgroundColor", slots(S.backgroundColor, 4))
    object.append("borderColor", slots(S.borderColor, 4))
    object.append("borderWidth", number(S.borderWidth))
    object.append("cornerRadius", number(S.cornerRadius))
    object.append("masksToBounds", .bool(v[S.masksToBounds] >= 0.5))
    let style = table.styles[index]
    switch table.types[index] {
    case .shape:
      var path = table.path(of: index)
      path.coordinates = frame.path
      object.append("path", .string(SVGPathData.format(path)))
      object.append("fillColor", slots(S.fillColor, 4))
      object.append("fillRule", .string(style.fillRule))
      object.append("strokeColor", slots(S.strokeColor, 4))
      object.append("lineWidth", number(S.lineWidth))
      object.append("lineCap", .string(style.lineCap))
      object.append("lineJoin", .string(style.lineJoin))
      object.append("miterLimit", number(S.miterLimit))
      object.append("lineDashPattern", PlanNumbers.json(style.lineDashPattern))
      object.append("lineDashPhase", number(S.lineDashPhase))
      object.append("strokeStart", number(S.strokeStart))
      object.append("strokeEnd", number(S.strokeEnd))
    case .text:
      object.append("string", .string(style.string))
      object.append("fontSize", number(S.fontSize))
      object.append("font", ["family": .string(style.fontFamily), "weight": .string(style.fontWeight)])
      object.append("foregroundColor", slots(S.foregroundColor, 4))
      object.append("alignmentMode", .string(style.alignmentMode))
    case .layer:
      break
    }
    if table.isMask[index] { object.append("mask", true) }
    return object.value
  }
}

/// A layer's own matrix (into its superlayer's coordinates) from its sampled slots.
public enum LayerMatrix {
  public static func local(_ v: [Double]) -> AffineTransform {
    typealias S = SlotLayout
    return AffineTransform.layer(
      position: Point(v[S.position], v[S.position + 1]), anchorPoint: Point(v[S.anchorPoint], v[S.anchorPoint + 1]),
      bounds: Rect(x: v[S.bounds], y: v[S.bounds + 1], width: v[S.bounds + 2], height: v[S.bounds + 3]),
      translation: Array(v[S.translation..<S.translation + 3]), rotation: Array(v[S.rotation..<S.rotation + 3]),
      scale: Array(v[S.scale..<S.scale + 3]))
  }
}
