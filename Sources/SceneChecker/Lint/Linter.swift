import SceneCore
import SceneDiagnostics
import SceneModel

/// Warnings on a checked scene: things that have one meaning, but rarely the one meant.
///
/// A class, not a struct: the walks' closures capture `self`, and capturing a struct copied the whole linter (the
/// scene's arrays, the context, the set) for every timeline root.
final class Linter {
  let context: CheckContext
  let scene: Scene
  let animatedLayers: LayerSet

  /// Every animation leaf's use of a (layer, property), timeline by timeline and root by root, with what the no-op
  /// check needs, as the checker noted them while decoding (`TimelineFacts`): the checks pass over this contiguous
  /// list instead of walking the timelines' trees, whose boxes a walk after the decoding finds cold.
  let uses: [TimelineUse]
  /// Where each timeline root's uses end in `uses`, roots in the order `forEachRoot` visits them.
  let rootEnds: [Int]
  /// Group children cut off by their group's duration, timeline by timeline.
  let clippedChildren: [TimelineFacts.ClippedChild]

  struct TimelineUse {
    let timeline: Int
    let use: PropertyUse
    let keyPath: AnimatableKeyPath
    let keyPathSpan: Span
    /// Whether the leaf changes nothing over its own layer's model value (`isNoOp`).
    let isNoOp: Bool
  }

  init(context: CheckContext, scene: Scene, animatedLayers: LayerSet, facts: TimelineFacts) {
    self.context = context
    self.scene = scene
    self.animatedLayers = animatedLayers
    uses = facts.uses
    rootEnds = facts.rootEnds
    clippedChildren = facts.clippedChildren
  }

  /// A (layer, property) pair; the property by its key, so that a count's lookup compares small integers.
  struct PropertyUse: Hashable {
    let layer: Int
    let property: PropertyName?
  }

  func run() {
    let counts = PropertyUseCounts(layerCount: scene.layers.count, uses: uses)
    let contexts = modelContexts()
    let poses = posesByLayer()
    var root = 0
    var clipped = 0
    // By index: `enumerated()` copied (retained) every field of every timeline.
    for index in scene.timelines.indices {
      var noOps = NoOpTally()
      let firstRoot = root
      Self.forEachRoot(scene.timelines[index].root) { node in
        checkRoot(
          node, leaves: useRange(ofRoot: root), timelinesAnimating: counts, contexts: contexts[index], poses: poses,
          noOps: &noOps)
        root += 1
      }
      // Only no-op copies were entered; when there are any, the copies of the same animations that change
      // something are found in a second pass.
      if !noOps.entries.isEmpty {
        markChangingCopies(
          leaves: useRange(ofRoot: firstRoot).lowerBound..<useRange(ofRoot: root - 1).upperBound,
          timelinesAnimating: counts, noOps: &noOps)
      }
      reportNoOps(noOps)
      while clipped < clippedChildren.count, clippedChildren[clipped].timeline == index {
        reportClipped(clippedChildren[clipped])
        clipped += 1
      }
    }
    checkUnusedNames()
    checkHiddenLayers()
    checkFlatRadialGradients(pointsAnimated: layersWithAnimatedGradientPoints())
    checkInvisibleShadows()
    checkSublayerTransforms()
  }

  /// The uses of timeline root `root` (counted over all timelines) in `uses`.
  private func useRange(ofRoot root: Int) -> Range<Int> { (root == 0 ? 0 : rootEnds[root - 1])..<rootEnds[root] }

  /// A `sublayerTransform` set or animated on a layer without sublayers: Core Animation applies it to the
  /// sublayers alone (not to the layer itself, nor its mask), so it is most likely meant for the superlayer or as
  /// the layer's `transform`.
  private func checkSublayerTransforms() {
    // Layers by index, here and below: `for layer in scene.layers` copies (retains) every field of every layer.
    var superlayers = LayerSet()
    for index in scene.layers.indices where !scene.layers[index].isMask {
      if let parent = scene.layers[index].parent { superlayers.insert(parent) }
    }
    var animated = LayerSet()
    for use in uses where use.use.property == .sublayerTransform { animated.insert(use.use.layer) }
    let property = LayerProperty.of(.sublayerTransform)
    let defaultValue = property.defaultValue ?? []
    var reported = Set<String>()
    for index in scene.layers.indices where !superlayers.contains(index) {
      let set = !holds(defaultValue, in: property.slots, of: index)
      guard set || animated.contains(index) else { continue }
      let layer = scene.layers[index]
      guard reported.insert(layer.baseID).inserted else { continue }
      context.error(
        LintDiagnostics.sublayerTransformWithoutSublayers,
        "'\(layer.baseID)' has a sublayerTransform but no sublayers, so it changes nothing",
        at: layer.idSpan, notes: ["sublayerTransform applies to a layer's sublayers, about the layer's anchor point"],
        help: "move it to the superlayer of the layers it should turn, or use `transform` on this layer")
    }
  }

