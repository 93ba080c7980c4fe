import SceneCore
import SceneModel

/// The slow, obviously correct evaluator: at every query it walks each timeline's checked animation tree from the
/// root, computes every node's local time from its parent's, and applies the leaves in effect to the model values.
/// Nothing is precomputed beyond what docs/semantics.md itself defines, so it serves as the oracle the compiled
/// plan's sampler is tested against.
public enum ReferenceEvaluator {
  /// The presentation state of every layer of `scene` at scene time `time`, with `timelines` playing from scene
  /// time 0: one frame per entry of `scene.layers`, in that order.
  public static func frames(of scene: Scene, playing timelines: [Timeline], at time: Double) -> [LayerFrame] {
    var state = scene.layers.indices.map {
      LayerFrame(values: scene.values(of: $0), path: scene.layers[$0].listNumbers)
    }
    let delays = scene.layers.map(\.replicaDelay)
    let shadowCounts = scene.layers.map { $0.style.shadowPath?.coordinates.count ?? 0 }
    // Document order: timelines as given, then depth-first within each tree.
    for timeline in timelines {
      var walk = Walk(sceneTime: time, delays: delays, shadowCounts: shadowCounts)
      walk.apply(timeline.root, parentTime: time, isRoot: true, to: &state)
    }
    hideUndrawnCopies(of: scene, in: &state)
    return state
  }

  /// CAReplicatorLayer draws copy k while k is below its presentation `instanceCount` read as an NSInteger, the
  /// number truncated toward zero (Grammar.md, "Replicators"); the copies past it are not drawn: marked hidden.
  static func hideUndrawnCopies(of scene: Scene, in state: inout [LayerFrame]) {
    for (index, layer) in scene.layers.enumerated() {
      guard let parent = layer.parent, scene.layers[parent].type == .replicator, !layer.isMask else { continue }
      let count = state[parent].values[SlotLayout.instanceCount]
      let drawn = count >= 0 && Double(layer.replicaIndex) < count.rounded(.towardZero)
      if !drawn { state[index].values[SlotLayout.hidden] = 1 }
    }
  }

  /// One timeline's walk from its root. A replicator's copy plays its animations `replicaDelay` later: its leaves
  /// are timed again from the scene time through the same chain of groups, with the root begun that much later.
  struct Walk {
    let sceneTime: Double
    let delays: [Double]
    /// Per layer, how many of its list numbers are its shadowPath's (the last ones, `ListLayout`).
    let shadowCounts: [Int]
    /// The groups from the root to the current node, each with whether it stands at the root.
    var chain: [(timing: Timing, isRoot: Bool)] = []

    /// Applies the leaves of `node` that are in effect at `parentTime` to `state`, in depth-first order.
    mutating func apply(_ node: AnimationNode, parentTime: Double, isRoot: Bool, to state: inout [LayerFrame]) {
      switch node.kind {
      case .instances(let copies):
        // Transparent in time: every copy sees the parent's time, and stands where the node stands (root or not).
        for copy in copies { apply(copy, parentTime: parentTime, isRoot: isRoot, to: &state) }
      case .group(let children):
        chain.append((node.timing, isRoot))
        defer { chain.removeLast() }
        let childTime = ReferenceEvaluator.childTime(of: node.timing, at: parentTime, isRoot: isRoot)
        for child in children {
          // A group that is not in effect still holds the children of delayed copies, which may be.
          apply(child, parentTime: childTime ?? .nan, isRoot: false, to: &state)
        }
      case .animation(let animation):
        let delay = delays[animation.layer]
        guard delay != 0 else {
          guard !parentTime.isNaN else { return }
          ReferenceEvaluator.applyLeaf(
            node, animation, parentTime: parentTime, isRoot: isRoot, shadowCounts: shadowCounts, to: &state)
          return
        }
        // The delay is the root's begin moved later (CAReplicatorLayer shifts each copy's beginTime), so the
        // rounding slack of the begin (docs/semantics.md, "Exact boundaries") counts it as it counts any beginTime.
        var leaf = node
        if chain.isEmpty { leaf.timing.beginTime += delay }
        let time = chain.isEmpty ? sceneTime : delayedParentTime(delay: delay)
        guard !time.isNaN else { return }
        ReferenceEvaluator.applyLeaf(
          leaf, animation, parentTime: time, isRoot: isRoot, shadowCounts: shadowCounts, to: &state)
      }
    }

