import SceneCore
import SceneDiagnostics
import SceneFrontEnd
import SceneModel
import SceneYAML

/// Reads the transitions, and checks what concerns them one against another: one per state and trigger, none
/// out of a final state.
extension StateChecker {
  func readTransition(_ node: YAMLNode, states: [StateMachine.State], events: [StateMachine.Event])
    -> StateMachine.Transition?
  {
    guard let fields = context.fields(of: node, allowed: SpecSchema.transition, place: "a transition") else {
      return nil
    }
    var ok = true
    func read<T>(_ key: String, _ body: (YAMLNode) -> T?) -> T? {
      guard let node = fields.value(key) else { return nil }
      let value = body(node)
      if value == nil { ok = false }
      return value
    }
    let from = read("from") { stateReference($0, states: states, what: "state name") }
    let to = read("to") { stateReference($0, states: states, what: "state name") }
    let trigger = read("on") { eventTrigger($0, events: events) }
    let duration = read("duration") { node -> Double? in
      context.number(
        node, unit: .time, in: 0...Double.greatestFiniteMagnitude, what: "a duration", rangeText: "a duration is ≥ 0")
    }
    let timingFunction = read("timingFunction") { context.timingFunction($0) }
    let spring = read("spring") { springTransition($0, fields: fields) }
    let timeline = read("timeline") { timelineReference($0) }
    let discrete = read("discrete") { node -> StateMachine.DiscreteSwitch? in
      context.word(node, cases: StateMachine.DiscreteSwitch.allCases.map(\.rawValue), what: "a switch point")
        .flatMap(StateMachine.DiscreteSwitch.init(rawValue:))
    }
    let interrupt = read("interrupt") { node -> StateMachine.Interruption? in
      context.word(node, cases: StateMachine.Interruption.allCases.map(\.rawValue), what: "an interruption mode")
        .flatMap(StateMachine.Interruption.init(rawValue:))
    }
    // `fields(of:)` has reported a missing from, on or to.
    guard ok, let from, let to, let trigger else { return nil }
    return StateMachine.Transition(
      from: from, trigger: trigger, to: to, duration: spring?.settlingDuration ?? duration ?? 0.25,
      timingFunction: spring == nil ? timingFunction ?? .easeInEaseOut : .linear, spring: spring,
      timeline: timeline, discrete: discrete ?? .start, interrupt: interrupt ?? .blend, span: context.span(node),
      fromSpan: context.span(fields.value("from")!), triggerSpan: context.span(fields.value("on")!),
      toSpan: context.span(fields.value("to")!), timelineSpan: fields.value("timeline").map(context.span))
  }

  /// `spring:` — the spring animations' two forms, read by the same code. The spring decides the duration (its
  /// settling duration) and the pacing, so `duration` or `timingFunction` beside it is E0820; a spring that never
  /// settles would never complete the transition (E0821); one that takes minutes is W0132.
  private func springTransition(_ node: YAMLNode, fields: Fields) -> SpringParameters? {
    guard let spring = context.readSpring(node) else { return nil }
    let key = context.span(fields.entry("spring")!.key)
    let settling = spring.settlingDuration
    for other in ["duration", "timingFunction"] {
      guard let entry = fields.entry(other) else { continue }
      let what = other == "duration" ? "lasts until its spring settles" : "is paced by its spring"
      context.error(
        SpringTransitionDiagnostics.springWithTiming, "a spring transition \(what); `\(other)` cannot be given too",
        at: context.span(entry.key), labels: [.init("the spring", at: key)],
        notes: settling.isFinite ? ["this spring settles in \(MessageNumber.text(settling)) s"] : [],
        help: other == "duration"
          ? "remove `duration`, or write the spring as `{duration: D, bounce: B}` to choose how long it takes"
          : "remove `timingFunction`, or remove `spring` to use a duration and a timing function")
      return nil
    }
    guard settling.isFinite else {
      context.error(
        SpringTransitionDiagnostics.springNeverSettles,
        "this spring never settles: with damping \(MessageNumber.text(spring.damping)) it swings forever",
        at: key, notes: ["a spring transition lasts until its spring settles, so it would never complete"],
        help: "raise `damping` (the default, 10, settles in about 2 s), or write `spring: {duration: 0.5, bounce: 0.2}`"
      )
      return nil
    }
    if settling > CheckContext.longestSettling {
      context.error(
        SpringTransitionDiagnostics.slowSpringTransition,
        "this spring takes \(MessageNumber.text(settling)) s to settle, and the transition as long",
        at: key, notes: ["the state's loop and its follow-up wait until the transition completes"],
        help: "raise `damping`, or write the spring as `{duration: 0.5, bounce: 0.2}`")
    }
    return spring
  }

  /// `on:` — a declared event, or the built-in `completion`.
  private func eventTrigger(_ node: YAMLNode, events: [StateMachine.Event]) -> StateMachine.Trigger? {
    guard let name = context.name(node, what: "event name") else { return nil }
    if name == Self.completion { return .completion }
    if let index = eventIndices[name] { return .event(index) }
    let names = events.map(\.name)
    let suggestion = context.closestName(to: name, among: names + [Self.completion])
    let help: String
    if let suggestion {
      help = "did you mean '\(suggestion)'?"
    } else if names.isEmpty {
      help = "declare it: `events: [\(name)]`"
    } else {
      help = "add it to `events: [\(names.joined(separator: ", "))]`, or use one of those"
    }
    context.error(
      StateDiagnostics.unknownEvent, "the event '\(name)' is not declared", at: context.span(node),
      notes: ["events are declared under `states:` as `events: [...]`; `completion` is built in"], help: help,
      replacement: suggestion)
    return nil
  }

  /// One transition per (state, trigger): a second would make the event's effect depend on document order.
  func checkDuplicates(
    _ transitions: [StateMachine.Transition], states: [StateMachine.State], events: [StateMachine.Event]
  ) {
    var first: [Pair: StateMachine.Transition] = [:]
    for transition in transitions {
      let pair = Pair(from: transition.from, trigger: transition.trigger)
      guard let earlier = first[pair] else {
        first[pair] = transition
        continue
      }
      let state = states[transition.from].name
      let what: String
      switch transition.trigger {
      case .event(let index): what = "on '\(events[index].name)'"
      case .completion: what = "on completion"
      }
      context.error(
        StateDiagnostics.duplicateTransition, "a second transition from '\(state)' \(what)", at: transition.triggerSpan,
        labels: [.init("the first one", at: earlier.triggerSpan)],
        help: "keep one: a state takes one transition per event")
    }
  }

  private struct Pair: Hashable {
    let from: Int
    let trigger: StateMachine.Trigger
  }

  /// A final state is one the author says is never left; a transition out of it contradicts that.
  func checkFinalStates(_ transitions: [StateMachine.Transition], states: [StateMachine.State], finalSpans: [Int: Span])
  {
    for transition in transitions {
      guard let finalSpan = finalSpans[transition.from] else { continue }
      context.error(
        StateDiagnostics.finalStateLeft, "'\(states[transition.from].name)' is final, but this transition leaves it",
        at: transition.fromSpan, labels: [.init("marked final here", at: finalSpan)],
        help: "remove `final: true`, or remove this transition")
    }
  }
}
