import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Checks `states:`: the state names and their poses and loops, the declared events, `initial`, and the
/// transitions; then, when all of that resolved, the machine as a whole (`StateGraphChecks`).
///
/// `states:` is one mapping: `initial`, `events` and `transitions` are its keywords and every other key names a
/// state, so a reader sees the states as a list of headings, as in a UIControl's code.
struct StateChecker {
  let context: CheckContext
  let layers: LayerChecker
  let timelines: [Timeline]
  /// Every timeline name written under `timelines`, including those whose entries had errors: a reference to
  /// one of those is not reported again as unknown.
  let writtenTimelines: Set<String>
  /// Layer instances some pose sets, for the unused-layer lint (a pose can show a hidden layer).
  var posedLayers = LayerSet()
  /// Each state's index by name, and each declared event's: every transition names two states and an event, and
  /// a scan of the states for each made a machine's check cost states × transitions.
  var stateIndices: [String: Int] = [:]
  var eventIndices: [String: Int] = [:]
  /// Each checked timeline's index by name (the first of a name), for `loop` and `timeline` references.
  let timelineIndices: [String: Int]

  static let keywords = SpecSchema.stateMachine.map(\.name)

  init(context: CheckContext, layers: LayerChecker, timelines: [Timeline], writtenTimelines: Set<String>) {
    self.context = context
    self.layers = layers
    self.timelines = timelines
    self.writtenTimelines = writtenTimelines
    timelineIndices = Dictionary(timelines.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  var document: YAMLDocument { context.document }

  mutating func check(_ node: YAMLNode) -> StateMachine? {
    guard context.expectMapping(node, place: "states") else { return nil }
    let errorsBefore = errorCount
    var keywordEntries: [String: YAMLEntry] = [:]
    var states: [StateMachine.State] = []
    var finalSpans: [Int: Span] = [:]
    for entry in document.entries(node) {
      let key = document.scalar(entry.key)
      if Self.keywords.contains(key) {
        keywordEntries[key] = entry
        continue
      }
      // A misspelt keyword would otherwise become a state: a keyword's value is never a mapping, a state's is.
      if document.kind(entry.value) != .mapping, !document.isEmptyPlainScalar(entry.value),
        !Suggestions.closest(to: key, among: Self.keywords).isEmpty
      {
        context.reportUnknownKey(entry.key, in: "states", candidates: Self.keywords)
        continue
      }
      guard let name = context.name(entry.key, what: "state name") else { continue }
      // A state whose content has errors still defines its name, so transitions to it are not reported too.
      var state = StateMachine.State(name: name, nameSpan: context.span(entry.key))
      if let finalSpan = readState(entry.value, into: &state) { finalSpans[states.count] = finalSpan }
      states.append(state)
    }

    for index in states.indices where stateIndices[states[index].name] == nil {
      stateIndices[states[index].name] = index
    }
    let events = keywordEntries["events"].map { readEvents($0.value) } ?? []
    var initial: (index: Int, span: Span)?
    if let entry = keywordEntries["initial"] {
      initial = stateReference(entry.value, states: states, what: "initial state").map {
        ($0, context.span(entry.value))
      }
    } else {
      context.error(
        CheckDiagnostics.missingKey, "states needs 'initial'", at: context.keyAnchor(node),
        help: "add `initial: <state>` — the state the scene is in at time 0")
    }
    var transitions: [StateMachine.Transition] = []
    if let entry = keywordEntries["transitions"], context.expectSequence(entry.value, what: "a list of transitions") {
      for item in document.items(entry.value) {
        if let transition = readTransition(item, states: states, events: events) { transitions.append(transition) }
      }
    }
    checkDuplicates(transitions, states: states, events: events)
    checkFinalStates(transitions, states: states, finalSpans: finalSpans)

    guard let initial, errorCount == errorsBefore else { return nil }
    let machine = StateMachine(
      states: states, events: events, transitions: transitions, initial: initial.index, initialSpan: initial.span)
    // Whole-machine checks run only on a machine whose every name resolved, so none is an echo of an earlier error.
    StateGraphChecks(context: context, machine: machine, timelines: timelines).run()
    return machine
  }

  private var errorCount: Int { context.diagnostics.diagnostics.count { $0.severity == .error } }

  /// Reads a state's keys into `state`; returns the span of `final: true` when the state is final.
  private mutating func readState(_ node: YAMLNode, into state: inout StateMachine.State) -> Span? {
    if document.isEmptyPlainScalar(node) {
      context.error(
        CheckDiagnostics.emptyValue, "the state '\(state.name)' has no value", at: context.span(node),
        help: "write `\(state.name): {}` for a state that shows the layers' own values")
      return nil
    }
    guard let fields = context.fields(of: node, allowed: SpecSchema.state, place: "a state") else { return nil }
    if let poseNode = fields.value("pose"), let pose = readPose(poseNode) { state.pose = pose }
    if let loopNode = fields.value("loop") {
      state.loop = timelineReference(loopNode)
      state.loopSpan = context.span(loopNode)
    }
    if let finalNode = fields.value("final"), let isFinal = context.bool(finalNode) {
      state.isFinal = isFinal
      return isFinal ? context.span(fields.entry("final")!.key) : nil
    }
    return nil
  }

  /// `events: [press, release]`: each a name, once, and never the built-in `completion`. Fills `eventIndices`.
  private mutating func readEvents(_ node: YAMLNode) -> [StateMachine.Event] {
    guard context.expectSequence(node, what: "a list of event names") else { return [] }
    var events: [StateMachine.Event] = []
    for item in document.items(node) {
      guard let name = context.name(item, what: "event name") else { continue }
      let span = context.span(item)
      if name == StateChecker.completion {
        context.error(
          StateDiagnostics.invalidEvent, "'completion' is built in and cannot be declared", at: span,
          notes: ["`on: completion` makes a follow-up that fires by itself when its state is complete"],
          help: "remove it from `events`, or give the event another name")
      } else if let first = eventIndices[name].map({ events[$0] }) {
        context.error(
          StateDiagnostics.invalidEvent, "the event '\(name)' is declared twice", at: span,
          labels: [.init("first declared here", at: first.span)], help: "remove one of the two")
      } else {
        eventIndices[name] = events.count
        events.append(StateMachine.Event(name: name, span: span))
      }
    }
    return events
  }

  /// The trigger word of a follow-up: `on: completion`, after UIView.animate's completion block.
  static let completion = "completion"

  /// A state name in `initial`, `from` or `to`, as an index, with did-you-mean when it names no state.
  func stateReference(_ node: YAMLNode, states: [StateMachine.State], what: String) -> Int? {
    guard let name = context.name(node, what: what) else { return nil }
    if let index = stateIndices[name] { return index }
    let names = states.map(\.name)
    let suggestion = context.closestName(to: name, among: names)
    let fallback =
      names.isEmpty
      ? "define the state under `states:` as `\(name): {}`"
      : "define it under `states:`, or use one of: \(Self.someOf(names))"
    context.error(
      StateDiagnostics.unknownState, "no state is named '\(name)'", at: context.span(node),
      help: suggestion.map { "did you mean '\($0)'?" } ?? fallback, replacement: suggestion)
    return nil
  }

  /// The first ten of `names`, then how many more: a help that listed them all made every unknown reference as
  /// long as the machine, and their report grow with references × states.
  static func someOf(_ names: [String]) -> String {
    let shown = names.prefix(10).joined(separator: ", ")
    return names.count > 10 ? shown + " and \(names.count - 10) more" : shown
  }

  /// A timeline name in `loop` or `timeline`, as an index into the checked timelines.
  func timelineReference(_ node: YAMLNode) -> Int? {
    guard let name = context.name(node, what: "timeline name") else { return nil }
    if let index = timelineIndices[name] { return index }
    guard !writtenTimelines.contains(name) else { return nil }  // Its own errors are reported under `timelines`.
    let names = timelines.map(\.name)
    let suggestion = context.closestName(to: name, among: names)
    let fallback =
      names.isEmpty
      ? "define it under `timelines:`; the scene has none yet"
      : "define it under `timelines:`, or use one of: \(Self.someOf(names))"
    context.error(
      CheckDiagnostics.noTimelines, "no timeline is named '\(name)'", at: context.span(node),
      help: suggestion.map { "did you mean '\($0)'?" } ?? fallback, replacement: suggestion)
    return nil
  }
}