  /// Whether layer `index`'s model values in `slots` are `value` (a property's default), compared in place: every
  /// layer is asked, and a generic comparison of two collections cost more than the rest of its check.
  func holds(_ value: [Double], in slots: Range<Int>, of index: Int) -> Bool {
    guard slots.count == value.count else { return false }
    let base = index * SlotLayout.count + slots.lowerBound
    return scene.slotValues.withUnsafeBufferPointer { values in
      value.withUnsafeBufferPointer { value in
        for offset in value.indices where values[base + offset] != value[offset] { return false }
        return true
      }
    }
  }

  /// Calls `body` with the top-level animations under `node`: the node itself, or the copies of a node that
  /// targets a repeated layer (a timeline's roots, or a group child's).
  static func forEachRoot(_ node: AnimationNode, _ body: (AnimationNode) -> Void) {
    guard case .instances(let copies) = node.kind else { return body(node) }
    for copy in copies { forEachRoot(copy, body) }
  }

  /// Removal and fill are decided by the animation added to the layer: the timeline's root.
  private func checkRoot(
    _ root: AnimationNode, leaves: Range<Int>, timelinesAnimating: PropertyUseCounts, contexts: [Int?],
    poses: [[Int: [StateMachine.PoseValue]]], noOps: inout NoOpTally
  ) {
    let timing = root.timing
    if timing.removedOnCompletion, timing.fillMode.fillsForwards {
      context.error(
        LintDiagnostics.fillNeverShows,
        "fillMode \(timing.fillMode.rawValue) has no effect: the animation is removed when it completes",
        at: root.span, notes: ["a removed animation shows the model value again, whatever its fill mode"],
        help: "add `removedOnCompletion: false` to keep the final value on screen")
    }
    // Kept but not filling forwards, a finished animation shows the model again just as a removed one does.
    if timing.removedOnCompletion || !timing.fillMode.fillsForwards, root.end.isFinite {
      let candidates = Self.snapBackCandidates(root)
      for candidate in candidates where !candidate.handedOver {
        checkSnapBack(
          candidate, among: candidates, removed: timing.removedOnCompletion, contexts: contexts, poses: poses)
      }
    }
    // Restoring the model value undoes what another timeline holds, so only a lone restatement is a no-op.
    // The leaf's own timeline is one of those counted.
    for index in leaves where uses[index].isNoOp && isAlone(uses[index], timelinesAnimating: timelinesAnimating) {
      noOps.enter(uses[index])
    }
  }

  /// Whether no other timeline animates the leaf's property of its layer (its own timeline is one of those counted).
  private func isAlone(_ leaf: TimelineUse, timelinesAnimating: PropertyUseCounts) -> Bool {
    timelinesAnimating.count(layer: leaf.use.layer, property: leaf.use.property) <= 1
  }

  /// Marks the animations entered in `noOps` of which a copy, counted as `checkRoot` counts it, changes something.
  private func markChangingCopies(leaves: Range<Int>, timelinesAnimating: PropertyUseCounts, noOps: inout NoOpTally) {
    for index in leaves {
      let leaf = uses[index]
      guard !leaf.isNoOp, noOps.entries[leaf.keyPathSpan] != nil, isAlone(leaf, timelinesAnimating: timelinesAnimating)
      else { continue }
      noOps.entries[leaf.keyPathSpan]?.allNoOps = false
    }
  }

  /// Whether a leaf changes nothing over `model` (read only when the values alone leave it open: most leaves
  /// animate between different values, and the model value is an array built per call).
  static func isNoOp(_ leaf: Animation, model: @autoclosure () -> [Double]) -> Bool {
    // Equal values still change what is shown when they differ from the model (a held pose); only an
    // animation that repeats the model value, or adds nothing, changes nothing.
    let first: [Double]
    switch leaf.content {
    case .basic(let v), .spring(_, let v):
      if let by = v.by, v.from == nil || v.to == nil, by.allSatisfy({ $0 == 0 }) {
        // Adding nothing to the current value, or from a value to itself.
        guard let start = v.from ?? v.to else { return true }
        first = start
      } else if let from = v.from, let to = v.to, from == to {
        first = from
      } else {
        return false
      }
    case .keyframes(let keyframes):
      let values = keyframes.values
      guard values.count > 1 else { return false }
      // Every keyframe equal to the first, compared in place (no array per keyframe).
      let flat = values.flat
      guard values.width == 0 || (values.width..<flat.count).allSatisfy({ flat[$0] == flat[$0 % values.width] })
      else { return false }
      first = values[0]
    case .motion:
      return false
    }
    return leaf.additive ? first.allSatisfy({ $0 == 0 }) : first == model()
  }

