/// One layer's presentation values at one instant: the model slots (`SlotLayout`) with every animation in
/// effect applied, and the path's coordinates (empty for layers without a path). Both evaluators — the plan
/// sampler and the reference evaluator — produce arrays of these, in the scene's layer order, so they can be
/// compared number by number.
public struct LayerFrame: Sendable, Hashable {
  public var values: [Double]
  public var path: [Double]

  public init(values: [Double], path: [Double]) {
    self.values = values
    self.path = path
  }
}
