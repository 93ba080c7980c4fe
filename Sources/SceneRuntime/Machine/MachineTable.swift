import SceneCore

/// A scene's `states:` section, compiled: everything a runtime needs to replay events without the front end.
///
/// Each state stores its whole model (the layers' own values with its pose written over them) rather than the
/// pose alone: the runtime then never needs to know which key path wrote which slot, and entering a state is
/// copying one table. Lengths are resolved by the compiler from the timelines' trees, so the runtime never walks
/// a tree to find when a transition completes. Grammar.md ("States") gives the rules; docs/states-runtime.md the
/// replay built on these tables.
public struct MachineTable: Sendable, Hashable {
  /// The declared event names, in document order; a transition's trigger indexes this list.
  public package(set) var events: [String]
  /// Index into `states`: the state the scene is in at time 0.
  public package(set) var initial: Int
  public package(set) var states: [State]
  /// At most one per (from, trigger); the loader rejects duplicates.
  public package(set) var transitions: [Transition]

  package init(events: [String] = [], initial: Int = 0, states: [State] = [], transitions: [Transition] = []) {
    self.events = events
    self.initial = initial
    self.states = states
    self.transitions = transitions
  }

  public func eventIndex(named name: String) -> Int? { events.firstIndex(of: name) }

  public func stateIndex(named name: String) -> Int? { states.firstIndex { $0.name == name } }

  /// The transition `trigger` takes out of `state`; nil when the state ignores it.
  public func transition(from state: Int, on trigger: Trigger) -> Int? {
    transitions.firstIndex { $0.from == state && $0.trigger == trigger }
  }
}

extension MachineTable {
  public struct State: Sendable, Hashable {
    public package(set) var name: String
    /// The model while the state is active: `SlotLayout.count` values per layer, layer after layer.
    public package(set) var values: [Double]
    /// Every layer's path coordinates, concatenated as `LayerTable.pathCoordinates` (a pose may move points but
    /// never changes a path's structure).
    public package(set) var pathCoordinates: [Double]
    /// Index into the plan's timelines: played from the moment the entering transition completes.
    public package(set) var loop: Int?
    /// Seconds from the loop's start to its end: 0 without a loop, infinite when it repeats forever.
    public package(set) var loopLength: Double
    public package(set) var isFinal: Bool

    package init(
      name: String, values: [Double], pathCoordinates: [Double], loop: Int? = nil, loopLength: Double = 0,
      isFinal: Bool = false
    ) {
      self.name = name
      self.values = values
      self.pathCoordinates = pathCoordinates
      self.loop = loop
      self.loopLength = loopLength
      self.isFinal = isFinal
    }
  }

  public enum Trigger: Sendable, Hashable {
    /// Index into `events`.
    case event(Int)
    /// Fires by itself once the `from` state is complete.
    case completion
  }

  /// When `hidden` and `masksToBounds` switch during a transition.
  public enum DiscreteSwitch: String, Sendable, Hashable, CaseIterable {
    /// At the transition's start: the new state's value shows at once.
    case start
    /// When `duration` has passed: the value on screen at the start is held until then.
    case end
  }

  /// What a transition does with the motion on screen when it starts (Grammar.md, "interrupt";
  /// docs/states-runtime.md, "Interruptions").
  public enum Interruption: String, Sendable, Hashable, CaseIterable {
    /// The difference between what was on screen and what the new animations show fades out over `duration`,
    /// carrying an interrupted transition's velocity too, so nothing jumps.
    case blend
    /// Core Animation's literal behaviour: the new animations' own values show at once.
    case replace
  }

  public struct Transition: Sendable, Hashable {
    public package(set) var from: Int
    public package(set) var trigger: Trigger
    public package(set) var to: Int
    /// Of the pose animations, in seconds; 0 switches every value at once.
    public package(set) var duration: Double
    /// The pose animations' timing function as control points (what a plan stores and exporters read).
    public package(set) var timingFunction: TimingFunction
    /// Its polynomial form, derived once; nil when linear.
    public package(set) var curve: CubicTimingCurve?
    /// A spring transition's spring: the pose animations follow it (and `timingFunction` is linear, unused), and
    /// `duration` is its settling duration. Nil for a transition with a duration and a timing function.
    public package(set) var spring: SpringParameters?
    /// Its closed forms, solved once.
    var springCurve: SpringCurve?
    /// Index into the plan's timelines: played from the transition's start, above the pose animations.
    public package(set) var timeline: Int?
    public package(set) var discrete: DiscreteSwitch
    public package(set) var interrupt: Interruption
    /// Seconds from the start to completion, when the `to` state's loop starts: the longer of `duration` and the
    /// timeline's end; infinite when the timeline never ends.
    public package(set) var length: Double

    package init(
      from: Int, trigger: Trigger, to: Int, duration: Double, timingFunction: TimingFunction = .linear,
      spring: SpringParameters? = nil, timeline: Int? = nil, discrete: DiscreteSwitch = .start,
      interrupt: Interruption = .blend, length: Double
    ) {
      self.from = from
      self.trigger = trigger
      self.to = to
      self.duration = duration
      self.timingFunction = timingFunction
      curve = timingFunction.isLinear ? nil : timingFunction.curve
      self.spring = spring
      springCurve = spring.map(SpringCurve.init)
      self.timeline = timeline
      self.discrete = discrete
      self.interrupt = interrupt
      self.length = length
    }

    /// The pose animations' eased progress at `elapsed` seconds after the start, for elapsed in [0, duration): the
    /// spring's own clock for a spring transition (seconds, not a fraction of `duration`).
    public func progress(elapsed: Double) -> Double {
      if let springCurve { return springCurve.progress(at: elapsed) }
      let fraction = min(max(elapsed / duration, 0), 1)
      return curve?.progress(at: fraction) ?? fraction
    }

    /// What a carried velocity of 1 per second adds `elapsed` seconds into a spring transition (Y(τ), Y(0) = 0,
    /// Y′(0) = 1); 0 for other transitions, which carry velocity through blends instead.
    func velocityResponse(elapsed: Double) -> Double { springCurve?.velocityResponse(at: elapsed) ?? 0 }
  }

  /// Slots that switch rather than interpolate (`hidden`, `masksToBounds`), from the property table.
  package static let discreteSlots: [Bool] = {
    var flags = [Bool](repeating: false, count: SlotLayout.count)
    for property in LayerProperty.all where property.animatable && property.kind == .bool {
      if let slot = property.slot { flags[slot] = true }
    }
    return flags
  }()
}
