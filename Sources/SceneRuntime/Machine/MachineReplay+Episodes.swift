import SceneCore

/// Taking events and follow-ups in time order and starting the transitions they fire (Grammar.md rules 2–6).
extension MachineReplay {
  /// Rule 2: looks the event up in the current state, after the follow-ups due by then (they fire first on ties).
  mutating func take(event index: Int) {
    let event = script.events[index]
    func ignore(_ reason: IgnoredEvent.Reason) {
      ignored.append(IgnoredEvent(index: index, event: event, reason: reason))
    }
    guard halt == nil else { return ignore(.halted) }
    guard event.time.isFinite else { return ignore(.notFinite) }
    guard let declared = eventIndices[event.name] else { return ignore(.undeclared) }
    guard event.time >= 0 else { return ignore(.beforeStart) }
    advance(through: event.time)
    guard halt == nil else { return ignore(.halted) }
    instantFollowUps = 0
    let current = episodes[episodes.count - 1].state
    guard let transition = transitions.transition(from: current, on: .event(declared)) else {
      return ignore(.noTransition(state: machine.states[current].name))
    }
    if !begin(transition, at: event.time, event: index) { ignore(.halted) }
  }

  /// Rule 5: the follow-up starts at the instant its state is complete.
  mutating func fireFollowUp(_ due: (transition: Int, time: Double)) {
    pending = nil
    let current = episodes[episodes.count - 1]
    instantFollowUps = current.start == due.time ? instantFollowUps + 1 : 0
    // Without a cycle, a chain at one instant visits each state at most once.
    guard instantFollowUps <= machine.states.count else {
      halt = .instantCycle(state: machine.states[current.state].name, time: due.time)
      return
    }
    _ = begin(due.transition, at: due.time, event: nil)
  }

  /// Rule 3: starts a transition at `time` from what the replay shows there. False when the episode limit stops it.
  mutating func begin(_ index: Int, at time: Double, event: Int?) -> Bool {
    guard episodes.count < episodeLimit else {
      halt = .episodeLimit(time: time)
      pending = nil
      return false
    }
    let transition = machine.transitions[index]
    let state = machine.states[transition.to]
    let previous = episodes.count - 1
    let interrupting = interrupts(at: time)
    // (i) the values on screen: the latest episode sampled at this instant, with everything it plays.
    var frames: [LayerFrame] = []
    swap(&frames, &capture)
    defer { swap(&frames, &capture) }
    compose(episode: previous, at: time, into: &frames)
    var animations = Self.poseAnimations(from: frames, to: state, by: transition, layers: plan.layers)
    // A spring cutting into a running transition starts each number at the velocity it had on screen.
    let carries = interrupting && transition.interrupt == .blend && transition.spring != nil
    if carries {
      carryVelocities(into: &animations, by: transition, onScreen: frames, interrupted: previous, at: time)
    }
    // (ii)–(v): the new episode replaces everything the machine added; rule 4 times its completion.
    let completion = time + transition.length
    let complete = state.loop == nil ? completion : completion + state.loopLength
    episodes.append(
      Episode(
        start: time, state: transition.to, transition: index, event: event, completion: completion,
        complete: complete, poseAnimations: animations))
    // (vi) cutting into a running transition, what the new animations show differently from the screen, in value
    // and velocity, fades out over the duration.
    if interrupting, transition.interrupt == .blend, transition.duration > 0 {
      episodes[episodes.count - 1].blends = blendOffsets(onScreen: frames, interrupted: previous)
    }
    pending = followUp(from: transition.to, due: complete)
    return true
  }

  /// The state's `on: completion` transition, when the state ever completes.
  func followUp(from state: Int, due time: Double) -> (transition: Int, time: Double)? {
    guard time.isFinite, let transition = transitions.transition(from: state, on: .completion) else { return nil }
    return (transition, time)
  }

  /// Rule 3.iv: one animation per number on screen that differs from the state's; discrete slots only when they
  /// switch at the end. `duration: 0` sets everything at once, so it animates nothing.
  static func poseAnimations(
    from frames: [LayerFrame], to state: MachineTable.State, by transition: MachineTable.Transition, layers: LayerTable
  ) -> [PoseAnimation] {
    guard transition.duration > 0 else { return [] }
    var animations: [PoseAnimation] = []
    for layer in frames.indices {
      let base = layer * SlotLayout.count
      for slot in 0..<SlotLayout.count {
        let from = frames[layer].values[slot]
        let to = state.values[base + slot]
        guard from != to else { continue }
        if MachineTable.discreteSlots[slot] {
          if transition.discrete == .end {
            animations.append(PoseAnimation(layer: layer, target: .slot(slot), from: from, to: to, holds: true))
          }
        } else {
          animations.append(PoseAnimation(layer: layer, target: .slot(slot), from: from, to: to))
        }
      }
      let pathBase = layers.pathCoordinateStarts[layer]
      for index in frames[layer].path.indices {
        let from = frames[layer].path[index]
        let to = state.pathCoordinates[pathBase + index]
        guard from != to else { continue }
        animations.append(PoseAnimation(layer: layer, target: .pathCoordinate(index), from: from, to: to))
      }
    }
    return animations
  }
}
