import SceneCore
import SceneModel
import SceneReference

/// Hand-built checked models for the reference evaluator's tests: one layer whose `position.x` model value is
/// `model`, so "the model shows" and "the animation shows" are told apart by value.
enum ReferenceFixture {
  static let model = 50.0

  static func timing(_ configure: (inout Timing) -> Void = { _ in }) -> Timing {
    var timing = Timing()
    timing.duration = 1
    configure(&timing)
    return timing
  }

  static func keyPath(_ name: String) -> AnimatableKeyPath {
    guard let keyPath = AnimatableKeyPath.named(name) else { fatalError("unknown key path \(name)") }
    return keyPath
  }

  static func leaf(
    _ content: Animation.Content, keyPath name: String = "position.x", timing: Timing = timing(),
    additive: Bool = false, cumulative: Bool = false, layer: Int = 0
  ) -> AnimationNode {
    var animation = Animation(layer: layer, keyPath: keyPath(name), content: content)
    animation.additive = additive
    animation.cumulative = cumulative
    return AnimationNode(kind: .animation(animation), timing: timing)
  }

  static func group(_ children: [AnimationNode], timing: Timing) -> AnimationNode {
    AnimationNode(kind: .group(children), timing: timing)
  }

  static func basic(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> Animation.Content {
    .basic(FromToBy(from: from.map { [$0] }, to: to.map { [$0] }, by: by.map { [$0] }))
  }

  static func scene(path: BezierPath = BezierPath()) -> Scene {
    var values = SlotLayout.defaults
    values[SlotLayout.position] = model
    let layer = LayerInstance(id: "box", baseID: "box", type: .shape, path: path)
    return Scene(name: "test", width: 100, height: 100, layers: [layer], slotValues: values)
  }

  /// The layer's frame with `nodes` as the roots of timelines played in this order.
  static func frame(_ nodes: [AnimationNode], at time: Double, scene: Scene = scene()) -> LayerFrame {
    let timelines = nodes.enumerated().map { Timeline(name: "t\($0.offset)", autoplay: true, root: $0.element) }
    return ReferenceEvaluator.frames(of: scene, playing: timelines, at: time)[0]
  }

  /// The presented `position.x` with `node` as the only timeline's root.
  static func x(_ node: AnimationNode, at time: Double) -> Double {
    frame([node], at: time).values[SlotLayout.position]
  }

  /// τ of a contribution, or nil when it contributes nothing.
  static func tau(_ timing: Timing, at time: Double, isRoot: Bool = true) -> Double? {
    let contribution = ReferenceEvaluator.localTime(of: timing, at: time, isRoot: isRoot)
    guard case .at(let tau, _, _) = contribution else { return nil }
    return tau
  }

  static func progress(_ timing: Timing, at time: Double, isRoot: Bool = true) -> Double? {
    let contribution = ReferenceEvaluator.localTime(of: timing, at: time, isRoot: isRoot)
    guard case .at(_, let progress, _) = contribution else { return nil }
    return progress
  }
}

func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return abs(a - b) <= tolerance
}
