import SceneCore
import SceneDiagnostics
import SceneModel

/// Warnings on a checked scene: things that have one meaning, but rarely the one meant.
struct Linter {
  let context: CheckContext
  let scene: Scene
  let animatedLayers: Set<Int>

  /// For each (layer, property) pair, how many timelines animate it: counted once, so that "animated by another
  /// timeline" is a lookup (`> 1`) rather than a union of every other timeline's pairs (quadratic in timelines).
  private var timelinesAnimating: [PropertyUse: Int] {
    var counts: [PropertyUse: Int] = [:]
    for timeline in scene.timelines {
      var uses = Set<PropertyUse>()
      Self.forEachLeaf(timeline.root) { uses.insert(PropertyUse(layer: $0.layer, property: $0.keyPath.property)) }
      for use in uses { counts[use, default: 0] += 1 }
    }
    return counts
  }

  struct PropertyUse: Hashable {
    let layer: Int
    let property: String
  }

  func run() {
    let counts = timelinesAnimating
    for timeline in scene.timelines {
      for root in Self.roots(timeline.root) { checkRoot(root, timelinesAnimating: counts) }
      checkGroups(timeline.root)
    }
    checkUnusedNames()
    checkHiddenLayers()
  }

  /// The top-level animations of a timeline: its root, or the copies of a root that targets a repeated layer.
  static func roots(_ node: AnimationNode) -> [AnimationNode] {
    if case .instances(let copies) = node.kind { return copies.flatMap(roots) }
    return [node]
  }

  /// Removal and fill are decided by the animation added to the layer: the timeline's root.
  private func checkRoot(_ root: AnimationNode, timelinesAnimating: [PropertyUse: Int]) {
    let timing = root.timing
    if timing.removedOnCompletion, timing.fillMode.fillsForwards {
      context.error(
        LintDiagnostics.fillNeverShows,
        "fillMode \(timing.fillMode.rawValue) has no effect: the animation is removed when it completes",
        at: root.span, notes: ["a removed animation shows the model value again, whatever its fill mode"],
        help: "add `removedOnCompletion: false` to keep the final value on screen")
    }
    if timing.removedOnCompletion, root.end.isFinite {
      for leaf in Self.leaves(root) { checkSnapBack(leaf) }
    }
    // Restoring the model value undoes what another timeline holds, so only a lone restatement is a no-op.
    // The leaf's own timeline is one of those counted.
    for leaf in Self.leaves(root)
    where timelinesAnimating[PropertyUse(layer: leaf.layer, property: leaf.keyPath.property), default: 0] <= 1 {
      checkNoOp(leaf)
    }
  }

  private func checkSnapBack(_ leaf: Animation) {
    // A boolean switching back is how a spec shows or hides a layer for a while; it is not a jump.
    guard !leaf.additive, !leaf.keyPath.isDiscrete, let final = Self.finalValue(leaf) else { return }
    let model = scene.layers[leaf.layer].value(of: leaf.keyPath)
    guard final.count == model.count, zip(final, model).contains(where: { abs($0 - $1) > 1e-9 }) else { return }
    context.error(
      LintDiagnostics.snapsBack,
      "'\(scene.layers[leaf.layer].baseID)' \(leaf.keyPath.name) ends away from its model value and snaps back when the animation is removed",
      at: leaf.keyPathSpan, notes: ["Core Animation removes a completed animation, so the model value shows again"],
      help: "set the layer's \(leaf.keyPath.property) to the final value, or add `fillMode: forwards` and `removedOnCompletion: false` to the timeline")
  }

