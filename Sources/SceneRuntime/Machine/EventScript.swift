import SceneCore

/// Events fed to a scene's state machine at given scene times: what a user's finger did, for replaying.
///
/// The events are kept sorted by time; events at one instant keep the order they were given in, as Grammar.md's
/// rule 2 takes them in that order. The script does not know the machine: names are checked when it is replayed.
public struct EventScript: Sendable, Hashable {
  public struct Event: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// Scene time in seconds.
    public var time: Double

    public init(_ name: String, at time: Double) {
      self.name = name
      self.time = time
    }

    public var description: String { "\(name)@\(NumberFormatting.shortest(time))" }
  }

  /// Sorted by time, stably; a NaN time (which a replay ignores) sorts last, so sorting always terminates in a
  /// total order.
  public private(set) var events: [Event]

  public init(_ events: [Event] = []) {
    // Sorting the (time, position) pairs makes the order total and stable whatever the sort algorithm.
    self.events = events.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element.time, rhs.element.time)
      if a.isNaN != b.isNaN { return b.isNaN }
      if !a.isNaN && a != b { return a < b }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// Parses `press@0,release@1.2`: comma-separated `name@seconds`, spaces around items allowed.
  public init(parsing text: String) throws(ParseError) {
    var parsed: [Event] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = item.trimmingSpaces()
      let parts = trimmed.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw ParseError("expected name@seconds, got '\(trimmed)'")
      }
      guard let time = DecimalText.parse(parts[1]), time.isFinite else {
        throw ParseError("'\(parts[1])' in '\(trimmed)' is not a finite number of seconds")
      }
      parsed.append(Event(String(parts[0]), at: time))
    }
    self.init(parsed)
  }

  public var isEmpty: Bool { events.isEmpty }

  /// Adds an event at or after the time of every event so far, so the order stays sorted (a live replay's).
  mutating func append(latest event: Event) {
    precondition(events.last.map { !(event.time < $0.time) && !$0.time.isNaN } ?? true, "events must not go back")
    events.append(event)
  }

  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }
}

extension Substring {
  /// Without leading and trailing spaces (the runtime does not import Foundation for this).
  fileprivate func trimmingSpaces() -> Substring {
    var result = self
    while result.first == " " { result = result.dropFirst() }
    while result.last == " " { result = result.dropLast() }
    return result
  }
}
