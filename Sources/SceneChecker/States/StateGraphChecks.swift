import SceneCore
import SceneDiagnostics
import SceneModel

/// Checks on the machine as a whole, once every name in it resolved: what can never happen (a follow-up that
/// waits for an endless timeline, follow-ups that cycle in no time) and what is probably unmeant (states never
/// reached, states never left, events never used).
struct StateGraphChecks {
  let context: CheckContext
  let machine: StateMachine
  let timelines: [Timeline]
  /// Per state: its follow-up (the first `on: completion` transition out of it), the transitions out of it and
  /// into it in document order; and the events some transition uses. Gathered in one pass
  /// over the transitions: a scan of them for each state made these checks cost states × transitions.
  private let followUps: [Int?]
  private let outgoing: [[Int]]
  private let incoming: [[Int]]
  private let usedEvents: Set<Int>

  init(context: CheckContext, machine: StateMachine, timelines: [Timeline]) {
    self.context = context
    self.machine = machine
    self.timelines = timelines
    var followUps = [Int?](repeating: nil, count: machine.states.count)
    var outgoing = [[Int]](repeating: [], count: machine.states.count)
    var incoming = [[Int]](repeating: [], count: machine.states.count)
    var usedEvents = Set<Int>()
    for (index, transition) in machine.transitions.enumerated() {
      outgoing[transition.from].append(index)
      incoming[transition.to].append(index)
      switch transition.trigger {
      case .completion: if followUps[transition.from] == nil { followUps[transition.from] = index }
      case .event(let event): usedEvents.insert(event)
      }
    }
    self.followUps = followUps
    self.outgoing = outgoing
    self.incoming = incoming
    self.usedEvents = usedEvents
  }

  func run() {
    checkWaits()
    checkInstantCycles()
    let reachable = reachableStates()
    for (index, state) in machine.states.enumerated() {
      if !reachable.contains(index) {
        context.error(
          StateDiagnostics.unreachableState,
          "no transition leads to '\(state.name)' from the initial state '\(machine.states[machine.initial].name)'",
          at: state.nameSpan, help: "add a transition `to: \(state.name)`, or remove the state")
      } else if !state.isFinal, outgoing[index].isEmpty {
        context.error(
          StateDiagnostics.deadEndState, "no transition leaves '\(state.name)', so once there every event is ignored",
          at: state.nameSpan,
          help: "add a transition `from: \(state.name)`, or mark it `final: true` if it is meant to be the last state")
      }
    }
    for (index, event) in machine.events.enumerated() where !usedEvents.contains(index) {
      context.error(
        StateDiagnostics.unusedEvent, "no transition uses the event '\(event.name)'", at: event.span,
        help: "add a transition `on: \(event.name)`, or remove the event")
    }
  }

  /// The end of a timeline's root from its start; infinite when it repeats forever.
  private func end(_ timeline: Int) -> Double { max(timelines[timeline].end, 0) }

  /// A state waits for its entering transition to complete before its loop starts, and for its loop to end
  /// before its follow-up fires: neither can happen after a timeline that never ends.
  private func checkWaits() {
    for (index, state) in machine.states.enumerated() {
      let followUp = followUps[index].map { machine.transitions[$0] }
      if let followUp, let loop = state.loop, end(loop).isInfinite {
        context.error(
          StateDiagnostics.waitsForever,
          "the loop '\(timelines[loop].name)' never ends, so the follow-up from '\(state.name)' never fires",
          at: state.loopSpan ?? state.nameSpan,
          labels: [.init("this follow-up waits for the loop to end", at: followUp.triggerSpan)],
          help: "give '\(timelines[loop].name)' a finite repeatCount, or leave '\(state.name)' on an event instead")
      }
      guard followUp != nil || state.loop != nil else { continue }
      let waiting = followUp != nil ? "its follow-up never fires" : "its loop never starts"
      for transition in incoming[index].map({ machine.transitions[$0] }) {
        guard let timeline = transition.timeline, end(timeline).isInfinite else { continue }
        context.error(
          StateDiagnostics.waitsForever,
          "the timeline '\(timelines[timeline].name)' never ends, so this transition into '\(state.name)' never "
            + "completes and \(waiting)",
          at: transition.timelineSpan ?? transition.span,
          notes: ["a transition completes when its duration and its timeline have both ended"],
          help: "give '\(timelines[timeline].name)' a finite repeatCount, or play it as the state's `loop`")
      }
    }
  }

  /// Follow-ups form chains (at most one per state); a chain that returns to a state in zero seconds would
  /// fire forever at one instant.
  private func checkInstantCycles() {
    var next: [Int: StateMachine.Transition] = [:]
    for (index, _) in machine.states.enumerated() {
      if let followUp = followUps[index] { next[index] = machine.transitions[followUp] }
    }
    var done = Set<Int>()
    for start in machine.states.indices where !done.contains(start) {
      var path: [Int] = []
      var onPath = Set<Int>()  // beside `path`: a scan of it made a long chain of follow-ups quadratic
      var current: Int? = start
      while let state = current, !done.contains(state), onPath.insert(state).inserted {
        path.append(state)
        current = next[state]?.to
      }
      done.formUnion(path)
      guard let repeated = current, let loopStart = path.firstIndex(of: repeated) else { continue }
      let cycle = Array(path[loopStart...])
      let seconds = cycle.reduce(0.0) { total, state in
        let step = next[state]!
        return total + step.length(timelines: timelines) + (machine.states[step.to].loop.map(end) ?? 0)
      }
      guard seconds <= 0 else { continue }
      let first = cycle.min()!
      let names = (cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!] + [first])
        .map { machine.states[$0].name }
      context.error(
        StateDiagnostics.instantCycle, "these follow-ups cycle without time passing: \(names.joined(separator: " → "))",
        at: next[first]!.triggerSpan,
        labels: cycle.filter { $0 != first }.map {
          .init("follow-up from '\(machine.states[$0].name)'", at: next[$0]!.triggerSpan)
        },
        help: "give one of the transitions a duration greater than 0, or trigger one by an event")
    }
  }

  private func reachableStates() -> Set<Int> {
    var reached: Set<Int> = [machine.initial]
    var queue = [machine.initial]
    while let state = queue.popLast() {
      for transition in outgoing[state] where reached.insert(machine.transitions[transition].to).inserted {
        queue.append(machine.transitions[transition].to)
      }
    }
    return reached
  }
}
