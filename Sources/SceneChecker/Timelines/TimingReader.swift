import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Reads CAMediaTiming fields. Defaults that depend on the node's kind (duration) are left to the caller.
extension CheckContext {
  /// The timing fields of a timeline entry; `duration` is nil when not given.
  func timing(_ fields: Fields) -> (timing: Timing, duration: Double?, ok: Bool) {
    var timing = Timing()
    var duration: Double?
    var ok = true
    func read(_ key: SchemaTable.Key, _ body: (YAMLNode) -> Bool) {
      guard let node = fields.value(key) else { return }
      if !body(node) { ok = false }
    }
    read(EntryKey.beginTime) { node in
      guard let value = number(node, unit: .time, what: "a duration") else { return false }
      timing.beginTime = value
      return true
    }
    read(EntryKey.duration) { node in
      guard let value = number(node, unit: .time, what: "a duration") else { return false }
      guard value > 0 else {
        error(
          CheckDiagnostics.outOfRange, "duration must be greater than 0", at: span(node),
          help: "leave duration out for the default (0.25 s for an animation, the last child's end for a group)")
        return false
      }
      duration = value
      return true
    }
    read(EntryKey.speed) { node in
      guard let value = number(node, unit: Unit.none) else { return false }
      timing.speed = value
      return true
    }
    read(EntryKey.timeOffset) { node in
      guard let value = number(node, unit: .time, what: "a duration") else { return false }
      timing.timeOffset = value
      return true
    }
    read(EntryKey.repeatCount) { node in
      guard let value = count(node) else { return false }
      timing.repeatCount = value
      return true
    }
    read(EntryKey.repeatDuration) { node in
      guard let value = count(node, unit: .time) else { return false }
      timing.repeatDuration = value
      return true
    }
    read(EntryKey.autoreverses) { node in
      guard let value = bool(node) else { return false }
      timing.autoreverses = value
      return true
    }
    read(EntryKey.fillMode) { node in
      guard let word = word(node, cases: FillMode.allCases.map(\.rawValue), what: "a fill mode"),
        let mode = FillMode(rawValue: word)
      else { return false }
      timing.fillMode = mode
      return true
    }
    read(EntryKey.removedOnCompletion) { node in
      guard let value = bool(node) else { return false }
      timing.removedOnCompletion = value
      return true
    }
    read(EntryKey.timingFunction) { node in
      guard let function = timingFunction(node) else { return false }
      timing.timingFunction = function.isLinear ? nil : function
      return true
    }
    if let countEntry = fields.entry(EntryKey.repeatCount), let durationEntry = fields.entry(EntryKey.repeatDuration),
      timing.repeatCount > 0, timing.repeatDuration > 0
    {
      error(
        CheckDiagnostics.repeatCountAndDuration, "both repeatCount and repeatDuration are set",
        at: span(durationEntry.key), labels: [.init("repeatCount set here", at: span(countEntry.key))],
        notes: ["Core Animation leaves the combination undefined"], help: "keep one of the two")
      ok = false
    }
    return (timing, duration, ok)
  }

  /// A repeat count: a number ≥ 0, or `inf`.
  func count(_ node: YAMLNode, unit: Unit? = Unit.none) -> Double? {
    if document.kind(node) == .scalar, document.style(node) == .plain,
      ["inf", ".inf", "infinity", ".Inf", "Infinity"].contains(document.scalar(node))
    {
      return .infinity
    }
    guard let value = number(node, unit: unit) else { return nil }
    guard value >= 0 else {
      error(CheckDiagnostics.outOfRange, "a repeat must be ≥ 0", at: span(node))
      return nil
    }
    return value
  }

  /// A timing-function name, or `[x1, y1, x2, y2]` with x1 and x2 in 0…1.
  func timingFunction(_ node: YAMLNode) -> TimingFunction? {
    if document.kind(node) == .sequence || holdsLetList(node) {
      guard let numbers = sequenceOfNumbers(node, counts: [4], what: "a timing curve [x1, y1, x2, y2]", unit: Unit.none)
      else { return nil }
      guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
        error(
          CheckDiagnostics.outOfRange, "a timing curve's x1 and x2 must lie in 0…1", at: span(node),
          notes: ["y1 and y2 may overshoot; x must not, or time would run backwards"])
        return nil
      }
      // The curve's polynomial coefficients are 3·y1 and 3·(y2 − 2·y1); bounded, they and every overshoot of the
      // animated value stay finite (Grammar.md, Limits).
      let yBound = TimingFunction.overshootBound
      guard abs(numbers[1]) <= yBound, abs(numbers[3]) <= yBound else {
        error(
          CheckDiagnostics.outOfRange, "a timing curve's y1 and y2 must lie in -1e6…1e6", at: span(node),
          notes: ["y1 and y2 may overshoot 0…1, but an overshoot this large leaves every animated value's range"])
        return nil
      }
      return TimingFunction(numbers[0], numbers[1], numbers[2], numbers[3])
    }
    guard let text = scalarText(node, expected: "a timing function") else { return nil }
    if let found = TimingFunction.named.first(where: { $0.name == text }) { return found.function }
    let names = TimingFunction.named.map(\.name)
    let notes = ["the names are \(names.joined(separator: ", ")), or a curve [x1, y1, x2, y2]"]
    if let foreign = ForeignSpellings.timingFunction(text) {
      error(
        CheckDiagnostics.unknownTimingFunction, "unknown timing function \(quoted(node))", at: span(node),
        notes: notes, help: foreign.help, replacement: foreign.replacement)
      return nil
    }
    let meant = Suggestions.closest(to: text, among: names).first
    error(
      CheckDiagnostics.unknownTimingFunction, "unknown timing function \(quoted(node))", at: span(node),
      notes: notes, help: meant.map { "did you mean '\($0)'?" }, replacement: meant)
    return nil
  }
}
