import Foundation
import SceneRuntime
import SceneTestSupport
import Testing

/// Events received one at a time against the same events given up front as a script: on every seed spec with
/// states, random scripts (ties, undeclared names, times before 0, bursts inside transitions) give the scripted
/// replay's samples bit for bit, both between events (against the script received so far) and after the last.
@Suite("Live events")
struct LiveEventTests {
  static var interactiveSpecs: [String] {
    let folder = PlanTestSupport.root.appendingPathComponent("specs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }

  @Test("live events match the scripted replay", arguments: interactiveSpecs)
  func liveMatchesScripted(spec: String) throws {
    let plan = try PlanTestSupport.plan(spec: spec)
    guard let machine = plan.machine else { return }
    var random = Generator(seed: UInt64(spec.utf8.count) &* 0x9E37_79B9)
    for _ in 0..<12 {
      let events = Self.randomEvents(names: machine.events, using: &random)
      var live = MachineReplay(plan: plan)
      for (index, event) in events.enumerated() {
        // Sample before the event, including far ahead of it (which fires follow-ups it must take back).
        let prefix = MachineReplay(plan: plan, script: EventScript(Array(events[..<index])))
        let times = [event.time - 0.01, event.time + random.unit() * 2, event.time + 5].filter { $0 >= 0 }
        try Self.expectSame(&live, prefix, at: times, "\(spec) before event \(index) of \(events)")
        let ignored = try live.receive(event)
        #expect(ignored == live.ignored.last.flatMap { $0.index == index ? $0 : nil })
      }
      let scripted = MachineReplay(plan: plan, script: EventScript(events))
      // The scripted replay finishes the follow-up chain after its last event at once, the live one as sampled.
      let last = events.last?.time ?? 0
      #expect(live.episodes.filter { $0.start <= last } == scripted.episodes.filter { $0.start <= last })
      #expect(live.ignored == scripted.ignored, "\(spec) \(events)")
      let end = (events.last?.time ?? 0) + 4
      let times = stride(from: 0, through: end, by: 1 / 30).map { $0 }
      try Self.expectSame(&live, scripted, at: times, "\(spec) \(events)")
    }
  }

  @Test func anEarlierEventIsRefusedAndChangesNothing() throws {
    let plan = try PlanTestSupport.plan(spec: "like-button")
    var live = MachineReplay(plan: plan)
    try live.receive(EventScript.Event("tap", at: 1))
    let before = live.episodes
    #expect(throws: MachineReplay.LiveEventError.earlierThanLast(EventScript.Event("tap", at: 0.5), last: 1)) {
      try live.receive(EventScript.Event("tap", at: 0.5))
    }
    let notANumber = #expect(throws: MachineReplay.LiveEventError.self) {
      try live.receive(EventScript.Event("tap", at: .nan))
    }
    #expect(notANumber?.description == "event 'tap' has a time that is not a number")
    #expect(live.episodes == before && live.script.events.count == 1)
  }

  /// Names of the machine and one it does not declare; times in steps of 0.05 s from just before 0 to about
  /// 3 s, non-decreasing, with ties.
  static func randomEvents(names: [String], using random: inout Generator) -> [EventScript.Event] {
    let count = Int(random.next() % 8)
    var time = -0.1
    return (0..<count).map { _ in
      if random.next() % 4 != 0 { time += Double(random.next() % 12) * 0.05 }
      let pick = Int(random.next() % UInt64(names.count + 1))
      return EventScript.Event(pick < names.count ? names[pick] : "undeclared", at: time)
    }
  }

  static func expectSame(
    _ live: inout MachineReplay, _ scripted: MachineReplay, at times: [Double], _ what: String
  ) throws {
    var scripted = scripted
    var liveFrames: [LayerFrame] = []
    var scriptedFrames: [LayerFrame] = []
    for time in times {
      live.sample(at: time, into: &liveFrames)
      scripted.sample(at: time, into: &scriptedFrames)
      let same = zip(liveFrames, scriptedFrames).allSatisfy { a, b in
        a.values.map(\.bitPattern) == b.values.map(\.bitPattern) && a.path.map(\.bitPattern) == b.path.map(\.bitPattern)
      }
      #expect(liveFrames.count == scriptedFrames.count && same, "\(what) at \(time)")
    }
  }

  /// SplitMix64: the same numbers on every platform for a seed.
  struct Generator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// In [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
  }
}
