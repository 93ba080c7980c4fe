import SceneCore
import SceneModel

/// How many copies each replicator is built with when its `instanceCount` animates. Core Animation draws as many
/// copies as the presentation count says at each frame; scenec's copies are layers of the plan, laid out when the
/// spec is checked, so a replicator gets as many as the largest count any animation or pose of it writes, and the
/// presentation count then decides which of them are drawn (`ReplicaVisibility`).
enum ReplicaReach {
  /// The largest count written for each replicator (by layer id) that is above its model count; empty when no
  /// count animates above it. An additive animation or a `by` without `from` counts from the model count; a
  /// spring's or a timing curve's overshoot past the written values draws no further copy (there is none).
  /// `animatesInstanceCount` says whether some leaf of `timelines` animates `instanceCount` (`TimelineFacts`): the
  /// trees are walked only then.
  static func counts(
    layers: [LayerInstance], slotValues: [Double], timelines: [Timeline], animatesInstanceCount: Bool,
    machine: StateMachine?, limit: Int
  ) -> [String: Int] {
    var result: [String: Int] = [:]
    func note(_ layer: Int, _ value: Double, fromModel: Bool) {
      let model = slotValues[layer * SlotLayout.count + SlotLayout.instanceCount]
      let reached = min(fromModel ? model + value : value, Double(limit))
      guard reached.isFinite, reached > model else { return }
      result[layers[layer].id] = max(result[layers[layer].id] ?? 0, Int(reached))
    }
    // No leaf animates a count in most scenes: their trees are not walked at all.
    let walked = animatesInstanceCount ? timelines : []
    for timeline in walked {
      timeline.root.forEachAnimation { animation in
        guard animation.keyPath.name == PropertyName.instanceCount.rawValue else { return }
        let additive = animation.additive
        switch animation.content {
        case .basic(let values), .spring(_, let values):
          for value in [values.from, values.to].compactMap({ $0?.first }) {
            note(animation.layer, value, fromModel: additive)
          }
          if let by = values.by?.first {
            note(animation.layer, (values.from?.first ?? 0) + by, fromModel: additive || values.from == nil)
          }
        case .keyframes(let keyframes):
          for value in keyframes.values.flat { note(animation.layer, value, fromModel: additive) }
        case .motion: break
        }
      }
    }
    for state in machine?.states ?? [] {
      for pose in state.pose where pose.keyPath.name == PropertyName.instanceCount.rawValue {
        note(pose.layer, pose.value[0], fromModel: false)
      }
    }
    return result
  }
}
