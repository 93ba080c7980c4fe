import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Checks `timelines`: tells the kinds of entries apart by their keys, resolves targets and key paths,
/// evaluates values per target instance, resolves default durations and lowers sequences into groups.
struct TimelineChecker {
  let context: CheckContext
  let layers: LayerChecker
  /// Layer instances some timeline animates or shows, for the unused-layer lint.
  var animatedLayers = LayerSet()
  /// What the linter and the replicator pass need, noted as the entries are decoded.
  var facts = TimelineFacts()
  /// The index the timeline being decoded will have in the checked scene.
  var timelineIndex = 0
  var animationCount = 0
  private var reportedAnimationLimit = false
  private var keyframeValueCount = 0

  init(context: CheckContext, layers: LayerChecker) {
    self.context = context
    self.layers = layers
  }

  private var document: YAMLDocument { context.document }

  static let entryKeys: [SchemaKey] = SpecSchema.timing + SpecSchema.animation

  mutating func checkTimelines(_ node: YAMLNode) -> [Timeline] {
    guard context.expectMapping(node, place: "timelines") else { return [] }
    var timelines: [Timeline] = []
    timelines.reserveCapacity(document.count(node))  // one per entry at most: never regrown (nor copied)
    for entry in document.entries(node) {
      guard let name = context.name(entry.key, what: "timeline name") else { continue }
      var autoplay = false
      if let autoplayEntry = context.firstEntry(entry.value, named: "autoplay") {
        autoplay = context.bool(autoplayEntry.value) ?? false
      }
      timelineIndex = timelines.count
      let mark = facts.mark
      guard let root = decode(entry.value, targets: nil, insideInstances: false, isRoot: true, depth: 0) else {
        facts.rollBack(to: mark)
        continue
      }
      timelines.append(Timeline(name: name, autoplay: autoplay, root: root, nameSpan: context.span(entry.key)))
    }
    return timelines
  }

  /// Decodes an entry; an entry whose target is several instances becomes an `instances` node of copies, each
  /// evaluated with its instance's loop variable bound.
  mutating func decode(
    _ node: YAMLNode, targets inherited: TargetInstances?, insideInstances: Bool, isRoot: Bool, depth: Int
  )
    -> AnimationNode?
  {
    guard depth <= context.limits.maxNesting else {
      context.error(
        CheckDiagnostics.nestingTooDeep, "timeline groups nested deeper than \(context.limits.maxNesting) levels",
        at: context.keyAnchor(node), help: "raise the limit with --max-nesting if this is meant")
      return nil
    }
    var targets = inherited
    if let targetEntry = context.firstEntry(node, named: "target") {
      guard let resolved = resolveTarget(targetEntry.value) else { return nil }
      if insideInstances, let inherited, resolved != inherited {
        context.error(
          CheckDiagnostics.targetInsideInstances,
          "inside an entry that animates every instance of a repeated layer, a child cannot target another layer",
          at: context.span(targetEntry.value),
          help:
            "move this entry out of the group, or target one instance such as "
            + "'\(layers.layers[inherited[0]].id)' at the top"
        )
        return nil
      }
      targets = resolved
    }
    if let targets, targets.count > 1 {
      var copies: [AnimationNode] = []
      let outer = context.environment.names
      for target in targets {
        context.environment.names = bound(outer, target: target)
        if let copy = decodeSingle(
          node, target: TargetInstances(target), insideInstances: true, isRoot: isRoot, depth: depth)
        {
          copies.append(copy)
        }
      }
      context.environment.names = outer
      guard copies.count == targets.count else { return nil }
      return AnimationNode(kind: .instances(copies), timing: .transparent, span: context.span(node))
    }
    // A target whose loop variable binds nothing (most) leaves the names as they are: no dictionary is swapped in and
    // back for each animation.
    if let target = targets?.first, !layers.bindings.isEmpty, layers.bindings[target] != nil {
      let outer = context.environment.names
      context.environment.names = bound(outer, target: target)
      defer { context.environment.names = outer }
      return decodeSingle(node, target: targets, insideInstances: insideInstances, isRoot: isRoot, depth: depth)
    }
    return decodeSingle(node, target: targets, insideInstances: insideInstances, isRoot: isRoot, depth: depth)
  }

