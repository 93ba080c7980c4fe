import SceneCore
import SceneDiagnostics
import SceneFrontEnd
import SceneModel
import SceneYAML

/// Reads a leaf animation: basic, keyframe, motion or spring, for one target layer instance.
extension TimelineChecker {
  mutating func decodeAnimation(
    _ fields: Fields, target: TargetInstances?, timing: Timing, duration: Double?, timingOK: Bool
  ) -> AnimationNode? {
    let keyPathNode = fields.value(EntryKey.keyPath)!
    guard let layerIndex = target?.first else {
      context.error(
        CheckDiagnostics.missingTarget, "this animation has no target layer", at: context.span(keyPathNode),
        help: "add `target: <layer id>` here or on an enclosing entry")
      return nil
    }
    guard let keyPath = resolveKeyPath(keyPathNode, layer: layerIndex) else { return nil }
    guard countAnimation(at: context.span(keyPathNode)) else { return nil }
    animatedLayers.insert(layerIndex)
    if keyPath.name == PropertyName.instanceCount.rawValue { facts.animatesInstanceCount = true }

    let hasValues = fields.has(EntryKey.values)
    let hasMotion = fields.has(EntryKey.path)
    let hasSpring = fields.has(EntryKey.spring)
    let hasFromToBy = fields.has(EntryKey.from) || fields.has(EntryKey.to) || fields.has(EntryKey.by)
    let kindCount = (hasValues ? 1 : 0) + (hasMotion ? 1 : 0) + (hasSpring ? 1 : 0)
    // The key lists are built only to name a clash: two arrays per animation otherwise.
    if kindCount > 1 || (hasValues || hasMotion) && hasFromToBy {
      let fromToBy = ["from", "to", "by"].filter { fields.has($0) }
      let kinds = [hasValues ? "values" : nil, hasMotion ? "path" : nil, hasSpring ? "spring" : nil].compactMap { $0 }
      let clash = kinds.count > 1 ? kinds[1] : fromToBy[0]
      let first = kinds[0]
      context.error(
        CheckDiagnostics.animationKind, "'\(first)' and '\(clash)' make different kinds of animation",
        at: context.span(fields.entry(clash)!.key),
        help: "a keyframe animation has values (or a motion path), a basic or spring animation has from/to/by")
      return nil
    }
    if !hasValues && !hasMotion {
      for key in ["keyTimes", "timingFunctions", "calculationMode", "tension", "continuity", "bias", "rotationMode"] {
        if let entry = fields.entry(key) {
          context.error(
            CheckDiagnostics.misplacedKey,
            "'\(key)' applies only to keyframe animations (with `values` or a motion `path`)",
            at: context.span(entry.key), help: "use `values:` or remove '\(key)'")
          return nil
        }
      }
    }

    var animation: Animation
    var resolvedTiming = timing
    resolvedTiming.duration = duration ?? 0.25
    if hasValues {
      guard let keyframes = readKeyframes(fields, keyPath: keyPath, layer: layerIndex) else { return nil }
      animation = Animation(
        layer: layerIndex, keyPath: keyPath, keyPathSpan: context.span(keyPathNode), content: .keyframes(keyframes))
    } else if hasMotion {
      guard keyPath.name == "position" else {
        context.error(
          CheckDiagnostics.motionKeyPath, "a motion path moves `position`, not '\(keyPath.name)'",
          at: context.span(fields.entry(EntryKey.path)!.key), help: "use `keyPath: position`, or give `values`")
        return nil
      }
      guard let motion = readMotion(fields) else { return nil }
      animation = Animation(
        layer: layerIndex, keyPath: keyPath, keyPathSpan: context.span(keyPathNode), content: .motion(motion))
    } else {
      guard hasFromToBy else {
        context.error(
          CheckDiagnostics.missingFromToBy, "this animation gives no values", at: context.span(keyPathNode),
          help: "add `to:` (and `from:`), `by:`, or `values:`")
        return nil
      }
      guard let values = readFromToBy(fields, keyPath: keyPath, layer: layerIndex) else { return nil }
      if hasSpring {
        guard let spring = context.readSpring(fields.value(EntryKey.spring)!) else { return nil }
        context.checkSpringSettles(
          spring, at: context.span(fields.entry(EntryKey.spring)!.key), durationGiven: duration != nil)
        if duration == nil { resolvedTiming.duration = spring.settlingDuration }
        animation = Animation(
          layer: layerIndex, keyPath: keyPath, keyPathSpan: context.span(keyPathNode), content: .spring(spring, values))
      } else {
        animation = Animation(
          layer: layerIndex, keyPath: keyPath, keyPathSpan: context.span(keyPathNode), content: .basic(values))
      }
    }
    guard countKeyframeValues(animation.content.keyframeValueCount, at: context.span(keyPathNode)) else { return nil }
    let valuesEntry =
      fields.entry(EntryKey.by) ?? fields.entry(EntryKey.values) ?? fields.entry(EntryKey.path)
      ?? fields.entry(EntryKey.from) ?? fields.entry(EntryKey.to)
    if let valuesEntry { animation.valuesSpan = context.span(valuesEntry.key) }
    if let node = fields.value(EntryKey.additive) {
      guard let value = context.bool(node) else { return nil }
      animation.additive = value
    }
    if let node = fields.value(EntryKey.cumulative) {
      guard let value = context.bool(node) else { return nil }
      animation.cumulative = value
    }
    guard timingOK else { return nil }
    let keyPathSpan = animation.keyPathSpan
    facts.uses.append(
      Linter.TimelineUse(
        timeline: timelineIndex, use: Linter.PropertyUse(layer: layerIndex, property: keyPath.propertyKey),
        keyPath: keyPath, keyPathSpan: keyPathSpan,
        // Against the layer's own values: during a transition the value under a timeline is the pose animation's,
        // which holding a value does change.
        isNoOp: Linter.isNoOp(animation, model: layers.value(of: keyPath, layer: layerIndex))))
    return AnimationNode(kind: .animation(animation), timing: resolvedTiming, span: context.span(fields.node))
  }