  /// Whether each written animation is a no-op in every copy: a repeated layer's copies differ (`by: 0.5 * i`
  /// adds nothing only to instance 0).
  struct NoOpTally {
    /// By the key path's span, the written animations of which some copy is a no-op: the key path's name, and
    /// whether every copy is one. Only no-op copies are entered (entering every leaf, most of which change
    /// something, cost a dictionary insertion each); `markChangingCopies` then clears `allNoOps`. The name
    /// rather than the leaf: a copy of every animation (its arrays and strings retained) was most of the lint's time.
    var entries: [Span: (keyPathName: String, allNoOps: Bool)] = [:]

    mutating func enter(_ noOp: TimelineUse) {
      if entries[noOp.keyPathSpan] == nil { entries[noOp.keyPathSpan] = (noOp.keyPath.name, true) }
    }
  }

  private func reportNoOps(_ tally: NoOpTally) {
    for (span, entry) in tally.entries where entry.allNoOps {
      context.error(
        LintDiagnostics.noOpAnimation,
        "this \(entry.keyPathName) animation changes nothing: all its values equal the model value",
        at: span, help: "remove it, or give it values that differ")
    }
  }

  /// A child whose first pass does not fit in its group's duration.
  private func reportClipped(_ child: TimelineFacts.ClippedChild) {
    let duration = MessageNumber.text(child.groupDuration)
    // An entry that begins at or after the group's end never plays: no cut time to give (it was negative).
    let neverPlays = child.beginTime >= child.groupDuration
    let message =
      neverPlays
      ? "the group's duration (\(duration) s) ends before this entry begins (at "
        + "\(MessageNumber.text(child.beginTime)) s), so it never plays"
      : "the group's duration (\(duration) s) cuts this entry off at "
        + "\(MessageNumber.text(child.groupDuration - child.beginTime)) s "
        + "of its \(MessageNumber.text(child.duration)) s"
    context.error(
      LintDiagnostics.groupClipsChild, message, at: child.entry, labels: [.init("the group", at: child.group)],
      help: neverPlays
        ? "lengthen the group, or begin the entry earlier" : "lengthen the group, or shorten the entry")
  }

  private func checkUnusedNames() {
    for (name, span) in context.letSpans where !context.usedNames.contains(name) {
      context.error(LintDiagnostics.unusedLet, "'\(name)' is never used", at: span, help: "remove it, or use it")
    }
    for (name, entry) in context.paths where !context.usedPaths.contains(name) {
      context.error(
        LintDiagnostics.unusedPath, "the path '\(name)' is never used", at: entry.span, help: "remove it, or use it")
    }
  }

  private func checkHiddenLayers() {
    var reported = Set<String>()
    // Once, not per hidden layer (which made the check quadratic in layers), and only when some layer is hidden:
    // hashing the id of every animated layer was most of this check's time on a spec of many animated layers.
    var animatedIDs: Set<String>?
    // By index: `for layer in scene.layers` copies (retains) every field of every layer.
    for index in scene.layers.indices where !animatedLayers.contains(index) && !scene.layers[index].isMask {
      let hidden = scene.value(SlotLayout.hidden, of: index) != 0
      let transparent = scene.value(SlotLayout.opacity, of: index) == 0
      guard hidden || transparent else { continue }
      let layer = scene.layers[index]
      guard reported.insert(layer.baseID).inserted else { continue }
      if animatedIDs == nil {
        animatedIDs = Set(
          animatedLayers.members.lazy.filter { self.scene.layers.indices.contains($0) }.map {
            self.scene.layers[$0].baseID
          })
      }
      guard animatedIDs?.contains(layer.baseID) != true else { continue }
      context.error(
        LintDiagnostics.unusedLayer,
        "'\(layer.baseID)' is \(hidden ? "hidden" : "fully transparent") and no timeline shows it",
        at: layer.idSpan, help: "remove the layer, or animate it into view")
    }
  }
}
