import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Reads a pose: `{layer id: {key path: value}}`, each value checked against the key path and the layer's type
/// exactly as an animation value is, and evaluated per instance for a repeated layer (`fan` binds `i`).
extension StateChecker {
  /// The slots one pose value writes, to find two values that write the same property.
  private struct Written {
    let keyPath: AnimatableKeyPath
    let span: Span

    /// `path`, `colors`, `locations` and `shadowPath` write no slot but the layer's list numbers; each stands for
    /// itself.
    var slots: Range<Int> {
      guard let slot = keyPath.slot else {
        let lists = [PropertyName.path, .locations, .colors, .shadowPath]
        let list = lists.firstIndex { $0.rawValue == keyPath.property } ?? 0
        return (-1 - list)..<(-list)
      }
      return slot..<slot + keyPath.slotCount
    }
  }

  mutating func readPose(_ node: YAMLNode) -> [StateMachine.PoseValue]? {
    guard context.expectMapping(node, place: "a pose (layer ids mapped to property values)") else { return nil }
    var pose: [StateMachine.PoseValue] = []
    var written: [Int: [Written]] = [:]
    var ok = true
    for entry in document.entries(node) {
      guard let targets = TimelineChecker(context: context, layers: layers).resolveTarget(entry.key) else {
        ok = false
        continue
      }
      let layerID = document.scalar(entry.key)
      guard context.expectMapping(entry.value, place: "the pose of '\(layerID)' (key paths mapped to values)") else {
        ok = false
        continue
      }
      for valueEntry in document.entries(entry.value) {
        guard let keyPath = poseKeyPath(valueEntry.key, layer: layers.layers[targets[0]]) else {
          ok = false
          continue
        }
        let keySpan = context.span(valueEntry.key)
        for target in targets {
          guard let value = poseValue(valueEntry.value, keyPath: keyPath, layer: target) else {
            ok = false
            break  // One report per written value, not one per instance.
          }
          let new = Written(keyPath: keyPath, span: keySpan)
          if let clash = written[target, default: []].first(where: { $0.slots.overlaps(new.slots) }) {
            reportOverlap(new, with: clash, layer: layers.layers[target])
            ok = false
            break
          }
          written[target, default: []].append(new)
          pose.append(StateMachine.PoseValue(layer: target, keyPath: keyPath, value: value, span: keySpan))
          posedLayers.insert(target)
        }
      }
    }
    return ok ? pose : nil
  }

  /// The value for one instance, with that instance's loop variable bound.
  private func poseValue(_ node: YAMLNode, keyPath: AnimatableKeyPath, layer index: Int) -> [Double]? {
    let outer = context.environment.names
    context.environment.names = outer.merging(layers.bindings[index] ?? [:]) { $1 }
    defer { context.environment.names = outer }
    return TimelineChecker(context: context, layers: layers).keyPathValue(
      node, keyPath: keyPath, layer: index)
  }

  /// A key path a pose may set: an animatable one, of the layer's type. Non-animatable properties (`string`,
  /// `lineCap`) cannot be posed: a transition could only jump to them.
  private func poseKeyPath(_ node: YAMLNode, layer: LayerInstance) -> AnimatableKeyPath? {
    guard let text = context.text(node, what: "a key path") else { return nil }
    guard let keyPath = AnimatableKeyPath.named(text) else {
      if context.reportStaticInstanceDelay(node) { return nil }
      if context.reportUnsupportedProperty(node) { return nil }
      let names = AnimatableKeyPath.all.filter { $0.layerTypes.contains(layer.type) }.map(\.name)
      let meant = KeyPathSuggestion(text, among: names)
      var notes: [String] = []
      if LayerProperty.named(text) != nil {
        notes.append("'\(text)' is a property, but Core Animation does not animate it, so a pose cannot set it")
      }
      context.error(
        CheckDiagnostics.unknownKeyPath, "'\(text)' is not an animatable key path", at: context.span(node),
        notes: notes,
        help: meant.help ?? "a pose sets the key paths Grammar.md lists", replacement: meant.replacement)
      return nil
    }
    guard keyPath.animates(layer.type) else {
      let owner = keyPath.layerTypes.map(\.rawValue).sorted().joined(separator: " or ")
      context.error(
        CheckDiagnostics.wrongLayerType,
        "'\(text)' is a property of \(owner) layers, and '\(layer.baseID)' is \(layer.type.phrase)",
        at: context.span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)],
        help: "remove '\(text)' from this pose, or pose a \(owner) layer")
      return nil
    }
    return keyPath
  }

  private func reportOverlap(_ new: Written, with first: Written, layer: LayerInstance) {
    let what =
      new.keyPath.name == first.keyPath.name
      ? "'\(new.keyPath.name)' is set twice"
      : "'\(first.keyPath.name)' and '\(new.keyPath.name)' both set \(new.keyPath.property)"
    context.error(
      CheckDiagnostics.conflictingKeys, "\(what) for '\(layer.id)' in this pose", at: new.span,
      labels: [.init("'\(first.keyPath.name)' set here", at: first.span)],
      help: "set each part of a property once: keep one of the two")
  }
}