  /// A key path, checked against the table and the type of layer instance `index`. The layer is read by index, and
  /// copied only to report: a copy retains every field of it, once per animation.
  func resolveKeyPath(_ node: YAMLNode, layer index: Int) -> AnimatableKeyPath? {
    // Most key paths are a known name in ASCII, found from their bytes (no String, no hash of one); anything else
    // is read as text, with its errors.
    if context.document.kind(node) == .scalar, let keyPath = context.document.withScalarBytes(node, Self.knownKeyPath),
      keyPath.animates(layers.layers[index].type), keyPath.property != PropertyName.shadowPath.rawValue
    {
      return keyPath
    }
    guard let text = context.text(node, what: "a key path") else { return nil }
    let type = layers.layers[index].type
    guard let keyPath = AnimatableKeyPath.named(text) else {
      if context.reportStaticInstanceDelay(node) { return nil }
      if context.reportUnsupportedProperty(node) { return nil }
      let names = AnimatableKeyPath.all.filter { $0.layerTypes.contains(type) }.map(\.name)
      let meant = KeyPathSuggestion(text, among: names)
      var notes: [String] = []
      if LayerProperty.named(text) != nil {
        notes.append("'\(text)' is a property, but Core Animation does not animate it")
      }
      context.error(
        CheckDiagnostics.unknownKeyPath, "'\(text)' is not an animatable key path", at: context.span(node),
        notes: notes, help: meant.help ?? "Grammar.md lists the key paths", replacement: meant.replacement)
      return nil
    }
    guard keyPath.animates(type) else {
      let layer = layers.layers[index]
      let owner = keyPath.layerTypes.map(\.rawValue).sorted().joined(separator: " or ")
      context.error(
        CheckDiagnostics.wrongLayerType,
        "'\(text)' animates a property of \(owner) layers, and '\(layer.id)' is \(layer.type.phrase)",
        at: context.span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)])
      return nil
    }
    // A track writes the list from its offset, which the sampler keeps in one signed byte (ListLayout), and a
    // shadowPath's coordinates follow the layer's path or gradient stops.
    if keyPath.property == PropertyName.shadowPath.rawValue,
      case let before = layers.layers[index].listNumberCountBeforeShadowPath, before > ListLayout.maxTrackOffset
    {
      let layer = layers.layers[index]
      context.error(
        CheckDiagnostics.shadowPathOffset,
        "the shadowPath of '\(layer.id)' cannot be animated: its "
          + "\(layer.type == .gradient ? "stops take" : "path takes") \(before) numbers, more than "
          + "\(ListLayout.maxTrackOffset)",
        at: context.span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)],
        help: "draw the shape in a sublayer (or with fewer commands), and give the shadow to a layer without a path")
      return nil
    }
    return keyPath
  }

  private static let keyPathNames = NameTable(AnimatableKeyPath.all.map(\.name))

  /// The key path whose name is `bytes` exactly, as `AnimatableKeyPath.named` finds it for ASCII text; nil for
  /// anything else (empty, non-ASCII, unknown).
  private static func knownKeyPath(_ bytes: UnsafeBufferPointer<UInt8>) -> AnimatableKeyPath? {
    guard !bytes.isEmpty, let index = keyPathNames.index(ofASCII: bytes) else {
      return nil
    }
    return AnimatableKeyPath.all[index]
  }

  /// One value for a key path: its components, or a path's coordinates (same structure as the model path).
  func keyPathValue(_ node: YAMLNode, keyPath: AnimatableKeyPath, layer: Int) -> [Double]? {
    keyPathValue(node, keyPath: keyPath, layer: layer, rangeProperty: context.rangeProperty(of: keyPath))
  }

  /// As above, with `context.rangeProperty(of: keyPath)` looked up once by the caller (keyframes have many values).
  /// Layer instance `index` is copied only for the values that are checked against it (paths, gradient stops).
  func keyPathValue(
    _ node: YAMLNode, keyPath: AnimatableKeyPath, layer index: Int, rangeProperty: LayerProperty?
  ) -> [Double]? {
    switch keyPath.kind {
    case .path:
      let layer = layers.layers[index]
      // `path` and `shadowPath` interpolate point by point (CAShapeLayer.h), so both need the model's commands.
      let isShadow = keyPath.property == PropertyName.shadowPath.rawValue
      guard let model = isShadow ? layer.style.shadowPath : layer.path else {
        context.error(
          CheckDiagnostics.shadowPathNotSet,
          "'\(layer.id)' sets no shadowPath, so there is no path to interpolate this one from",
          at: context.span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)],
          help: "give '\(layer.baseID)' a `shadowPath` with the same commands (Core Animation's nil is no path)")
        return nil
      }
      guard let path = context.pathValue(node) else { return nil }
      let name = isShadow ? "model shadowPath" : "model path"
      guard path.hasSameStructure(as: model) else {
        context.error(
          CheckDiagnostics.pathStructureMismatch,
          "this path's commands differ from the \(name) of '\(layer.id)', so the two cannot be interpolated",
          at: context.span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)],
          notes: ["this path: \(PathStructure.describe(path))", "\(name): \(PathStructure.describe(model))"],
          help: "give both paths the same sequence of commands")
        return nil
      }
      return path.coordinates
    case .angle:
      return context.angle(node).map { [$0] }
    case .colorList, .locationList:
      return context.gradientValue(
        node, property: keyPath.kind == .colorList ? .colors : .locations, layer: layers.layers[index])
    default:
      return context.propertyRangeChecked(node, keyPath: keyPath, property: rangeProperty)
    }
  }

  func readFromToBy(_ fields: Fields, keyPath: AnimatableKeyPath, layer: Int) -> FromToBy? {
    var values = FromToBy()
    var ok = true
    for key in ["from", "to", "by"] {
      guard let node = fields.value(key) else { continue }
      guard let value = keyPathValue(node, keyPath: keyPath, layer: layer) else {
        ok = false
        continue
      }
      switch key {
      case "from": values.from = value
      case "to": values.to = value
      default: values.by = value
      }
    }
    if values.from != nil, values.to != nil, let byEntry = fields.entry(EntryKey.by) {
      context.error(
        CheckDiagnostics.conflictingKeys, "from, to and by cannot all be given", at: context.span(byEntry.key),
        notes: ["Core Animation uses at most two of them"], help: "remove one of the three")
      return nil
    }
    return ok ? values : nil
  }
}

