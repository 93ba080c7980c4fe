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
    let through = LayerProjection.throughSublayerTransform(plan: plan)
    for (time, layers) in zip(times, frames) {
      samples.append(sample(plan: plan, time: time, frames: layers, through: through, overflows: &overflows))
    }
    return ["scene": .string(plan.scene), "samples": .array(samples)]
  }

  /// One time's object: `{"time": …, "layers": […]}`.
  private static func sample(
    plan: Plan, time: Double, frames: [LayerFrame], through: [Bool], overflows: inout [PresentationOverflow]
  ) -> JSONValue {
    var saturation = Saturation(time: time)
    let layerValues = self.layers(plan: plan, frames: frames, through: through, saturation: &saturation)
    overflows += saturation.overflows
    return ["time": PlanNumbers.json(time), "layers": .array(layerValues)]
  }

  /// The document `samples(plan:times:frames:)` gives, written one time after another as the pretty JSON style
  /// writes the whole (byte for byte): printing a million times holds one frame set and one time's object, not
  /// all of them (the tree of a long run took several times the size of its text).
  package struct Stream {
    private let plan: Plan
    private let through: [Bool]
    private var count = 0
    /// The first overflow of each (layer, property), in the order met: a value that overflows at every time is
    /// reported once, and kept once.
    package private(set) var overflows: [PresentationOverflow] = []
    private var reported = Set<String>()

    package init(plan: Plan) {
      self.plan = plan
      through = LayerProjection.throughSublayerTransform(plan: plan)
    }

    /// `{"scene": …, "samples": ` (the list is opened by the first `append`).
    package func header(to output: inout [UInt8]) {
      output.append(contentsOf: Array("{\n  \"scene\": ".utf8))
      JSONWriter.appendString(plan.scene, to: &output)
      output.append(contentsOf: Array(",\n  \"samples\": ".utf8))
    }

    /// The sample at `time`, whose layers' states are `frames`.
    package mutating func append(time: Double, frames: [LayerFrame], to output: inout [UInt8]) {
      var found: [PresentationOverflow] = []
      let value = PresentationJSON.sample(plan: plan, time: time, frames: frames, through: through, overflows: &found)
      for overflow in found where reported.insert(overflow.layer + "\u{0}" + overflow.property).inserted {
        overflows.append(overflow)
      }
      output.append(contentsOf: Array((count == 0 ? "[\n" : ",\n").utf8))
      JSONWriter.appendIndent(2, to: &output)
      JSONWriter.appendPretty(value, depth: 2, to: &output)
      count += 1
    }

    /// Closes the list and the document.
    package func footer(to output: inout [UInt8]) {
      output.append(contentsOf: Array((count == 0 ? "[]\n}" : "\n  ]\n}").utf8))
    }
  }

  private static func layers(
    plan: Plan, frames: [LayerFrame], through: [Bool], saturation: inout Saturation
  ) -> [JSONValue] {
    let table = plan.layers
    var matrices: [AffineTransform] = []
    matrices.reserveCapacity(table.count)
    let maps = through.contains(true) ? LayerProjection.scene(plan: plan, frames: frames, through: through) : []
    var result: [JSONValue] = []
    let modulations = ReplicaGeometry.modulations(
      parents: table.parents, types: table.types, isMask: table.isMask, replicas: table.replicas
    ) { frames[$0].values }
    for index in 0..<table.count {
      let values = frames[index].values
      let local = LayerMatrix.local(values)
      // Parents precede their sublayers and masks, so the parent's matrix is already known.
      let parent = table.parents[index]
      matrices.append(parent < 0 ? local : LayerMatrix.inParent(local, of: index, table: table, frames: frames))
      if parent >= 0 { matrices[index] = matrices[index].concatenating(matrices[parent]) }
      saturation.layer = table.ids[index]
      let matrix: LayerSceneMatrix = through[index] ? .projective(maps[index]) : .affine(matrices[index])
      result.append(
        layer(
          plan: plan, index: index, frame: frames[index], matrix: matrix, modulation: modulations[index],
          saturation: &saturation))
    }
    return result
  }

  /// The properties each layer type prints, in the table's order (looked up once per layer, not per property).
  private static let properties: [LayerType: [LayerProperty]] = Dictionary(
    uniqueKeysWithValues: LayerType.allCases.map { type in
      (type, LayerProperty.all.filter { $0.layerTypes.contains(type) })
    })

  /// A layer's map into the scene as printed: `matrix` [a, b, c, d, tx, ty], or `matrix3d` (16 numbers, row-major
  /// m11 … m44, z row and column the identity's) for a layer drawn through a `sublayerTransform`.
  private enum LayerSceneMatrix {
    case affine(AffineTransform)
    case projective(ProjectiveTransform)
  }

  /// One layer's object: its identity, then every property of its type in the table's order, `matrix` (or
  /// `matrix3d`) after `transform`, and after it `modulationColor` for a layer a replicator draws (the colour its
  /// copy's drawing is multiplied by).
  private static func layer(
    plan: Plan, index: Int, frame: LayerFrame, matrix: LayerSceneMatrix, modulation: [Double]?,
    saturation: inout Saturation
  ) -> JSONValue {
    let table = plan.layers
    var object = JSONObject()
    object.append("id", .string(table.ids[index]))
    object.append("parent", table.parents[index] < 0 ? .null : .string(table.ids[table.parents[index]]))
    object.append("type", .string(table.types[index].rawValue))
    let style = table.styles[index]
    for property in properties[table.types[index]]! {
      let value: JSONValue
      if property.kind == .path {
        let range = table.listRange(of: property.key, layer: index)!
        let coordinates = frame.path[range].map { saturation.finite($0, property.name) }
        if property.key == .shadowPath {
          value = table.shadowPath(of: index, list: coordinates).map { .string(SVGPathData.format($0)) } ?? .null
        } else {
          var path = table.path(of: index)
          path.coordinates = coordinates
          value = .string(SVGPathData.format(path))
        }
      } else {
        value = self.value(
          of: property, frame: frame, style: style, shadowCount: table.shadowPathCount(of: index),
          saturation: &saturation)
      }
      object.append(property.name, value)
      if property.key == .transform {
        switch matrix {
        case .affine(let m):
          let numbers = [m.a, m.b, m.c, m.d, m.tx, m.ty]
          object.append("matrix", .array(numbers.map { .number(saturation.finite($0, "matrix")) }))
        case .projective(let m):
          object.append("matrix3d", .array(m.matrix3D.map { .number(saturation.finite($0, "matrix3d")) }))
        }
        if let modulation {
          object.append("modulationColor", .array(modulation.map { .number(saturation.finite($0, "modulationColor")) }))
        }
      }
    }
    if table.isMask[index] { object.append("mask", true) }
    return object.value
  }

  /// A property's value as its kind prints: numbers for the slots, words and strings for the style.
  private static func value(
    of property: LayerProperty, frame: LayerFrame, style: LayerStyle, shadowCount: Int, saturation: inout Saturation
  ) -> JSONValue {
    let name = property.name
    func numbers(_ values: ArraySlice<Double>, _ name: @autoclosure () -> String) -> JSONValue {
      .array(values.map { .number(saturation.finite($0, name())) })
    }
    let slots = frame.values[property.slots]
    switch property.kind {
    case .number, .angle, .duration: return .number(saturation.finite(slots[slots.startIndex], name))
    case .bool: return .bool(slots[slots.startIndex] >= 0.5)
    case .point, .size, .rect, .color: return numbers(slots, name)
    case .transform, .perspectiveTransform:
      // A sublayerTransform is a transform's nine numbers and then its perspective entry.
      let i = slots.startIndex
      var transform = JSONObject()
      transform.append("translation", numbers(slots[i..<i + 3], name + ".translation"))
      transform.append("rotation", numbers(slots[i + 3..<i + 6], name + ".rotation"))
      transform.append("scale", numbers(slots[i + 6..<i + 9], name + ".scale"))
      if property.kind == .perspectiveTransform {
        transform.append("m34", .number(saturation.finite(slots[i + 9], name + ".m34")))
      }
      return transform.value
    case .path: return .null  // Written by the caller, which has the path's structure.
    case .colorList:
      let colors = frame.path[ListLayout.range(of: .colors, count: frame.path.count, shadowCount: shadowCount)!]
      return .array(
        stride(from: colors.startIndex, to: colors.endIndex, by: 4).map { numbers(colors[$0..<$0 + 4], name) })
    case .locationList:
      let range = ListLayout.range(of: .locations, count: frame.path.count, shadowCount: shadowCount)!
      return numbers(frame.path[range], name)
    case .enumeration: return .string(style.word(of: property.key) ?? "")
    // The style has one field of each of the kinds below (LayerStyle).
    case .string: return .string(style.string)
    case .numberList: return numbers(style.lineDashPattern[...], name)
    case .font: return ["family": .string(style.fontFamily), "weight": .string(style.fontWeight.rawValue)]
    }
  }
}

/// A layer's own matrix (into its superlayer's coordinates) from its sampled slots.
package enum LayerMatrix {
  /// `local` followed by the replicator's map of the copy the layer is, when its superlayer is a replicator: the
  /// layer's matrix into its superlayer's coordinates as drawn.
  package static func inParent(_ local: AffineTransform, of index: Int, table: LayerTable, frames: [LayerFrame])
    -> AffineTransform
  {
    let parent = table.parents[index]
    guard parent >= 0, table.types[parent] == .replicator, !table.isMask[index], table.replicas[index] != 0 else {
      return local
    }
    return local.concatenating(ReplicaGeometry.instanceMatrix(frames[parent].values, copy: table.replicas[index]))
  }

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

  /// `property` is named only when `x` overflowed: every printed number passes here.
  mutating func finite(_ x: Double, _ name: @autoclosure () -> String) -> Double {
    if x.isFinite { return x }
    let property = name()
    if overflows.last?.layer != layer || overflows.last?.property != property {
      overflows.append(PresentationOverflow(time: time, layer: layer, property: property, value: x))
    }
    if x.isNaN { return 0 }
    return x > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
  }
}
