import SceneCore
import SceneYAML

/// A layer property's value written straight into the layer's slots, for the two ways almost every layer writes its
/// multi-number properties: a quoted hex colour (`"#da97d1"`) and a flow list of plain numbers (`[0, 0, 8, 8]`).
///
/// The general readers (`propertyValue`) build an array per value, two for a hex colour, which the layer then
/// copies into its slots: a spec of many small layers spent a good part of checking each one on those arrays.
/// Anything else, and any value the general reader would report, is left to it: this writes nothing and reports
/// nothing when it returns false.
extension CheckContext {
  func writeLiteral(_ node: YAMLNode, property: LayerProperty, into values: inout [Double], at slot: Int) -> Bool {
    switch property.kind {
    case .color:
      // `color(_:)` notes the `let` names a colour's text uses; a hex colour uses none, but with names about the
      // general reader keeps that bookkeeping in one place.
      guard letSpans.isEmpty, document.kind(node) == .scalar, document.style(node) != .plain,
        let rgba = document.withScalarBytes(node, Self.hexChannels)
      else { return false }
      values[slot] = rgba.x
      values[slot + 1] = rgba.y
      values[slot + 2] = rgba.z
      values[slot + 3] = rgba.w
      return true
    case .point, .size, .rect:
      let count = property.kind == .rect ? 4 : 2
      guard let numbers = literalVector(node, count: count) else { return false }
      // As `propertyValue`: a rect's width and height within the property's range.
      if property.kind == .rect, let range = property.range,
        !(range.contains(numbers[2]) && range.contains(numbers[3]))
      {
        return false
      }
      for index in 0..<count { values[slot + index] = numbers[index] }
      return true
    default:
      return false
    }
  }

  /// A flow list of `count` (at most 4) plain number literals, as `vector(_:kind:)` reads it; nil for anything
  /// else, with nothing reported.
  func literalVector(_ node: YAMLNode, count: Int) -> SIMD4<Double>? {
    guard document.kind(node) == .sequence, document.count(node) == count, count <= 4 else { return nil }
    var numbers = SIMD4<Double>()
    var position = 0
    let allLiterals = document.allPlainScalarItems(node) { text in
      guard let value = Self.literalNumber(text, unit: Unit.none) else { return false }
      numbers[position] = value
      position += 1
      return true
    }
    return allLiterals ? numbers : nil
  }
}
