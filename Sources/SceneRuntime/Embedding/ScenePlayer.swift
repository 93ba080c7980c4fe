/// A compiled scene played in an app: load its plan, send the user's events as they happen, and sample any time
/// into one frame per layer (docs/embedding.md).
///
/// The player is a value: copying it forks the playback. It wraps the runtime's machine replay, so events sent
/// live give exactly the frames `scenec sample --events` gives for the same script. A scene without `states:`
/// plays its autoplay timelines and takes no events.
public struct ScenePlayer: Sendable {
  private var replay: MachineReplay
  private var frames: [LayerFrame] = []

  /// Loads a plan written by `scenec compile` (the bytes of its JSON file, e.g. `[UInt8]` or `Data`).
  public init(planJSON bytes: some Sequence<UInt8>) throws(ScenePlayerError) {
    let json: JSONValue
    do throws(JSONParseError) {
      json = try JSONParser.parse(Array(bytes))
    } catch {
      throw .notJSON(offset: error.offset, message: error.message)
    }
    do throws(PlanError) {
      self.init(plan: try Plan(json: json))
    } catch {
      throw .invalidPlan(error)
    }
  }

  /// Plays a plan already in memory.
  public init(plan: Plan) {
    replay = MachineReplay(plan: plan)
  }

  public var plan: Plan { replay.plan }

  /// The layers' ids, in paint order: `sample(at:)` returns one frame per layer in this order.
  public var layerIDs: [String] { replay.plan.layers.ids }

  /// The timelines' names, in file order.
  public var timelineNames: [String] { replay.plan.timelines.names }

  /// The events the scene's state machine declares (empty without `states:`).
  public var eventNames: [String] { replay.plan.machine?.events ?? [] }

  /// The states' names (empty without `states:`).
  public var stateNames: [String] { replay.plan.machine?.states.map(\.name) ?? [] }

  /// The time of the last event sent, or 0 before any: a new event may not be earlier.
  public var lastEventTime: Double { replay.script.events.last?.time ?? 0 }

  /// The events sent that did nothing, and why, in the order sent.
  public var ignoredEvents: [IgnoredEvent] { replay.ignored }

  /// Sends event `name` at scene time `time` (seconds since the scene started), no earlier than the last event.
  /// Returns why it was ignored when it does nothing (no such event, or no transition on it from the state then
  /// current), nil when it started a transition.
  @discardableResult
  public mutating func send(_ name: String, at time: Double) throws(ScenePlayerError) -> IgnoredEvent? {
    do throws(MachineReplay.LiveEventError) {
      return try replay.receive(EventScript.Event(name, at: time))
    } catch {
      switch error {
      case .earlierThanLast(_, let last): throw .eventBeforeLast(name: name, time: time, last: last)
      case .timeNotANumber: throw .eventTimeNotANumber(name: name)
      }
    }
  }

  /// The presentation at scene time `time`: one frame per layer, in `layerIDs` order. Any time may be sampled,
  /// before or after the last event; times after it show what follows if no further event comes.
  public mutating func sample(at time: Double) -> [LayerFrame] {
    replay.sample(at: time, into: &frames)
    return frames
  }

  /// As `sample(at:)`, into the caller's buffer: after the first call, sampling allocates nothing.
  public mutating func sample(at time: Double, into frames: inout [LayerFrame]) {
    replay.sample(at: time, into: &frames)
  }

  /// The name of the state in effect at `time` ("" for a scene without `states:`).
  public mutating func stateName(at time: Double) -> String {
    replay.machine.states[replay.episode(at: time).state].name
  }

  /// The state in effect at the last event's time, after the transitions it and its follow-ups started there.
  public mutating func currentStateName() -> String {
    stateName(at: lastEventTime)
  }
}
