import SceneCore

/// A plan's state machine driven by an event script, sampled at any scene time (Grammar.md, "What happens over
/// time"; docs/states-runtime.md).
///
/// The replay is split into episodes, one per transition started. Each transition begins from the values on
/// screen at its instant, which the replay finds by sampling itself there, so a transition that interrupts
/// another starts exactly where the first had got to; its blend offsets carry that value and velocity into the new
/// animations even where a timeline gives explicit values, so nothing jumps (`interrupt: blend`). The script's
/// events are taken when the replay is made, and later ones one at a time with `receive(_:)` (live, as an app gets
/// them); a follow-up chain after the last event is extended as far as sampling goes, since it may cycle forever.
package struct MachineReplay: Sendable {
  /// Episodes at most unless told otherwise, so that a follow-up cycle sampled far ahead stays bounded.
  package static let defaultEpisodeLimit = 100_000

  /// Why a replay stopped taking transitions; samples after it keep showing the last episode.
  package enum Halt: Sendable, Hashable, CustomStringConvertible {
    /// Follow-ups kept firing at one instant (the checker's E0805 rules this out for compiled specs).
    case instantCycle(state: String, time: Double)
    /// The replay's episode limit was reached at this time.
    case episodeLimit(time: Double)

    package var description: String {
      switch self {
      case .instantCycle(let state, let time):
        let at = NumberFormatting.shortest(time)
        return "follow-ups cycle through '\(state)' at \(at) s without time passing; the replay stops there"
      case .episodeLimit(let time):
        let at = NumberFormatting.shortest(time)
        return "too many transitions by \(at) s (the episode limit); the replay stops there"
      }
    }
  }

  package let plan: Plan
  /// The plan's machine, or for a plan without one a single state showing the layers' own values.
  package let machine: MachineTable
  /// The events taken so far: the script given, then every event received live.
  package internal(set) var script: EventScript
  /// In start order; the first is the initial state at time 0.
  package internal(set) var episodes: [Episode]
  /// The script's events that did nothing, in script order.
  package internal(set) var ignored: [IgnoredEvent] = []
  package internal(set) var halt: Halt?
  /// The most episodes this replay makes.
  package let episodeLimit: Int

  var sampler: Sampler
  /// The frames a transition's start values are sampled into.
  var capture: [LayerFrame] = []
  var blendProbes = BlendProbes()
  /// The follow-up of the latest episode's state, if it has one and it is ever due.
  var pending: (transition: Int, time: Double)?
  /// Follow-ups fired in a row at the latest episode's instant, to detect a cycle that takes no time.
  var instantFollowUps = 0
  let autoplay: [Sampler.Playback]
  let eventIndices: [String: Int]
  let transitions: TransitionIndex

  package init(plan: Plan, script: EventScript = EventScript(), episodeLimit: Int = MachineReplay.defaultEpisodeLimit) {
    self.plan = plan
    self.episodeLimit = max(episodeLimit, 1)
    self.script = script
    let machine =
      plan.machine
      ?? MachineTable(states: [
        MachineTable.State(name: "", values: plan.layers.values, pathCoordinates: plan.layers.pathCoordinates)
      ])
    // The plan loader checks these for a plan read from JSON; a machine built in code must keep them too.
    precondition(machine.states.indices.contains(machine.initial), "the initial state must be one of the states")
    self.machine = machine
    transitions = TransitionIndex(machine.transitions)
    sampler = Sampler(plan: plan)
    autoplay = plan.autoplayTimelines.map { Sampler.Playback(timeline: $0, start: 0) }
    eventIndices = Dictionary(machine.events.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    // Rule 1: the initial state at time 0, its model shown at once, its loop started at 0.
    let initial = machine.states[machine.initial]
    let complete = initial.loop == nil ? 0 : initial.loopLength
    episodes = [
      Episode(start: 0, state: machine.initial, transition: nil, event: nil, completion: 0, complete: complete)
    ]
    pending = followUp(from: machine.initial, due: complete)
    for index in script.events.indices { take(event: index) }
    // An acyclic follow-up chain visits each state at most once: finish it now, so `episodes` lists it.
    var budget = machine.states.count
    while budget > 0, halt == nil, let due = pending {
      fireFollowUp(due)
      budget -= 1
    }
  }

  /// Fills `frames` (one per layer, paint order) with the presentation at scene time `time`. Allocates only on
  /// the first call, and when sampling past the episodes found so far extends a follow-up chain.
  package mutating func sample(at time: Double, into frames: inout [LayerFrame]) {
    advance(through: time)
    compose(episode: episodeIndex(at: time), at: time, into: &frames)
    // Only what is shown: the machine's own compositions (the values a transition starts from) keep the copies.
    sampler.visibility.hideUndrawn(&frames)
  }

  /// The episode in effect at `time`, after extending follow-ups up to it.
  package mutating func episode(at time: Double) -> Episode {
    advance(through: time)
    return episodes[episodeIndex(at: time)]
  }

  /// Fires every follow-up due at or before `time`.
  package mutating func advance(through time: Double) {
    while halt == nil, let due = pending, due.time <= time { fireFollowUp(due) }
  }

  /// Index of the last episode starting at or before `time` (the first one for earlier times): a transition
  /// started at T is in effect at T itself, and of several started at one instant the last one given wins.
  package func episodeIndex(at time: Double) -> Int {
    var low = 0
    var high = episodes.count
    while low < high {
      let middle = (low + high) / 2
      if episodes[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// Rule 7's order: the autoplay timelines over the state's model, then the pose animations, the transition's
  /// timeline, and the loop once the transition has completed.
  mutating func compose(episode index: Int, at time: Double, into frames: inout [LayerFrame]) {
    let episode = episodes[index]
    let state = machine.states[episode.state]
    sampler.reset(&frames, values: state.values, pathCoordinates: state.pathCoordinates)
    for playback in autoplay { sampler.compose(playback, at: time, onto: &frames) }
    if let transitionIndex = episode.transition {
      let transition = machine.transitions[transitionIndex]
      let elapsed = time - episode.start
      // Core Animation's removal: at elapsed = duration the animations are gone and the model shows.
      if elapsed < transition.duration {
        let progress = transition.progress(elapsed: elapsed)
        let response = transition.velocityResponse(elapsed: elapsed)
        for animation in episode.poseAnimations {
          Self.apply(animation, progress: progress, response: response, to: &frames)
        }
      }
      if let timeline = transition.timeline {
        sampler.compose(Sampler.Playback(timeline: timeline, start: episode.start), at: time, onto: &frames)
      }
      // Above everything the transition plays; the loop cannot overlap, as it starts at completion ≥ duration.
      if elapsed < transition.duration {
        for blend in episode.blends {
          frames[blend.layer].add(blend.offset(elapsed: elapsed, window: transition.duration), to: blend.target)
        }
      }
    }
    // The loop is added at completion, so before it (and for an endless transition, ever) it does not exist.
    if let loop = state.loop, time >= episode.completion {
      sampler.compose(Sampler.Playback(timeline: loop, start: episode.completion), at: time, onto: &frames)
    }
  }

  private static func apply(
    _ animation: PoseAnimation, progress: Double, response: Double, to frames: inout [LayerFrame]
  ) {
    let value = animation.value(progress: progress, response: response)
    switch animation.target {
    case .slot(let slot): frames[animation.layer].values[slot] = value
    case .pathCoordinate(let index): frames[animation.layer].path[index] = value
    }
  }
}