extension CheckContext {
  /// An angle; warns when a bare number is larger than a full turn, which is almost always meant as degrees.
  func angle(_ node: YAMLNode) -> Double? {
    guard let value = number(node, unit: .angle, what: "an angle") else { return nil }
    guard document.kind(node) == .scalar, abs(value) > 2 * Double.pi else { return value }
    let text = document.scalar(node)
    if Double(text) != nil {
      error(
        LintDiagnostics.angleLooksLikeDegrees, "the angle \(text) is in radians, more than a full turn",
        at: span(node), notes: ["a bare number is radians, as in Core Animation"],
        help: "if \(text) is meant in degrees, write \(text)deg", replacement: "\(text)deg")
    } else if isBareAngleExpression(text, at: span(node)) {
      // One message for every instance of a repeated layer (`30 * i`), so the copies collapse into one warning.
      let example = text.split(whereSeparator: { !$0.isNumber && $0 != "." }).first.map { "\($0)deg" } ?? "30deg"
      error(
        LintDiagnostics.angleLooksLikeDegrees,
        "the angle '\(text)' has no unit, so it is in radians, and it exceeds a full turn",
        at: span(node), notes: ["a bare number is radians, as in Core Animation"],
        help: "if it is meant in degrees, give its numbers the unit, such as \(example)")
    }
    return value
  }

