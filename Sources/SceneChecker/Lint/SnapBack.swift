import SceneCore
import SceneModel

/// W0102: an animation removed on completion whose last shown value differs from the model value it uncovers.
///
/// The value shown last depends on where the animation stops (an autoreversing pass ends where it began), and the
/// model it uncovers depends on who plays the timeline: a transition plays it over its target state's pose, a
/// state's loop over that state's pose.
extension Linter {
  /// Where an animation's active window ends inside its pass.
  enum EndPhase {
    case end
    case start
    /// Part-way through a pass (a fractional repeat), or not known without sampling: never warned about.
    case between
  }

  static func endPhase(_ timing: Timing) -> EndPhase {
    guard timing.duration > 0, timing.timeOffset == 0, timing.speed > 0, timing.activeDuration.isFinite else {
      return .between
    }
    let passes = timing.activeDuration / timing.duration
    let whole = passes.rounded()
    guard whole >= 1, abs(passes - whole) <= 1e-9 * whole else { return .between }
    guard timing.autoreverses else { return .end }
    return whole.truncatingRemainder(dividingBy: 2) == 1 ? .end : .start
  }

  /// One key path of one layer instance (its own type: the linter's other tables may change shape).
  struct KeyPathUse: Hashable {
    var layer: Int
    var keyPath: String
  }

  /// A leaf of a removed root, where it stops, and its active window in the root's time.
  struct Candidate {
    var leaf: Animation
    var atStart: Bool
    var begin: Double
    var end: Double
    /// Another animation of the same key path takes over from it without a gap
    /// (`sequence: [{to: 0.2}, {from: 0.2, to: 1}]`): it cannot snap back.
    var handedOver = false
  }

  /// The leaves of a removed root and where each stops, leaving out leaves under a group that does not stop at its
  /// end (what they show then needs sampling); each marked when another leaf takes over from it.
  static func snapBackCandidates(_ root: AnimationNode) -> [Candidate] {
    var all: [Candidate] = []
    collectCandidates(root, offset: 0, into: &all)
    guard all.count > 1 else { return all }
    let byKey = Dictionary(grouping: all.indices) {
      KeyPathUse(layer: all[$0].leaf.layer, keyPath: all[$0].leaf.keyPath.name)
    }
    for index in all.indices {
      let mine = all[index]
      let key = KeyPathUse(layer: mine.leaf.layer, keyPath: mine.leaf.keyPath.name)
      all[index].handedOver = (byKey[key] ?? []).contains { other in
        other != index && all[other].begin <= mine.end + 1e-9 && all[other].end > mine.end + 1e-9
      }
    }
    return all
  }

  private static func collectCandidates(_ node: AnimationNode, offset: Double, into candidates: inout [Candidate]) {
    switch node.kind {
    case .instances(let copies):
      for copy in copies { collectCandidates(copy, offset: offset, into: &candidates) }
    case .animation(let animation):
      // A cumulative animation's later passes add up past its written values: where it stops needs sampling.
      if animation.cumulative, node.timing.activeDuration > node.timing.duration * (1 + 1e-9) { return }
      let phase = endPhase(node.timing)
      guard phase != .between else { return }
      candidates.append(
        Candidate(
          leaf: animation, atStart: phase == .start, begin: offset + node.timing.beginTime,
          end: offset + node.timing.end))
    case .group(let children):
      guard endPhase(node.timing) == .end else { return }
      for child in children { collectCandidates(child, offset: offset + node.timing.beginTime, into: &candidates) }
    }
  }

  /// For each timeline, the states whose pose is the model under it (nil: the layers' own values, or the
  /// initial state's pose when the scene has states): the target of each transition that plays it, each state
  /// that loops it, and the start of the scene when it autoplays or nothing in the state machine plays it.
  func modelContexts() -> [[Int?]] {
    guard let machine = scene.stateMachine else { return scene.timelines.map { _ in [nil] } }
    var contexts = scene.timelines.map { _ in [Int?]() }
    for transition in machine.transitions {
      if let timeline = transition.timeline { contexts[timeline].append(transition.to) }
    }
    for (index, state) in machine.states.enumerated() {
      if let timeline = state.loop { contexts[timeline].append(index) }
    }
    for (index, timeline) in scene.timelines.enumerated() where timeline.autoplay || contexts[index].isEmpty {
      contexts[index].append(machine.initial)
    }
    return contexts
  }

