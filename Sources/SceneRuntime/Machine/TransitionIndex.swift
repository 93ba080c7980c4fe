/// The transition each (state, trigger) takes, found by a hash rather than a scan of every transition: a replay
/// asks once per event and per follow-up, and the plan loader once per transition, so a scan made both cost
/// transitions × events (or transitions²).
struct TransitionIndex: Sendable {
  struct Key: Hashable, Sendable {
    let from: Int
    let trigger: MachineTable.Trigger
  }

  private var first: [Key: Int] = [:]

  init() {}

  /// The first transition of each (from, trigger) in `transitions`, as `MachineTable.transition(from:on:)` finds it.
  init(_ transitions: [MachineTable.Transition]) {
    first.reserveCapacity(transitions.count)
    for index in transitions.indices { _ = insert(transitions[index], at: index) }
  }

  /// Notes `transition` (number `index`); false when its (from, trigger) already has one, which stays.
  mutating func insert(_ transition: MachineTable.Transition, at index: Int) -> Bool {
    let key = Key(from: transition.from, trigger: transition.trigger)
    guard first[key] == nil else { return false }
    first[key] = index
    return true
  }

  func transition(from state: Int, on trigger: MachineTable.Trigger) -> Int? {
    first[Key(from: state, trigger: trigger)]
  }
}
