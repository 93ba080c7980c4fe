import SceneCore
import SceneDiagnostics
import SceneYAML

/// Reading `transform` and `sublayerTransform` values: the decomposed components, and the perspective.
extension CheckContext {
  /// `{translation, rotation, scale}` → translation x/y/z, rotation x/y/z, scale x/y/z.
  func transform(_ node: YAMLNode) -> [Double]? {
    guard let fields = fields(of: node, allowed: SpecSchema.transform, place: "a transform") else { return nil }
    return transform(fields)
  }

  /// `{perspective, translation, rotation, scale}` → the nine numbers of `transform`, then m34 = −1/perspective
  /// (0 without one).
  func sublayerTransform(_ node: YAMLNode) -> [Double]? {
    if document.kind(node) == .scalar, document.style(node) == .plain,
      document.withScalarBytes(node, DecimalLiteral.quantity) != nil
    {
      // `sublayerTransform: 500` is a perspective written as the whole value.
      error(
        CheckDiagnostics.wrongShape,
        "expected a sublayerTransform {perspective, translation, rotation, scale}, "
          + "found the number \(document.scalar(node))", at: span(node),
        help: "write the eye distance as `{perspective: \(document.scalar(node))}`",
        replacement: "{perspective: \(document.scalar(node))}")
      return nil
    }
    guard let fields = fields(of: node, allowed: SpecSchema.sublayerTransform, place: "a sublayerTransform") else {
      return nil
    }
    let components = transform(fields)
    var m34 = 0.0
    if let value = fields.value("perspective") {
      guard let distance = number(value, unit: Unit.none) else { return nil }
      // A distance so small that −1/d overflows is no distance either.
      guard distance > 0, distance.isFinite, (1 / distance).isFinite else {
        error(
          CheckDiagnostics.invalidPerspective,
          distance > 0
            ? "perspective \(MessageNumber.text(distance)) is too small: m34 = −1/perspective overflows"
            : "perspective \(MessageNumber.text(distance, outside: { $0 > 0 })) is not a positive distance",
          at: span(value),
          notes: ["perspective is the eye's distance from the plane: m34 = −1/perspective; 500 to 1000 look natural"],
          help: "give a distance greater than 0, or leave `perspective` out for none")
        return nil
      }
      m34 = -1 / distance
    }
    return components.map { $0 + [m34] }
  }

  private func transform(_ fields: Fields) -> [Double]? {
    var result: [Double] = [0, 0, 0, 0, 0, 0, 1, 1, 1]
    var ok = true
    if let value = fields.value("translation") {
      if let items = sequenceOfNumbers(
        value, counts: [2, 3], what: "a translation [x, y] or [x, y, z]", unit: Unit.none)
      {
        for (index, item) in items.enumerated() { result[index] = item }
      } else {
        ok = false
      }
    }
    if let value = fields.value("rotation") {
      if document.kind(value) == .mapping {
        let axes = [
          SchemaKey("x", .value(.angle), "About x."), SchemaKey("y", .value(.angle), "About y."),
          SchemaKey("z", .value(.angle), "About z."),
        ]
        if let rotation = self.fields(of: value, allowed: axes, place: "a rotation") {
          for (index, axis) in ["x", "y", "z"].enumerated() {
            guard let axisNode = rotation.value(axis) else { continue }
            if let angle = angle(axisNode) { result[3 + index] = angle } else { ok = false }
          }
        }
      } else if let angle = angle(value) {
        result[5] = angle
      } else {
        ok = false
      }
    }
    if let value = fields.value("scale") {
      if document.kind(value) == .sequence || holdsLetList(value) {
        if let items = sequenceOfNumbers(
          value, counts: [2, 3], what: "a scale s, [sx, sy] or [sx, sy, sz]", unit: Unit.none)
        {
          for (index, item) in items.enumerated() { result[6 + index] = item }
        } else {
          ok = false
        }
      } else if let scale = number(value, unit: Unit.none) {
        result[6] = scale
        result[7] = scale
        result[8] = scale
      } else {
        ok = false
      }
    }
    return ok ? result : nil
  }
}
