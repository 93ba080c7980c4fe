import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Reads keyframe animations and checks the counts Core Animation requires.
extension TimelineChecker {
  func readKeyframes(_ fields: Fields, keyPath: AnimatableKeyPath, layer: Int) -> Keyframes? {
    let valuesNode = fields.value(EntryKey.values)!
    guard context.expectSequence(valuesNode, what: "a list of keyframe values") else { return nil }
    let rangeProperty = context.rangeProperty(of: keyPath)
    // Most keyframe lists are plain number literals: read straight from the arena into the flat values, with no
    // item list and no per-item call through the general number reader. Anything else (or any doubt) takes the
    // item-by-item path below, which reports as it always has.
    if let flat = context.literalKeyframeNumbers(valuesNode, keyPath: keyPath, rangeProperty: rangeProperty) {
      return finishKeyframes(fields, values: KeyframeValues(width: 1, flat: flat))
    }
    guard let items = context.flowItems(valuesNode) else { return nil }
    guard !items.isEmpty else {
      context.error(
        CheckDiagnostics.wrongArity, "a keyframe animation needs at least one value", at: context.span(valuesNode),
        help: "list the keyframe values, e.g. `values: [0, 1]`")
      return nil
    }
    guard items.count <= context.limits.maxKeyframes else {
      context.error(
        CheckDiagnostics.wrongArity, "\(items.count) keyframes, more than the limit of \(context.limits.maxKeyframes)",
        at: context.span(valuesNode), help: "raise the limit with --max-keyframes if this is meant")
      return nil
    }
    // Flat, one array for all the keyframes (KeyframeValues); every value of a key path has the same width (a
    // path's are checked to share the model path's structure).
    var flat: [Double] = []
    var width: Int?
    var ok = true
    let readNumber = context.singleNumberReader(keyPath: keyPath, rangeProperty: rangeProperty)
    if let readNumber {
      // One number per keyframe, straight into `flat`.
      width = 1
      flat.reserveCapacity(items.count)
      for item in items {
        if let value = readNumber(item) { flat.append(value) } else { ok = false }
      }
    }
    for item in items where readNumber == nil {
      guard let value = keyPathValue(item, keyPath: keyPath, layer: layer, rangeProperty: rangeProperty) else {
        ok = false
        continue
      }
      if width == nil {
        width = value.count
        flat.reserveCapacity(items.count * value.count)
      }
      guard value.count == width else {
        context.error(
          CheckDiagnostics.wrongArity, "this keyframe has \(value.count) numbers where the first has \(width ?? 0)",
          at: context.span(item), help: "give every keyframe value the same shape")
        ok = false
        continue
      }
      flat.append(contentsOf: value)
    }
    guard ok, let width else { return nil }
    let values = width > 0 ? KeyframeValues(width: width, flat: flat) : KeyframeValues(emptyKeyframes: items.count)
    return finishKeyframes(fields, values: values)
  }

  private static let cubicParameters = ["tension", "continuity", "bias"].map { ($0, EntryKey.table.key($0)) }

  /// The rest of a keyframe animation once its values are read: calculation mode, key times, timing functions and
  /// the cubic parameters.
  private func finishKeyframes(_ fields: Fields, values: KeyframeValues) -> Keyframes? {
    var keyframes = Keyframes(values: values)
    if let modeNode = fields.value(EntryKey.calculationMode) {
      guard let word = context.word(modeNode, cases: CalculationModeNames.all, what: "a calculation mode"),
        let mode = CalculationMode(rawValue: word)
      else { return nil }
      keyframes.calculationMode = mode
    }
    let mode = keyframes.calculationMode
    guard
      let timingOptions = readKeyframeTiming(
        fields, segmentCount: values.count - 1, keyframeCount: values.count, mode: mode)
    else { return nil }
    keyframes.keyTimes = timingOptions.keyTimes
    keyframes.timingFunctions = timingOptions.timingFunctions
    for (key, entryKey) in Self.cubicParameters {
      guard let node = fields.value(entryKey) else { continue }
      guard let list = perKeyframe(node, key: key, count: values.count) else { return nil }
      switch key {
      case "tension": keyframes.tension = list
      case "continuity": keyframes.continuity = list
      default: keyframes.bias = list
      }
      if mode != .cubic && mode != .cubicPaced {
        context.error(
          LintDiagnostics.ignoredKey, "'\(key)' shapes cubic curves and is ignored in \(mode.rawValue) mode",
          at: context.span(fields.entry(entryKey)!.key), help: "set `calculationMode: cubic`, or remove '\(key)'")
      }
    }
    return keyframes
  }