  /// `names` with the loop variable of `target`'s instance bound; `names` itself (no copy) for a layer that is
  /// not repeated.
  private func bound(_ names: [String: Quantity], target: Int) -> [String: Quantity] {
    guard let binding = layers.bindings[target] else { return names }
    return names.merging(binding) { $1 }
  }

  /// `fan` → every instance; `fan[2]` → one; anything else is an unknown layer.
  func resolveTarget(_ node: YAMLNode) -> TargetInstances? {
    guard let text = context.text(node, what: "a layer id") else { return nil }
    if let instances = layers.instancesByID[text], !instances.isEmpty { return instances }
    if let copies = layers.replicasByID[text] { return TargetInstances(copies) }
    if let tilde = text.firstIndex(of: "~"), layers.layers.contains(where: { $0.id == text }) {
      let source = String(text[..<tilde])
      context.error(
        ReplicatorDiagnostics.replicaNotAddressable,
        "'\(text)' is a copy a replicator draws of '\(source)', not a layer of its own", at: context.span(node),
        notes: ["each copy plays the animations of its sublayer, instanceDelay later for each copy"],
        help: "target '\(source)' (every copy), and vary the copies with the replicator's instance properties",
        replacement: source)
      return nil
    }
    if let index = layers.layers.firstIndex(where: { $0.id == text }) { return TargetInstances(index) }
    if layers.instancesByID[text] != nil {
      context.error(
        CheckDiagnostics.unknownLayer, "'\(text)' is repeated 0 times, so there is nothing to animate",
        at: context.span(node))
      return nil
    }
    if let open = text.firstIndex(of: "["), text.hasSuffix("]"),
      let instances = layers.instancesByID[String(text[..<open])]
    {
      let base = String(text[..<open])
      let range = instances.isEmpty ? "none: it is repeated 0 times" : "\(base)[0] … \(base)[\(instances.count - 1)]"
      context.error(
        CheckDiagnostics.unknownLayer, "'\(text)' is not an instance of '\(base)'", at: context.span(node),
        notes: ["the instances are \(range)"], help: "target an existing instance, or '\(base)' for all of them")
      return nil
    }
    // The ids are sorted for the search only when the budget allows it: a sort per unknown id was itself quadratic.
    let suggestion =
      context.spendSuggestionSearch(among: layers.instancesByID.count)
      ? Suggestions.closest(to: text, among: Array(layers.instancesByID.ids).sorted()).first : nil
    context.error(
      CheckDiagnostics.unknownLayer, "no layer has the id '\(text)'", at: context.span(node),
      help: suggestion.map { "did you mean '\($0)'?" } ?? "target one of the ids under `layers`",
      replacement: suggestion)
    return nil
  }

  /// Decodes an entry for one target (or none); a root's copy ends a root's uses in `facts`.
  private mutating func decodeSingle(
    _ node: YAMLNode, target: TargetInstances?, insideInstances: Bool, isRoot: Bool, depth: Int
  ) -> AnimationNode? {
    let decoded = decodeEntry(node, target: target, insideInstances: insideInstances, isRoot: isRoot, depth: depth)
    if isRoot, decoded != nil { facts.rootEnds.append(facts.uses.count) }
    return decoded
  }