    /// The leaf's parent time with the root begun `delay` later: NaN when a group on the way is not in effect.
    func delayedParentTime(delay: Double) -> Double {
      var time = sceneTime
      for (index, (timing, isRoot)) in chain.enumerated() {
        var timing = timing
        if index == 0 { timing.beginTime += delay }
        guard let child = ReferenceEvaluator.childTime(of: timing, at: time, isRoot: isRoot) else { return .nan }
        time = child
      }
      return time
    }
  }

  /// A group's children's parent time at `parentTime`; nil when the group is not in effect.
  static func childTime(of timing: Timing, at parentTime: Double, isRoot: Bool) -> Double? {
    guard !parentTime.isNaN, case .at(let tau, let progress, _) = localTime(of: timing, at: parentTime, isRoot: isRoot)
    else { return nil }
    // The group's timing function warps its children's time.
    // A group that never ends (its last child repeats forever) has no progress to warp: its time passes through.
    return timing.duration.isFinite ? progress * timing.duration : tau
  }

  static func applyLeaf(
    _ node: AnimationNode, _ animation: Animation, parentTime: Double, isRoot: Bool, shadowCounts: [Int],
    to state: inout [LayerFrame]
  ) {
    let contribution = localTime(of: node.timing, at: parentTime, isRoot: isRoot)
    guard case .at(let tau, let progress, let repeatIndex) = contribution else { return }
    let time = LeafTime(tau: tau, progress: progress, repeatIndex: repeatIndex)
    apply(animation, at: time, shadowCount: shadowCounts[animation.layer], to: &state[animation.layer])
  }

  /// Replaces (or adds to) the running value of the animation's key path with its value at `time`.
  static func apply(_ animation: Animation, at time: LeafTime, shadowCount: Int, to frame: inout LayerFrame) {
    let base = read(animation.keyPath, from: frame, shadowCount: shadowCount)
    let value = leafValue(animation, at: time, base: base)
    write(value, to: animation.keyPath, additive: animation.additive, shadowCount: shadowCount, in: &frame)
    if case .motion(let motion) = animation.content, let angle = motionRotation(motion, progress: time.progress) {
      // rotationMode always adds to the z rotation, whatever `additive` says: it orients, it does not replace.
      frame.values[SlotLayout.rotation + 2] += angle
    }
  }

  /// The running value of a key path: its slots (the first one only for the uniform scale), or its part of the
  /// layer's list numbers (the path, a gradient's locations or colours, the shadowPath: the last `shadowCount`).
  static func read(_ keyPath: AnimatableKeyPath, from frame: LayerFrame, shadowCount: Int) -> [Double] {
    guard let slot = keyPath.slot else {
      return Array(frame.path[listRange(keyPath, in: frame, shadowCount: shadowCount)])
    }
    return keyPath.broadcast ? [frame.values[slot]] : Array(frame.values[slot..<slot + keyPath.slotCount])
  }

  /// Writes `value` over the key path's slots, or adds it to each slot's own running value when `additive`: the
  /// uniform scale adds its one number to sx, sy and sz alike, whichever of them differ.
  static func write(
    _ value: [Double], to keyPath: AnimatableKeyPath, additive: Bool, shadowCount: Int, in frame: inout LayerFrame
  ) {
    guard let slot = keyPath.slot else {
      let range = listRange(keyPath, in: frame, shadowCount: shadowCount)
      let running = Array(frame.path[range])
      frame.path.replaceSubrange(range, with: additive ? VectorMath.add(running, value) : value)
      return
    }
    for offset in 0..<keyPath.slotCount {
      let component = value[keyPath.broadcast ? 0 : offset] + (additive ? frame.values[slot + offset] : 0)
      // Booleans are stored as the value they show, 0 or 1.
      frame.values[slot + offset] =
        keyPath.isDiscrete ? (component >= AnimatableKeyPath.showsTrueFrom ? 1 : 0) : component
    }
  }

  /// The numbers of the layer's list a list key path covers (`ListLayout`).
  static func listRange(_ keyPath: AnimatableKeyPath, in frame: LayerFrame, shadowCount: Int) -> Range<Int> {
    ListLayout.range(
      of: PropertyName(rawValue: keyPath.property) ?? .path, count: frame.path.count, shadowCount: shadowCount)!
  }
}