  func readMotion(_ fields: Fields) -> Motion? {
    guard let path = context.pathValue(fields.value(EntryKey.path)!) else { return nil }
    let segments = path.elements.filter { $0 != .move }.count
    guard segments > 0 else {
      context.error(
        CheckDiagnostics.wrongArity, "a motion path needs at least one line or curve",
        at: context.span(fields.value(EntryKey.path)!))
      return nil
    }
    var motion = Motion(path: path)
    if let modeNode = fields.value(EntryKey.calculationMode) {
      guard let word = context.word(modeNode, cases: CalculationModeNames.all, what: "a calculation mode"),
        let mode = CalculationMode(rawValue: word)
      else { return nil }
      motion.calculationMode = mode
    }
    if let node = fields.value(EntryKey.rotationMode) {
      guard let word = context.word(node, cases: RotationMode.allCases.map(\.rawValue), what: "a rotation mode") else {
        return nil
      }
      motion.rotationMode = RotationMode(rawValue: word)
    }
    // Each element but a move is one keyframe segment, so there are segments + 1 keyframes.
    guard
      let options = readKeyframeTiming(
        fields, segmentCount: segments, keyframeCount: segments + 1, mode: motion.calculationMode)
    else { return nil }
    motion.keyTimes = options.keyTimes
    motion.timingFunctions = options.timingFunctions
    return motion
  }

  /// keyTimes and timingFunctions, with Core Animation's count rules.
  private func readKeyframeTiming(_ fields: Fields, segmentCount: Int, keyframeCount: Int, mode: CalculationMode)
    -> (keyTimes: [Double]?, timingFunctions: [TimingFunction]?)?
  {
    var keyTimes: [Double]?
    var functions: [TimingFunction]?
    let paced = mode == .paced || mode == .cubicPaced
    if let node = fields.value(EntryKey.keyTimes), context.document.kind(node) == .scalar,
      CheckContext.isValidName(context.document.scalar(node))
    {
      let expected = mode == .discrete ? keyframeCount + 1 : keyframeCount
      guard let times = letKeyTimes(node, expected: paced ? nil : expected) else { return nil }
      if paced {
        context.error(
          LintDiagnostics.ignoredKey, "keyTimes are ignored in \(mode.rawValue) mode",
          at: context.span(fields.entry(EntryKey.keyTimes)!.key),
          notes: ["paced modes compute their own key times from the distances between values"],
          help: "remove keyTimes, or use calculationMode linear or cubic")
      } else {
        keyTimes = times
      }
    } else if let node = fields.value(EntryKey.keyTimes) {
      guard context.expectSequence(node, what: "a list of key times"), let items = context.flowItems(node) else {
        return nil
      }
      let expected = mode == .discrete ? keyframeCount + 1 : keyframeCount
      if paced {
        context.error(
          LintDiagnostics.ignoredKey, "keyTimes are ignored in \(mode.rawValue) mode",
          at: context.span(fields.entry(EntryKey.keyTimes)!.key),
          notes: ["paced modes compute their own key times from the distances between values"],
          help: "remove keyTimes, or use calculationMode linear or cubic")
      } else if items.count != expected {
        let rule =
          mode == .discrete
          ? "one more than the \(keyframeCount) values, as discrete mode holds each value until the next key time"
          : "one per value"
        let what =
          fields.has(EntryKey.values) ? "values" : "keyframes of the motion path (one per point, move excepted)"
        context.error(
          CheckDiagnostics.keyTimesCount, "\(items.count) keyTimes for \(keyframeCount) \(what); expected \(expected)",
          at: context.span(node),
          labels: [
            .init("the \(what)", at: context.span(fields.value(EntryKey.values) ?? fields.value(EntryKey.path)!))
          ],
          notes: ["keyTimes need \(rule)"], help: "give \(expected) key times from 0 to 1")
        return nil
      }
      var times: [Double] = []
      for item in items {
        guard let value = context.number(item, unit: Unit.none, in: 0...1, rangeText: "key times go from 0 to 1") else {
          return nil
        }
        if let previous = times.last, value < previous {
          context.error(
            CheckDiagnostics.keyTimesOrder,
            "key time \(NumberFormatting.shortest(value)) comes before the previous one",
            at: context.span(item), help: "key times must not decrease")
          return nil
        }
        times.append(value)
      }
      if !paced {
        if times.first != 0 || times.last != 1 {
          let bad = times.first != 0 ? items.first! : items.last!
          context.error(
            CheckDiagnostics.keyTimesOrder, "key times must start at 0 and end at 1", at: context.span(bad),
            notes: ["Core Animation requires this in linear, cubic and discrete modes"])
          return nil
        }
        keyTimes = times
      }
    }
    if let node = fields.value(EntryKey.timingFunctions) {
      guard context.expectSequence(node, what: "a list of timing functions"), let items = context.flowItems(node) else {
        return nil
      }
      var list: [TimingFunction] = []
      for item in items {
        guard let function = context.timingFunction(item) else { return nil }
        list.append(function)
      }
      if paced {
        context.error(
          LintDiagnostics.ignoredKey, "timingFunctions are ignored in \(mode.rawValue) mode",
          at: context.span(fields.entry(EntryKey.timingFunctions)!.key),
          help: "remove them, or use calculationMode linear or cubic")
      } else if list.count != segmentCount {
        if abs(list.count - segmentCount) == 1 {
          context.error(
            LintDiagnostics.timingFunctionsOffByOne,
            "\(list.count) timingFunctions for \(segmentCount) segments (\(keyframeCount) values)",
            at: context.span(node),
            notes: [
              list.count < segmentCount ? "the last segment will be linear" : "the last timing function is ignored"
            ],
            help: "give one timing function per segment: \(segmentCount)")
        } else {
          context.error(
            CheckDiagnostics.timingFunctionsCount,
            "\(list.count) timingFunctions for \(segmentCount) segments (\(keyframeCount) values)",
            at: context.span(node),
            help: "give one timing function per segment: \(segmentCount)")
          return nil
        }
      }
      if !paced { functions = list }
    }
    return (keyTimes, functions)
  }