  private mutating func decodeEntry(
    _ node: YAMLNode, target: TargetInstances?, insideInstances: Bool, isRoot: Bool, depth: Int
  ) -> AnimationNode? {
    if document.kind(node) == .sequence {
      let children = decodeChildren(node, targets: target, insideInstances: insideInstances, depth: depth)
      guard let children else { return nil }
      var timing = Timing()
      timing.duration = Self.latestEnd(children) ?? 0
      let span = context.span(node)
      noteClippedChildren(children, groupDuration: timing.duration, groupSpan: span)
      return AnimationNode(kind: .group(children), timing: timing, span: span)
    }
    guard let fields = context.fields(of: node, table: EntryKey.table, place: "a timeline entry") else { return nil }
    if !isRoot, let entry = fields.entry(EntryKey.autoplay) {
      context.error(
        CheckDiagnostics.misplacedKey, "'autoplay' belongs on a timeline's root entry", at: context.span(entry.key),
        help: "move it to the top of the timeline")
    }
    let (timing, duration, timingOK) = context.timing(fields)
    // Most entries are animations: decoded without building the list of kinds, which only a group or a clash needs.
    if fields.has(EntryKey.keyPath), !fields.has(EntryKey.group), !fields.has(EntryKey.sequence) {
      return decodeAnimation(fields, target: target, timing: timing, duration: duration, timingOK: timingOK)
    }
    let kinds = ["group", "sequence", "keyPath"].filter { fields.has($0) }
    guard kinds.count == 1 else {
      if kinds.isEmpty {
        context.error(
          CheckDiagnostics.animationKind, "a timeline entry needs 'keyPath' (an animation), 'group' or 'sequence'",
          at: context.keyAnchor(node),
          help: "add `keyPath:` with from/to/by, values or spring, or list children under `group:`")
      } else {
        let second = fields.entry(kinds[1])!
        context.error(
          CheckDiagnostics.animationKind, "'\(kinds[0])' and '\(kinds[1])' cannot be given together",
          at: context.span(second.key), help: "split them into separate entries")
      }
      return nil
    }
    for key in [
      "additive", "cumulative", "from", "to", "by", "values", "keyTimes", "timingFunctions", "calculationMode",
      "tension", "continuity", "bias", "path", "rotationMode", "spring",
    ] {
      if let entry = fields.entry(key) {
        context.error(
          CheckDiagnostics.misplacedKey, "'\(key)' belongs on an animation, not on a \(kinds[0])",
          at: context.span(entry.key), help: "move it into the animation it is meant for")
        return nil
      }
    }
    guard let childrenNode = fields.value(kinds[0]),
      let children = decodeChildren(childrenNode, targets: target, insideInstances: insideInstances, depth: depth)
    else { return nil }
    guard timingOK else { return nil }
    var resolved = timing
    var laidOut = children
    if kinds[0] == "sequence" {
      // Each child begins where the previous one's active duration ends, plus its own beginTime.
      var cursor = 0.0
      for index in laidOut.indices {
        let extent = laidOut[index].end
        shiftBegin(&laidOut[index], by: cursor)
        cursor += extent
      }
    }
    resolved.duration = duration ?? (Self.latestEnd(laidOut) ?? 0)
    if resolved.duration <= 0 {
      // A group of zero-length children: give it the leaf default rather than an empty active window.
      resolved.duration = 0.25
    }
    let span = context.span(fields.node)
    noteClippedChildren(laidOut, groupDuration: resolved.duration, groupSpan: span)
    return AnimationNode(kind: .group(laidOut), timing: resolved, span: span)
  }

  /// Notes for the linter each child (each copy of one) whose first pass does not fit in its group's duration.
  /// A child's timing and span are read in place; only a child of copies is switched on (a copy of it each).
  private mutating func noteClippedChildren(_ children: [AnimationNode], groupDuration: Double, groupSpan: Span) {
    for index in children.indices {
      if case .instances = children[index].kind {
        Linter.forEachRoot(children[index]) { noteIfClipped($0.timing, $0.span, groupDuration, groupSpan) }
      } else {
        noteIfClipped(children[index].timing, children[index].span, groupDuration, groupSpan)
      }
    }
  }