  private func checkNoOp(_ leaf: Animation) {
    // Equal values still change what is shown when they differ from the model (a held pose); only an
    // animation that repeats the model value, or adds nothing, changes nothing.
    let first: [Double]
    switch leaf.content {
    case .basic(let v), .spring(_, let v):
      if let by = v.by, v.from == nil || v.to == nil, by.allSatisfy({ $0 == 0 }) {
        first = [0]
      } else if let from = v.from, let to = v.to, from == to {
        first = from
      } else {
        return
      }
    case .keyframes(let keyframes):
      let values = keyframes.values
      guard values.count > 1 else { return }
      // Every keyframe equal to the first, compared in place (no array per keyframe).
      let flat = values.flat
      guard values.width == 0 || (values.width..<flat.count).allSatisfy({ flat[$0] == flat[$0 % values.width] })
      else { return }
      first = values[0]
    case .motion:
      return
    }
    let model = scene.layers[leaf.layer].value(of: leaf.keyPath)
    guard leaf.additive ? first.allSatisfy({ $0 == 0 }) : first == model else { return }
    context.error(
      LintDiagnostics.noOpAnimation, "this \(leaf.keyPath.name) animation changes nothing: all its values equal the model value",
      at: leaf.keyPathSpan, help: "remove it, or give it values that differ")
  }

  /// A child whose first pass does not fit in its group's duration.
  private func checkGroups(_ node: AnimationNode) {
    switch node.kind {
    case .animation: return
    case .instances(let copies): copies.forEach(checkGroups)
    case .group(let children):
      for child in children {
        for single in Self.roots(child) {
          let firstPass = single.timing.beginTime + single.timing.duration / max(abs(single.timing.speed), 1e-300)
          if single.timing.speed != 0, firstPass > node.timing.duration + 1e-9 {
            context.error(
              LintDiagnostics.groupClipsChild,
              "the group's duration (\(NumberFormatting.shortest(node.timing.duration)) s) cuts this entry off at \(NumberFormatting.shortest(node.timing.duration - single.timing.beginTime)) s of its \(NumberFormatting.shortest(single.timing.duration)) s",
              at: single.span, labels: [.init("the group", at: node.span)],
              help: "lengthen the group, or shorten the entry")
          }
        }
        checkGroups(child)
      }
    }
  }

  private func checkUnusedNames() {
    for (name, span) in context.letSpans where !context.usedNames.contains(name) {
      context.error(LintDiagnostics.unusedLet, "'\(name)' is never used", at: span, help: "remove it, or use it")
    }
    for (name, entry) in context.paths where !context.usedPaths.contains(name) {
      context.error(LintDiagnostics.unusedPath, "the path '\(name)' is never used", at: entry.span, help: "remove it, or use it")
    }
  }

  private func checkHiddenLayers() {
    var reported = Set<String>()
    // Once, not per hidden layer (which made the check quadratic in layers).
    let animatedIDs = Set(animatedLayers.lazy.filter { self.scene.layers.indices.contains($0) }.map { self.scene.layers[$0].baseID })
    for (index, layer) in scene.layers.enumerated() where !animatedLayers.contains(index) && !layer.isMask {
      let hidden = layer.values[SlotLayout.hidden] != 0
      let transparent = layer.values[SlotLayout.opacity] == 0
      guard hidden || transparent, reported.insert(layer.baseID).inserted else { continue }
      guard !animatedIDs.contains(layer.baseID) else { continue }
      context.error(
        LintDiagnostics.unusedLayer, "'\(layer.baseID)' is \(hidden ? "hidden" : "fully transparent") and no timeline shows it",
        at: layer.idSpan, help: "remove the layer, or animate it into view")
    }
  }

  /// The animations under `node`, in order, gathered into one array (not an array per level, which costs
  /// depth × leaves in a deeply nested timeline).
  static func leaves(_ node: AnimationNode) -> [Animation] {
    var list: [Animation] = []
    forEachLeaf(node) { list.append($0) }
    return list
  }

  static func forEachLeaf(_ node: AnimationNode, _ body: (Animation) -> Void) {
    switch node.kind {
    case .animation(let animation): body(animation)
    case .group(let children), .instances(let children): for child in children { forEachLeaf(child, body) }
    }
  }

  /// The value a leaf shows at its end, when it can be told without sampling.
  static func finalValue(_ leaf: Animation) -> [Double]? {
    switch leaf.content {
    case .basic(let v), .spring(_, let v):
      if let to = v.to { return to }
      if let from = v.from, let by = v.by { return zip(from, by).map(+) }
      return nil
    case .keyframes(let keyframes):
      return keyframes.values.last
    case .motion:
      return nil
    }
  }
}
