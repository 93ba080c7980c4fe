import SceneCore

/// One stretch of a replay: from a transition's start (or time 0 for the initial state) until the next one.
///
/// Everything a sample inside it needs is fixed when it starts: the state whose model shows, the pose animations
/// from the values that were on screen, the transition's timeline started here, and the loop started at
/// `completion`. Exporters can read the same facts to build Core Animation code.
package struct Episode: Sendable, Hashable {
  /// Scene time of the transition's start (0 for the initial state).
  package var start: Double
  /// Index into the machine's states: the state entered, whose model shows.
  package var state: Int
  /// Index into the machine's transitions; nil for the initial state.
  package var transition: Int?
  /// Index into the script's events of the event that started it; nil for the initial state and follow-ups.
  package var event: Int?
  /// When the transition completes and the state's loop starts (`start + length`); may be infinite.
  package var completion: Double
  /// When the state is complete (completion, plus the loop's length), and its follow-up, if any, is due.
  package var complete: Double
  /// The properties animated from the value on screen at `start` to the state's, only those that differ.
  package var poseAnimations: [PoseAnimation]
  /// What was on screen at `start` and the new animations do not show there, fading out over the transition's
  /// duration; empty with `interrupt: replace`, and wherever nothing would jump.
  package var blends: [BlendOffset]

  package init(
    start: Double, state: Int, transition: Int?, event: Int?, completion: Double, complete: Double,
    poseAnimations: [PoseAnimation] = [], blends: [BlendOffset] = []
  ) {
    self.start = start
    self.state = state
    self.transition = transition
    self.event = event
    self.completion = completion
    self.complete = complete
    self.poseAnimations = poseAnimations
    self.blends = blends
  }
}

/// One number animated by a transition: a slot of a layer's values or one coordinate of its path.
///
/// Numeric values go from `from` to `to` over the transition's duration with its curve, or along its spring
/// (carrying `velocity`). A discrete slot (`hidden`, `masksToBounds`) appears here only when it switches at the
/// end: it then holds `from` for the duration; switching at the start needs no animation, since the state's model
/// already has `to`.
package struct PoseAnimation: Sendable, Hashable {
  package enum Target: Sendable, Hashable {
    /// A `SlotLayout` index.
    case slot(Int)
    /// An index into the layer's path coordinates.
    case pathCoordinate(Int)
  }

  package var layer: Int
  package var target: Target
  /// On screen when the transition started.
  package var from: Double
  /// The entered state's model value.
  package var to: Double
  /// Holds `from` until the end instead of interpolating.
  package var holds: Bool
  /// A spring transition's carried velocity, per second, added to the spring's own start (w·(to − from) from its
  /// `initialVelocity` w) so that a transition cutting into a running one starts at the number's velocity on
  /// screen; 0 otherwise.
  package var velocity: Double

  package init(layer: Int, target: Target, from: Double, to: Double, holds: Bool = false, velocity: Double = 0) {
    self.layer = layer
    self.target = target
    self.from = from
    self.to = to
    self.holds = holds
    self.velocity = velocity
  }

  /// The value `progress` (the curve's, or the spring's) and `response` (the spring's `velocityResponse`) into
  /// the transition: a + (b − a)·p + u·Y, written as a basic animation is so the first frame is `from` exactly.
  package func value(progress: Double, response: Double) -> Double {
    if holds { return from }
    let eased = from + (to - from) * progress
    return velocity == 0 ? eased : eased + velocity * response
  }
}

/// An event of the script that did nothing, and why; `description` is the warning `scenec sample` prints.
public struct IgnoredEvent: Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    /// The machine declares no event of this name (or the scene has no states).
    case undeclared
    /// Before time 0, when the scene starts in its initial state.
    case beforeStart
    /// The time is NaN or infinite.
    case notFinite
    /// The state current at that time has no transition on the event (a control ignores a press while pressed).
    case noTransition(state: String)
    /// The replay had already stopped (see `MachineReplay.Halt`).
    case halted
  }

  /// Index into the script's (sorted) events.
  public var index: Int
  public var event: EventScript.Event
  public var reason: Reason

  package init(index: Int, event: EventScript.Event, reason: Reason) {
    self.index = index
    self.event = event
    self.reason = reason
  }

  public var description: String {
    let why: String
    switch reason {
    case .undeclared: why = "the scene declares no such event"
    case .beforeStart: why = "it comes before time 0, when the scene starts"
    case .notFinite: why = "its time is not a finite number"
    case .noTransition(let state): why = "state '\(state)' has no transition on it"
    case .halted: why = "the replay had stopped before it"
    }
    return "event '\(event.name)' at \(NumberFormatting.shortest(event.time)) s ignored: \(why)"
  }
}