  private mutating func noteIfClipped(_ timing: Timing, _ span: Span, _ groupDuration: Double, _ groupSpan: Span) {
    let firstPass = timing.beginTime + timing.duration / max(abs(timing.speed), 1e-300)
    guard timing.speed != 0, firstPass > groupDuration + 1e-9 else { return }
    facts.clippedChildren.append(
      TimelineFacts.ClippedChild(
        timeline: timelineIndex, entry: span, group: groupSpan, groupDuration: groupDuration,
        beginTime: timing.beginTime, duration: timing.duration))
  }

  /// The latest `end` of `nodes` (as `nodes.map(\.end).max()`), read in place instead of through an array of them.
  private static func latestEnd(_ nodes: [AnimationNode]) -> Double? {
    var latest: Double?
    for index in nodes.indices {
      let end = nodes[index].end
      if let current = latest, !(current < end) { continue }
      latest = end
    }
    return latest
  }

  private func shiftBegin(_ node: inout AnimationNode, by offset: Double) {
    switch node.kind {
    case .instances(var copies):
      for index in copies.indices { shiftBegin(&copies[index], by: offset) }
      node.kind = .instances(copies)
    case .animation, .group:
      node.timing.beginTime += offset
    }
  }

  private mutating func decodeChildren(
    _ node: YAMLNode, targets: TargetInstances?, insideInstances: Bool, depth: Int
  )
    -> [AnimationNode]?
  {
    guard context.expectSequence(node, what: "a list of timeline entries") else { return nil }
    let items = document.items(node)
    guard !items.isEmpty else {
      context.error(
        CheckDiagnostics.emptyGroup, "a group with no children", at: context.span(node),
        help: "add entries or remove it")
      return nil
    }
    var children: [AnimationNode] = []
    children.reserveCapacity(items.count)  // one allocation per group, not one per doubling
    var ok = true
    for item in items {
      if let child = decode(item, targets: targets, insideInstances: insideInstances, isRoot: false, depth: depth + 1) {
        children.append(child)
      } else {
        ok = false
      }
    }
    return ok ? children : nil
  }

  /// Adds one animation's keyframe numbers to the scene's; false (after one error) past the limit.
  mutating func countKeyframeValues(_ count: Int, at span: Span) -> Bool {
    keyframeValueCount += count
    guard keyframeValueCount <= context.limits.maxKeyframeValues else {
      if !reportedAnimationLimit {
        reportedAnimationLimit = true
        context.error(
          CheckDiagnostics.tooManyKeyframeValues,
          "the scene has more than \(context.limits.maxKeyframeValues) keyframe numbers "
            + "(keyframes × components, after repeats)",
          at: span, help: "raise the limit with --max-keyframe-values if this is meant")
      }
      return false
    }
    return true
  }

  mutating func countAnimation(at span: Span) -> Bool {
    // Past a scene limit (reported once) nothing more is read: each further copy would only cost time.
    if reportedAnimationLimit { return false }
    animationCount += 1
    guard animationCount <= context.limits.maxAnimations else {
      if !reportedAnimationLimit {
        reportedAnimationLimit = true
        context.error(
          CheckDiagnostics.tooManyAnimations, "the scene has more than \(context.limits.maxAnimations) animations",
          at: span, help: "raise the limit with --max-animations if this is meant")
      }
      return false
    }
    return true
  }
}

extension Animation.Content {
  /// The keyframe numbers this animation adds to the plan (`CheckLimits.maxKeyframeValues`): from and to of a
  /// basic or spring animation, every keyframe's components, or a motion path's eight numbers per element.
  var keyframeValueCount: Int {
    switch self {
    case .basic(let values), .spring(_, let values):
      return 2 * max(values.from?.count ?? values.to?.count ?? values.by?.count ?? 1, 1)
    case .keyframes(let keyframes):
      return max(keyframes.values.flat.count, keyframes.values.count)
    case .motion(let motion):
      return 8 * motion.path.elements.count
    }
  }
}
