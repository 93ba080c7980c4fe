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
  /// Named timelines in document order.
  public var timelines: [Timeline]
  public var stateMachine: StateMachine?

  public init(name: String, width: Double, height: Double, layers: [LayerInstance] = [], timelines: [Timeline] = []) {
    self.name = name
    self.width = width
    self.height = height
    self.layers = layers
    self.timelines = timelines
  }

  public func timeline(named name: String) -> Timeline? { timelines.first { $0.name == name } }

  /// The index of the layer instance with this id (`fan[2]`, `title`).
  public func layerIndex(id: String) -> Int? { layers.firstIndex { $0.id == id } }
}
