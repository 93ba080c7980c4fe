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
    guard limits.maxKeyframes > 0 else { return nil }
    return literalNumbers(node, counts: 1...limits.maxKeyframes, unit: unit) { value in
      range.map { $0.closedRange.contains(value) && $0.contains(value) } ?? true
    }
  }
}
