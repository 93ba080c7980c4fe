import SceneCore
import SceneYAML

extension CheckContext {
  /// The keyframe numbers of `node` when it is a sequence of 1 to `maxKeyframes` plain number literals, each of
  /// which `singleNumberReader` would read to the same number with no diagnostic (in unit, and in range); nil for
  /// anything else, which the caller reads item by item. No item can hold a split call (a literal has no
  /// parenthesis), so `flowItems` would report nothing either.
  func literalKeyframeNumbers(_ node: YAMLNode, keyPath: AnimatableKeyPath, rangeProperty: LayerProperty?) -> [Double]?
  {
    var range: ValueRange?
    var unit = Unit.none
    if keyPath.kind == .angle || rangeProperty?.key == .instanceCount { return nil }
    if let property = rangeProperty, let numberRange = Self.numberRange(of: property) {
      range = numberRange
    } else {
      switch rangeProperty?.kind ?? keyPath.kind {
      case .number: break
      case .duration: unit = .time
      default: return nil
      }
    }
    let count = document.count(node)
    guard document.kind(node) == .sequence, count > 0, count <= limits.maxKeyframes else { return nil }
    var numbers: [Double] = []
    numbers.reserveCapacity(count)
    for index in 0..<count {
      let item = document.item(node, index)
      guard document.kind(item) == .scalar, document.style(item) == .plain,
        let quantity = document.withScalarBytes(item, DecimalLiteral.quantity),
        quantity.unit == .none || quantity.unit == unit
      else { return nil }
      if let range, !(range.closedRange.contains(quantity.value) && range.contains(quantity.value)) { return nil }
      numbers.append(quantity.value)
    }
    return numbers
  }
}
