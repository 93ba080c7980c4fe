import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  mutating func warnHidden() {
    guard let playingTracks else { return }
    for track in playingTracks where plan.tracks.slots[track] == S.hidden {
      warnings.add(
        ExportDiagnostics.hiddenAsOpacity, layer: tree.id(plan.tracks.layers[track]), keyPath: "hidden",
        "exported as opacity hold keyframes of its Lottie layers (and of its sublayers')")
    }
  }

  /// Opacity below 1 on a layer drawn flat while two or more Lottie layers of its subtree draw.
  mutating func warnGroupOpacity() {
    // Each drawn item is a member of its owner and of the owner's ancestors, except of the layers whose own
    // precomposition holds it (there their opacity is a real group opacity): one walk up per item.
    var membersByLayer: [Int: [Item]] = [:]
    for entry in drawnItems {
      let owner = entry.item.owner
      let inside = Set(entry.context.map { [$0] + tree.ancestors(of: $0) } ?? [])
      for layer in [owner] + tree.ancestors(of: owner) where !inside.contains(layer) {
        membersByLayer[layer, default: []].append(entry.item)
      }
    }
    for layer in 0..<tree.count where !tree.isInMask(layer) {
      let members = membersByLayer[layer] ?? []
      guard members.count > 1 else { continue }
      let overlaps = ever { frames in
        let v = LayerValues(frames[layer])
        guard v.opacity < 1, chainVisible(layer, frames) else { return false }
        let drawing = members.filter { chainVisible($0.owner, frames) && $0.draws!(frames) }
        return drawing.count > 1
      }
      if overlaps {
        warnings.add(
          ExportDiagnostics.groupOpacity, layer: tree.id(layer),
          keyPath: animatedKeyPaths([.slots(layer, S.opacity..<(S.opacity + 1))]),
          "its opacity is applied to each of its Lottie layers; where they overlap they show through each other")
      }
    }
  }
}
