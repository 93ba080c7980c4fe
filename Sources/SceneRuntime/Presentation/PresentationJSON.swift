import SceneCore

/// The presentation state as `scenec sample` prints it (design §6): per time, every layer in paint order with Core
/// Animation's property names, colours as [r, g, b, a], and `matrix` from the layer's coordinates into the scene's.
///
/// Every number printed is finite (Grammar.md, Limits): a value whose evaluation overflowed the range of a double
/// is written saturated, ±1.7976931348623157e308 for an infinity and 0 for a NaN, and listed in `overflows` so
/// that the command can warn.
package enum PresentationJSON {
  package static func samples(plan: Plan, times: [Double], frames: [[LayerFrame]]) -> JSONValue {
    var overflows: [PresentationOverflow] = []
    return samples(plan: plan, times: times, frames: frames, overflows: &overflows)
  }

  package static func samples(
    plan: Plan, times: [Double], frames: [[LayerFrame]], overflows: inout [PresentationOverflow]
  ) -> JSONValue {
    precondition(times.count == frames.count, "one frame set per time")
    var samples: [JSONValue] = []
    for (time, layers) in zip(times, frames) {
      var saturation = Saturation(time: time)
      let layerValues = self.layers(plan: plan, frames: layers, saturation: &saturation)
      overflows += saturation.overflows
      samples.append(["time": PlanNumbers.json(time), "layers": .array(layerValues)])
    }
    return ["scene": .string(plan.scene), "samples": .array(samples)]
  }

  private static func layers(plan: Plan, frames: [LayerFrame], saturation: inout Saturation) -> [JSONValue] {
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
      saturation.layer = table.ids[index]
      result.append(layer(plan: plan, index: index, frame: frames[index], matrix: matrices[index], saturation: &saturation))
    }
    return result
  }

  private static func layer(
    plan: Plan, index: Int, frame: LayerFrame, matrix: AffineTransform, saturation: inout Saturation
  ) -> JSONValue {
    let table = plan.layers
    let v = frame.values
    func numbers(_ name: String, _ values: [Double]) -> JSONValue {
      .array(values.map { .number(saturation.finite($0, name)) })
    }
    func slots(_ start: Int, _ count: Int, _ name: String) -> JSONValue { numbers(name, Array(v[start..<start + count])) }
    func number(_ slot: Int, _ name: String) -> JSONValue { .number(saturation.finite(v[slot], name)) }
    typealias S = SlotLayout
    var object = JSONObject()
    object.append("id", .string(table.ids[index]))
    object.append("parent", table.parents[index] < 0 ? .null : .string(table.ids[table.parents[index]]))
    object.append("type", .string(table.types[index].rawValue))
    object.append("position", slots(S.position, 2, "position"))
    object.append("bounds", slots(S.bounds, 4, "bounds"))
    object.append("anchorPoint", slots(S.anchorPoint, 2, "anchorPoint"))
    object.append("zPosition", number(S.zPosition, "zPosition"))
    object.append(
      "transform",
      [
        "translation": slots(S.translation, 3, "transform.translation"),
        "rotation": slots(S.rotation, 3, "transform.rotation"), "scale": slots(S.scale, 3, "transform.scale"),
      ])
    object.append("matrix", numbers("matrix", [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty]))
    object.append("opacity", number(S.opacity, "opacity"))
    object.append("hidden", .bool(v[S.hidden] >= 0.5))
    object.append("backgroundColor", slots(S.backgroundColor, 4, "backgroundColor"))
    object.append("borderColor", slots(S.borderColor, 4, "borderColor"))
    object.append("borderWidth", number(S.borderWidth, "borderWidth"))
    object.append("cornerRadius", number(S.cornerRadius, "cornerRadius"))
    object.append("masksToBounds", .bool(v[S.masksToBounds] >= 0.5))
    let style = table.styles[index]
    switch table.types[index] {
    case .shape:
      var path = table.path(of: index)
      path.coordinates = frame.path.map { saturation.finite($0, "path") }
      object.append("path", .string(SVGPathData.format(path)))
      object.append("fillColor", slots(S.fillColor, 4, "fillColor"))
      object.append("fillRule", .string(style.fillRule))
      object.append("strokeColor", slots(S.strokeColor, 4, "strokeColor"))
      object.append("lineWidth", number(S.lineWidth, "lineWidth"))
      object.append("lineCap", .string(style.lineCap))
      object.append("lineJoin", .string(style.lineJoin))
      object.append("miterLimit", number(S.miterLimit, "miterLimit"))
      object.append("lineDashPattern", numbers("lineDashPattern", style.lineDashPattern))
      object.append("lineDashPhase", number(S.lineDashPhase, "lineDashPhase"))
      object.append("strokeStart", number(S.strokeStart, "strokeStart"))
      object.append("strokeEnd", number(S.strokeEnd, "strokeEnd"))
    case .text:
      object.append("string", .string(style.string))
      object.append("fontSize", number(S.fontSize, "fontSize"))
      object.append("font", ["family": .string(style.fontFamily), "weight": .string(style.fontWeight)])
      object.append("foregroundColor", slots(S.foregroundColor, 4, "foregroundColor"))
      object.append("alignmentMode", .string(style.alignmentMode))
    case .layer:
      break
    }
    if table.isMask[index] { object.append("mask", true) }
    return object.value
  }
}

/// A layer's own matrix (into its superlayer's coordinates) from its sampled slots.
package enum LayerMatrix {
  package static func local(_ v: [Double]) -> AffineTransform {
    typealias S = SlotLayout
    return AffineTransform.layer(
      position: Point(v[S.position], v[S.position + 1]), anchorPoint: Point(v[S.anchorPoint], v[S.anchorPoint + 1]),
      bounds: Rect(x: v[S.bounds], y: v[S.bounds + 1], width: v[S.bounds + 2], height: v[S.bounds + 3]),
      translation: Array(v[S.translation..<S.translation + 3]), rotation: Array(v[S.rotation..<S.rotation + 3]),
      scale: Array(v[S.scale..<S.scale + 3]))
  }
}

/// A printed value that was not a finite number: where, and what it was.
package struct PresentationOverflow: Sendable, Hashable {
  package var time: Double
  package var layer: String
  package var property: String
  /// The value evaluation gave: an infinity or NaN.
  package var value: Double
}

/// Saturates non-finite numbers as they are printed and remembers each (layer, property) that needed it once.
private struct Saturation {
  let time: Double
  var layer = ""
  var overflows: [PresentationOverflow] = []

  init(time: Double) { self.time = time }

  mutating func finite(_ x: Double, _ property: String) -> Double {
    if x.isFinite { return x }
    if overflows.last?.layer != layer || overflows.last?.property != property {
      overflows.append(PresentationOverflow(time: time, layer: layer, property: property, value: x))
    }
    if x.isNaN { return 0 }
    return x > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
  }
}
