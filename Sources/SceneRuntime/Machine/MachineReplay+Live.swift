import SceneCore

/// Events one at a time (an app's taps as they happen), by the same rules as a script given up front: receiving a
/// script's events in order gives exactly the samples of replaying that script, at every time.
///
/// Sampling ahead of the last event fires the follow-ups due by then, and the replay made from a script finishes
/// the follow-up chain after its last event; both are guesses that no event comes first. An event received later
/// takes them back: the follow-ups started after its time are dropped and fire again, lazily, after it (follow-ups
/// due at its very instant stay, since they fire before an event on ties).
extension MachineReplay {
  /// Why a live event was refused; the replay is unchanged.
  package enum LiveEventError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event is earlier than the last one received: time runs forward only.
    case earlierThanLast(EventScript.Event, last: Double)
    /// The event's time is NaN, which has no place in time order.
    case timeNotANumber(EventScript.Event)

    package var description: String {
      switch self {
      case .earlierThanLast(let event, let last):
        let at = NumberFormatting.shortest(event.time)
        return "event '\(event.name)' at \(at) s comes before the last one, at \(NumberFormatting.shortest(last)) s"
      case .timeNotANumber(let event):
        return "event '\(event.name)' has a time that is not a number"
      }
    }
  }

  /// Takes one more event, at or after every event taken so far. Returns how it was ignored when it does nothing
  /// (as `ignored` records it), nil when it started a transition.
  @discardableResult
  package mutating func receive(_ event: EventScript.Event) throws(LiveEventError) -> IgnoredEvent? {
    guard !event.time.isNaN else { throw .timeNotANumber(event) }
    if let last = script.events.last, last.time.isNaN || event.time < last.time {
      throw .earlierThanLast(event, last: last.time)
    }
    retractFollowUps(after: event.time)
    let ignoredBefore = ignored.count
    script.append(latest: event)
    take(event: script.events.count - 1)
    return ignored.count > ignoredBefore ? ignored[ignored.count - 1] : nil
  }

  /// Drops the episodes started after `time` (only follow-ups, as no event is later) and a halt after it, and
  /// makes the follow-up of the latest episode left pending again, as it was before they fired.
  mutating func retractFollowUps(after time: Double) {
    let kept = episodeIndex(at: time) + 1
    let haltedLater = halt.map { $0.time > time } ?? false
    guard kept < episodes.count || haltedLater else { return }
    episodes.removeSubrange(kept...)
    if haltedLater { halt = nil }
    let latest = episodes[episodes.count - 1]
    // A halt at or before `time` stays, and with it no follow-up is pending.
    pending = halt == nil ? followUp(from: latest.state, due: latest.complete) : nil
    instantFollowUps = 0
  }
}

extension MachineReplay.Halt {
  /// The scene time the replay stopped at.
  var time: Double {
    switch self {
    case .instantCycle(_, let time), .episodeLimit(let time): time
    }
  }
}
