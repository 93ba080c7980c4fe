/// Why a `ScenePlayer` could not load a plan or take an event; `description` is a sentence for a log.
public enum ScenePlayerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are not JSON: the byte offset of the first one that could not be read, and why.
  case notJSON(offset: Int, message: String)
  /// The JSON is not a plan this runtime reads (a member missing or out of range, another format version).
  case invalidPlan(PlanError)
  /// An event came with a time before the last event's: live events run forward only.
  case eventBeforeLast(name: String, time: Double, last: Double)
  /// An event's time was NaN.
  case eventTimeNotANumber(name: String)

  public var description: String {
    switch self {
    case .notJSON(let offset, let message): "the plan is not JSON: byte \(offset): \(message)"
    case .invalidPlan(let error): error.description
    case .eventBeforeLast(let name, let time, let last):
      "event '\(name)' at \(NumberFormatting.shortest(time)) s comes before the last event, at "
        + "\(NumberFormatting.shortest(last)) s: send events in time order"
    case .eventTimeNotANumber(let name): "event '\(name)' has a time that is not a number"
    }
  }
}