  /// An angle expression with no unit anywhere and no `pi` (which says radians are meant), whose numbers look
  /// like degrees: one of them is itself more than a full turn (`30 * i`), or it has none (`angle`, a `let` name).
  /// Small steps that add up (`0.5 * i` over 20 instances) are radians on purpose.
  private func isBareAngleExpression(_ text: String, at span: Span) -> Bool {
    let literals = text.split(whereSeparator: { !$0.isNumber && $0 != "." }).compactMap { Double($0) }
    guard literals.isEmpty || literals.contains(where: { $0 > 2 * Double.pi }),
      !Expression.referencedNames(in: text).contains("pi"),
      case .success(let quantity) = Expression.evaluate(text, at: span, in: environment, expecting: nil)
    else { return false }
    return quantity.unit == .none
  }

  /// A key path value with the same range checks as the property it animates.
  func propertyRangeChecked(_ node: YAMLNode, keyPath: AnimatableKeyPath) -> [Double]? {
    propertyRangeChecked(node, keyPath: keyPath, property: rangeProperty(of: keyPath))
  }

  /// The property whose range checks a key path's values get: the key path's own when it names a whole property.
  func rangeProperty(of keyPath: AnimatableKeyPath) -> LayerProperty? { keyPath.wholeProperty }

  func propertyRangeChecked(_ node: YAMLNode, keyPath: AnimatableKeyPath, property: LayerProperty?) -> [Double]? {
    // An animated count is checked as the model's is (E0240, with the limit): the copies are built up to it.
    if property?.key == .instanceCount { return instanceCount(node).map { [$0] } }
    if let property { return propertyValue(node, property: property) }
    return components(node, kind: keyPath.kind)
  }
}