  /// The pose values of each state, by layer, so a leaf's model is found without walking every pose.
  func posesByLayer() -> [[Int: [StateMachine.PoseValue]]] {
    (scene.stateMachine?.states ?? []).map { Dictionary(grouping: $0.pose, by: \.layer) }
  }

  func modelValue(
    of keyPath: AnimatableKeyPath, layer index: Int, in state: Int?, poses: [[Int: [StateMachine.PoseValue]]]
  ) -> [Double] {
    guard let state, let posed = poses[state][index] else { return scene.value(of: keyPath, layer: index) }
    // The pose written over a copy of this one layer's model, not of the scene's whole table.
    var layer = scene.layers[index]
    var values = scene.values(of: index)
    for value in posed { Scene.set(value.keyPath, to: value.value, layer: &layer, values: &values, at: 0) }
    return Scene.value(of: keyPath, layer: layer, values: values, at: 0)
  }

  func checkSnapBack(
    _ candidate: Candidate, among candidates: [Candidate], removed: Bool, contexts: [Int?],
    poses: [[Int: [StateMachine.PoseValue]]]
  ) {
    let leaf = candidate.leaf
    let atStart = candidate.atStart
    // A boolean switching back is how a spec shows or hides a layer for a while; it is not a jump.
    guard !leaf.keyPath.isDiscrete else { return }
    for state in contexts {
      let model = modelValue(of: leaf.keyPath, layer: leaf.layer, in: state, poses: poses)
      // An additive animation's values are offsets from the model: it snaps back unless it ends at zero.
      let rest = leaf.additive ? model.map { _ in 0 } : model
      guard let shown = Self.shownValue(leaf, atStart: atStart, current: rest), shown.count == rest.count,
        zip(shown, rest).contains(where: { abs($0 - $1) > 1e-9 }),
        !snapIsUnseen(candidate, among: candidates, in: state, poses: poses)
      else { continue }
      let name = "'\(scene.layers[leaf.layer].baseID)' \(leaf.keyPath.name)"
      let when = removed ? "when the animation is removed" : "when the animation ends"
      context.error(
        LintDiagnostics.snapsBack,
        leaf.additive
          ? "\(name) ends offset from its model value and snaps back \(when)"
          : "\(name) ends away from its model value and snaps back \(when)",
        at: leaf.keyPathSpan,
        notes: [
          (removed
            ? "Core Animation removes a completed animation, so the model value shows again"
            : "with `removedOnCompletion: false` but no forward fill, a finished animation shows the model value again")
            + (state.flatMap {
              poses[$0][leaf.layer] == nil
                ? nil : " (here the pose of the state '\(scene.stateMachine!.states[$0].name)')"
            } ?? "")
        ],
        help: (leaf.additive
          ? "end the animation at 0 (autoreverse it)" : "set the layer's \(leaf.keyPath.property) to the final value")
          + (removed
            ? ", or add `fillMode: forwards` and `removedOnCompletion: false` to the timeline"
            : ", or add `fillMode: forwards` to the timeline"))
      return
    }
  }

  /// The value a leaf shows when it stops (at the end of a pass, or back at its start after autoreversing),
  /// when it can be told without sampling; `current` is what "the current value" reads as (the model, or zero
  /// offsets for an additive animation).
  static func shownValue(_ leaf: Animation, atStart: Bool, current: [Double]) -> [Double]? {
    switch leaf.content {
    case .basic(let v), .spring(_, let v):
      // Core Animation's from/to/by combinations; a missing end is the current value.
      if atStart {
        if let from = v.from { return from }
        if let to = v.to, let by = v.by { return zip(to, by).map(-) }
        return current
      }
      if let to = v.to { return to }
      if let from = v.from, let by = v.by { return zip(from, by).map(+) }
      if let by = v.by { return zip(current, by).map(+) }
      return current
    case .keyframes(let keyframes):
      return atStart ? keyframes.values[0] : keyframes.values.last
    case .motion:
      return nil
    }
  }
}
