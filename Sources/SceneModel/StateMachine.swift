import SceneCore
import SceneDiagnostics

/// A checked `states:` section: the scene as an interactive control (press/release, tap-to-toggle,
/// tap-to-submit), with every name resolved to an index and every pose value evaluated.
///
/// A state is the layers' own values with its pose written over them, so the scene's look in a state never
/// depends on the path that led there. Moving to a state animates every property whose on-screen value differs
/// from the state's, as `UIView.animate` with `beginFromCurrentState` does; Grammar.md ("States") gives the rules the
/// runtime follows.
public struct StateMachine: Sendable {
  /// In document order.
  public var states: [State]
  /// The declared events, in document order.
  public var events: [Event]
  /// In document order; at most one per (from, trigger), which the checker guarantees.
  public var transitions: [Transition]
  /// Index into `states`: the state the scene is in at time 0, with no animation.
  public var initial: Int
  public var initialSpan: Span

  public init(states: [State], events: [Event], transitions: [Transition], initial: Int, initialSpan: Span = .zero) {
    self.states = states
    self.events = events
    self.transitions = transitions
    self.initial = initial
    self.initialSpan = initialSpan
  }

  public func stateIndex(named name: String) -> Int? { states.firstIndex { $0.name == name } }

  public func eventIndex(named name: String) -> Int? { events.firstIndex { $0.name == name } }

  /// The transition `trigger` takes out of `state`, as an index into `transitions`; nil when the trigger does
  /// nothing there (an event a state has no transition for is ignored, as a control ignores it).
  public func transition(from state: Int, on trigger: Trigger) -> Int? {
    transitions.firstIndex { $0.from == state && $0.trigger == trigger }
  }

  /// The automatic follow-up out of `state` (`on: completion`), if it has one.
  public func followUp(from state: Int) -> Int? { transition(from: state, on: .completion) }
}

extension StateMachine {
  public struct State: Sendable {
    public var name: String
    /// The values this state writes over the layers' own, one per (layer instance, key path); no two overlap
    /// in the slots they write.
    public var pose: [PoseValue]
    /// Index into `Scene.timelines`: played from the moment the entering transition completes (time 0 for the
    /// initial state) until the state is left.
    public var loop: Int?
    /// Marked `final: true`: no transition leaves it, on purpose.
    public var isFinal: Bool
    public var nameSpan: Span
    public var loopSpan: Span?

    public init(
      name: String, pose: [PoseValue] = [], loop: Int? = nil, isFinal: Bool = false, nameSpan: Span = .zero,
      loopSpan: Span? = nil
    ) {
      self.name = name
      self.pose = pose
      self.loop = loop
      self.isFinal = isFinal
      self.nameSpan = nameSpan
      self.loopSpan = loopSpan
    }

    /// Writes the pose over the layers' model values: the scene's model while this state is active.
    public func apply(to scene: inout Scene) {
      for value in pose { scene.set(value.keyPath, to: value.value, layer: value.layer) }
    }
  }

  /// One property value of a pose, evaluated for one layer instance (`fan` gives one per instance).
  public struct PoseValue: Sendable, Hashable {
    /// Index into `Scene.layers`.
    public var layer: Int
    public var keyPath: AnimatableKeyPath
    /// The key path's components (`kind.componentCount`), or the path's coordinates for `path`.
    public var value: [Double]
    /// Where the key path is written.
    public var span: Span

    public init(layer: Int, keyPath: AnimatableKeyPath, value: [Double], span: Span = .zero) {
      self.layer = layer
      self.keyPath = keyPath
      self.value = value
      self.span = span
    }
  }

  public struct Event: Sendable, Hashable {
    public var name: String
    public var span: Span

    public init(name: String, span: Span = .zero) {
      self.name = name
      self.span = span
    }
  }

  /// What fires a transition.
  public enum Trigger: Sendable, Hashable {
    /// A declared event, as an index into `events`.
    case event(Int)
    /// `on: completion`: fires by itself once the state is complete — its entering transition has completed
    /// and its loop, if any, has ended (UIView.animate's completion block).
    case completion
  }

  /// When a discrete property (`hidden`, `masksToBounds`) switches during a transition.
  public enum DiscreteSwitch: String, Sendable, Hashable, CaseIterable {
    /// At once, as an assignment before the animation block (`titleLB.hidden = YES; [UIView animate…]`).
    case start
    /// When the transition's duration has passed, as an assignment in its completion block.
    case end
  }

  /// What a transition that cuts into a running one does with the motion on screen.
  public enum Interruption: String, Sendable, Hashable, CaseIterable {
    /// The difference from the screen, in value and velocity, fades out over `duration`: nothing jumps.
    case blend
    /// Core Animation's literal behaviour: the new animations' own values show at once.
    case replace
  }

  public struct Transition: Sendable {
    /// Indices into `states`.
    public var from: Int
    public var trigger: Trigger
    public var to: Int
    /// Of the pose animations, in seconds; ≥ 0, where 0 switches every value at once.
    public var duration: Double
    /// Of the pose animations; UIView's default, easeInEaseOut, when not written. Linear for a spring transition,
    /// whose pacing is its physics.
    public var timingFunction: TimingFunction
    /// `spring:` instead of a duration and a timing function: the pose animations follow this spring, and
    /// `duration` is its settling duration (Grammar.md, "Spring transitions").
    public var spring: SpringParameters?
    /// Index into `Scene.timelines`: played from the transition's start, on top of the pose animations.
    public var timeline: Int?
    public var discrete: DiscreteSwitch
    public var interrupt: Interruption
    /// The whole entry.
    public var span: Span
    public var fromSpan: Span
    /// The `on` value.
    public var triggerSpan: Span
    public var toSpan: Span
    public var timelineSpan: Span?

    public init(
      from: Int, trigger: Trigger, to: Int, duration: Double = 0.25, timingFunction: TimingFunction = .easeInEaseOut,
      spring: SpringParameters? = nil, timeline: Int? = nil, discrete: DiscreteSwitch = .start,
      interrupt: Interruption = .blend, span: Span = .zero, fromSpan: Span = .zero,
      triggerSpan: Span = .zero, toSpan: Span = .zero, timelineSpan: Span? = nil
    ) {
      self.from = from
      self.trigger = trigger
      self.to = to
      self.duration = duration
      self.timingFunction = timingFunction
      self.spring = spring
      self.timeline = timeline
      self.discrete = discrete
      self.interrupt = interrupt
      self.span = span
      self.fromSpan = fromSpan
      self.triggerSpan = triggerSpan
      self.toSpan = toSpan
      self.timelineSpan = timelineSpan
    }

    /// Seconds from the transition's start to its completion: when both its pose animations and its timeline
    /// have ended, as a CATransaction's completion block waits for every animation added in it. Infinite when
    /// the timeline repeats forever.
    public func length(timelines: [Timeline]) -> Double {
      max(duration, timeline.map { max(timelines[$0].end, 0) } ?? 0)
    }
  }
}