  /// Key times shared through a `let` list (`keyTimes: beat`): as many as `expected` (nil: any number, where
  /// they are ignored), with the rules of written key times, each reported at the name.
  private func letKeyTimes(_ node: YAMLNode, expected: Int?) -> [Double]? {
    let what = expected.map { "a list of \($0) key times" } ?? "a list of key times"
    guard let times = context.letList(node, counts: expected.map { [$0] }, what: what) else { return nil }
    guard expected != nil else { return times }
    let name = context.document.scalar(node)
    var problem: String?
    if let outside = times.first(where: { !(0...1).contains($0) }) {
      problem = "key time \(NumberFormatting.shortest(outside)) is outside 0…1"
    } else if zip(times, times.dropFirst()).contains(where: { $0 > $1 }) {
      problem = "its key times decrease"
    } else if times.first != 0 || times.last != 1 {
      problem = "its key times must start at 0 and end at 1"
    }
    guard let problem else { return times }
    context.error(
      CheckDiagnostics.keyTimesOrder, "'\(name)' cannot be these key times: \(problem)", at: context.span(node),
      labels: context.letSpans[name].map { [.init("'\(name)' is defined here", at: $0)] } ?? [],
      notes: ["key times rise from 0 to 1, as Core Animation requires in linear, cubic and discrete modes"])
    return nil
  }

  private func perKeyframe(_ node: YAMLNode, key: String, count: Int) -> [Double]? {
    guard context.expectSequence(node, what: "a list of \(key) values"), let items = context.flowItems(node) else {
      return nil
    }
    guard items.count == count else {
      context.error(
        CheckDiagnostics.perKeyframeCount, "\(items.count) \(key) values for \(count) keyframes",
        at: context.span(node),
        help: "give one per keyframe")
      return nil
    }
    var list: [Double] = []
    for item in items {
      guard let value = context.number(item, unit: Unit.none, in: -1...1, rangeText: "\(key) goes from -1 to 1") else {
        return nil
      }
      list.append(value)
    }
    return list
  }
}
