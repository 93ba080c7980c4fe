import SceneCore
import SceneModel
import SceneRuntime

/// A checked state machine → the plan's machine tables: each state's whole model (its pose written over the
/// layers' own values, as `StateMachine.State.apply(to:)` does), timing functions as control points, springs as
/// their parameters, and the lengths the runtime needs to time completions, taken from the timelines' trees here
/// once.
enum MachineLowering {
  static func table(_ machine: StateMachine, scene: Scene) -> MachineTable {
    let states = machine.states.map { state in
      var posed = scene
      state.apply(to: &posed)
      return MachineTable.State(
        name: state.name, values: posed.slotValues, pathCoordinates: posed.layers.flatMap(\.listNumbers),
        loop: state.loop, loopLength: state.loop.map { max(scene.timelines[$0].end, 0) } ?? 0,
        isFinal: state.isFinal)
    }
    let transitions = machine.transitions.map { transition in
      let trigger: MachineTable.Trigger
      switch transition.trigger {
      case .event(let index): trigger = .event(index)
      case .completion: trigger = .completion
      }
      let function = transition.timingFunction
      return MachineTable.Transition(
        from: transition.from, trigger: trigger, to: transition.to, duration: transition.duration,
        timingFunction: function, spring: transition.spring, timeline: transition.timeline,
        discrete: transition.discrete == .end ? .end : .start,
        interrupt: transition.interrupt == .replace ? .replace : .blend,
        length: transition.length(timelines: scene.timelines))
    }
    return MachineTable(
      events: machine.events.map(\.name), initial: machine.initial, states: states, transitions: transitions)
  }
}
