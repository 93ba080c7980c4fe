import SceneCore
import SceneModel

/// A snap back nobody can see (W0102 stays silent): the layer is invisible once the animation is removed (its model
/// opacity is 0, it is hidden, or its bounds have no area) and already was when it stopped, because an animation of
/// the same root on the same layer ended on an invisible value (a fade to 0) at or before that moment, and nothing
/// of the root shows the layer again after it. Confetti pieces that fade out as they fly snap home unseen.
extension Linter {
  func snapIsUnseen(
    _ candidate: Candidate, among candidates: [Candidate], in state: Int?, poses: [[Int: [StateMachine.PoseValue]]]
  ) -> Bool {
    let layer = candidate.leaf.layer
    let modelHides = Self.visibilityKeyPaths.contains { keyPath in
      Self.hides(keyPath, modelValue(of: keyPath, layer: layer, in: state, poses: poses))
    }
    guard modelHides else { return false }
    return candidates.contains { hider in
      guard hider.leaf.layer == layer, !hider.leaf.additive, hider.end <= candidate.end + 1e-9,
        Self.visibilityKeyPaths.contains(where: { $0.property == hider.leaf.keyPath.property })
      else { return false }
      let model = modelValue(of: hider.leaf.keyPath, layer: layer, in: state, poses: poses)
      guard let shown = Self.shownValue(hider.leaf, atStart: hider.atStart, current: model),
        Self.hides(hider.leaf.keyPath, shown)
      else { return false }
      // A later animation of the same property may show the layer again before the snap.
      return !candidates.contains {
        $0.leaf.layer == layer && $0.leaf.keyPath.property == hider.leaf.keyPath.property
          && $0.end > hider.end + 1e-9
      }
    }
  }

  /// The key paths whose value alone can make a layer invisible.
  static let visibilityKeyPaths: [AnimatableKeyPath] = ["opacity", "hidden", "bounds"].compactMap {
    AnimatableKeyPath.named($0)
  }

  /// Whether `values` of `keyPath` make a layer invisible: opacity 0, hidden, or a width or height of 0 (in
  /// `bounds`, `bounds.size` or one of its components).
  static func hides(_ keyPath: AnimatableKeyPath, _ values: [Double]) -> Bool {
    switch keyPath.name {
    case "opacity": return values.count == 1 && values[0] <= 0
    case "hidden": return values.count == 1 && values[0] >= AnimatableKeyPath.showsTrueFrom
    case "bounds": return values.count == 4 && (values[2] == 0 || values[3] == 0)
    case "bounds.size": return values.count == 2 && (values[0] == 0 || values[1] == 0)
    case "bounds.size.width", "bounds.size.height": return values.count == 1 && values[0] == 0
    default: return false
    }
  }
}
