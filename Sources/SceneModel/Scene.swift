import SceneCore
import SceneDiagnostics

/// A checked scene: every value evaluated and type-checked, every repeat expanded, every name resolved.
/// What passes the checker is meaningful; the compiler and the reference evaluator read only this.
public struct Scene: Sendable {
  public var name: String
  public var width: Double
  public var height: Double
  /// Every layer instance in paint order (a pre-order walk: a layer, then its mask, then its sublayers).
  public var layers: [LayerInstance]
  /// The model values of every layer's animatable numbers, `SlotLayout.count` per layer in the order of `layers`:
  /// one table, which the plan takes over as its own (`LayerTable.values`) instead of copying an array per layer.
  public var slotValues: [Double]
  /// Named timelines in document order.
  public var timelines: [Timeline]
  public var stateMachine: StateMachine?

  /// `slotValues` nil gives every layer the default values (`SlotLayout.defaults`).
  public init(
    name: String, width: Double, height: Double, layers: [LayerInstance] = [], slotValues: [Double]? = nil,
    timelines: [Timeline] = []
  ) {
    precondition(
      slotValues.map { $0.count == layers.count * SlotLayout.count } ?? true, "SlotLayout.count values per layer")
    self.name = name
    self.width = width
    self.height = height
    self.layers = layers
    self.slotValues = slotValues ?? SlotLayout.defaults.repeated(layers.count)
    self.timelines = timelines
  }

  public func timeline(named name: String) -> Timeline? { timelines.first { $0.name == name } }

  /// The index of the layer instance with this id (`fan[2]`, `title`).
  public func layerIndex(id: String) -> Int? { layers.firstIndex { $0.id == id } }

  /// Layer `index`'s model slot values (`SlotLayout`), indexed from 0: a new array, for slow paths.
  public func values(of index: Int) -> [Double] {
    Array(slotValues[index * SlotLayout.count..<(index + 1) * SlotLayout.count])
  }

  /// One slot of layer `index`'s model values.
  @inlinable public func value(_ slot: Int, of index: Int) -> Double { slotValues[index * SlotLayout.count + slot] }

  /// The components of an animatable property or key path of layer `index`, read from the model values.
  public func value(of keyPath: AnimatableKeyPath, layer index: Int) -> [Double] {
    Self.value(of: keyPath, layer: layers[index], values: slotValues, at: index * SlotLayout.count)
  }

  /// Writes one key path's components into layer `index`'s model values (or its lists), the inverse of
  /// `value(of:layer:)`.
  public mutating func set(_ keyPath: AnimatableKeyPath, to value: [Double], layer index: Int) {
    Self.set(keyPath, to: value, layer: &layers[index], values: &slotValues, at: index * SlotLayout.count)
  }

  /// `value(of:layer:)` for a layer whose slot values start at `base` in `values` (a scene's table, or one
  /// layer's own copy).
  public static func value(of keyPath: AnimatableKeyPath, layer: LayerInstance, values: [Double], at base: Int)
    -> [Double]
  {
    guard let slot = keyPath.slot else { return layer.listValue(of: keyPath) }
    let start = base + slot
    return keyPath.broadcast ? [values[start]] : Array(values[start..<start + keyPath.slotCount])
  }

  /// `set(_:to:layer:)` for a layer whose slot values start at `base` in `values`.
  public static func set(
    _ keyPath: AnimatableKeyPath, to value: [Double], layer: inout LayerInstance, values: inout [Double], at base: Int
  ) {
    guard let slot = keyPath.slot else { return layer.setList(keyPath, to: value) }
    let start = base + slot
    if keyPath.broadcast {
      for offset in start..<start + keyPath.slotCount { values[offset] = value[0] }
    } else {
      values.replaceSubrange(start..<start + keyPath.slotCount, with: value)
    }
  }
}

extension Array {
  /// The elements `count` times over.
  fileprivate func repeated(_ count: Int) -> [Element] {
    var result: [Element] = []
    result.reserveCapacity(self.count * count)
    for _ in 0..<count { result += self }
    return result
  }
}
