import Foundation
import SceneBenchmark
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Scripts a user (or a fuzzer) might write: unknown and ignored events, several at one instant, events before
/// the scene starts, a thousand of them, non-finite times, and hand-made plans whose follow-ups never stop.
@Suite("Machine robustness")
struct MachineRobustnessTests {
  typealias S = SlotLayout

  static func plan() throws -> Plan { try PlanTestSupport.plan(spec: "shoot-button") }

  static func samples(_ replay: inout MachineReplay, _ times: [Double]) -> [[LayerFrame]] {
    MachineTestSupport.frames(&replay, at: times)
  }

  /// The warning `scenec sample` prints, word for word, and the replay unchanged by the ignored event.
  @Test func ignoredEventsAreReportedAndChangeNothing() throws {
    let plan = try Self.plan()
    var noisy = MachineReplay(plan: plan, script: try EventScript(parsing: "release@0.1,press@0.2,press@0.3,tap@0.4"))
    var clean = MachineReplay(plan: plan, script: try EventScript(parsing: "press@0.2"))
    #expect(
      noisy.ignored.map(\.description) == [
        "event 'release' at 0.1 s ignored: state 'idle' has no transition on it",
        "event 'press' at 0.3 s ignored: state 'pressed' has no transition on it",
        "event 'tap' at 0.4 s ignored: the scene declares no such event",
      ])
    #expect(noisy.ignored.map(\.index) == [0, 2, 3])
    let times = (0...60).map { Double($0) / 30 }
    #expect(Self.samples(&noisy, times) == Self.samples(&clean, times))
  }

  /// Rule 2: events at one instant are taken in the order given. A press and a release at 0.5 leave the scene
  /// idle; nothing moves (the press captured the idle values and its animations had no time), but the title was
  /// hidden by the press (discrete: start) and shows again when the release completes (discrete: end).
  @Test func eventsAtOneInstant() throws {
    let plan = try Self.plan()
    var both = MachineReplay(plan: plan, script: try EventScript(parsing: "press@0.5,release@0.5"))
    #expect(both.ignored.isEmpty)
    #expect(both.episodes.map(\.start) == [0, 0.5, 0.5])
    #expect(both.episodes[2].poseAnimations.map(\.holds) == [true], "only the title's hidden, held")
    let title = try #require(plan.layers.ids.firstIndex(of: "title"))
    let border = try #require(plan.layers.ids.firstIndex(of: "border"))
    let frames = Self.samples(&both, [0.4, 0.5, 0.6, 0.75, 1])
    #expect(frames.map { $0[title].values[S.hidden] } == [0, 1, 1, 0, 0])
    #expect(frames.allSatisfy { $0[border].values[S.scale] == 1 })
    // Given the other way round, the release comes first and is ignored; the press holds.
    var swapped = MachineReplay(plan: plan, script: try EventScript(parsing: "release@0.5,press@0.5"))
    #expect(swapped.ignored.map(\.event.name) == ["release"])
    #expect(swapped.episode(at: 1).state == swapped.machine.stateIndex(named: "pressed"))
  }

  /// Rule 1: the scene starts at 0, so an earlier event is ignored; before 0 the replay shows the initial state.
  @Test func eventsBeforeTimeZero() throws {
    let plan = try Self.plan()
    var early = MachineReplay(plan: plan, script: EventScript([.init("press", at: -1), .init("press", at: -1e-9)]))
    #expect(early.ignored.map(\.reason) == [.beforeStart, .beforeStart])
    #expect(
      early.ignored[0].description == "event 'press' at -1 s ignored: it comes before time 0, when the scene starts")
    var none = MachineReplay(plan: plan)
    let times = [-2, -1, -1e-9, 0, 0.5]
    #expect(Self.samples(&early, times) == Self.samples(&none, times))
  }

  @Test func nonFiniteTimesAreIgnored() throws {
    let plan = try Self.plan()
    let replay = MachineReplay(
      plan: plan, script: EventScript([.init("press", at: .nan), .init("press", at: .infinity), .init("press", at: 1)]))
    #expect(replay.episodes.count == 2)
    #expect(replay.ignored.map(\.reason) == [.notFinite, .notFinite])
  }

  /// A thousand presses and releases, half of them ignored, sampled at every event: finite values everywhere,
  /// each event accounted for once, and sampling in any order gives the same frames.
  @Test func aThousandEvents() throws {
    let plan = try Self.plan()
    var generator = SplitMix(seed: 7)  // the same random script on every run
    var events: [EventScript.Event] = []
    for _ in 0..<1000 {
      let time = Double(Int.random(in: 0..<4000, using: &generator)) / 1000
      events.append(.init(Bool.random(using: &generator) ? "press" : "release", at: time))
    }
    var replay = MachineReplay(plan: plan, script: EventScript(events))
    #expect(replay.episodes.count - 1 + replay.ignored.count == 1000)
    #expect(replay.episodes.count > 100 && replay.ignored.count > 100)
    let times = replay.script.events.map(\.time) + [4.5]
    let forward = Self.samples(&replay, times)
    #expect(forward.allSatisfy { $0.allSatisfy { $0.values.allSatisfy(\.isFinite) } })
    var fresh = MachineReplay(plan: plan, script: EventScript(events))
    for index in times.indices.reversed().filter({ $0 % 37 == 0 }) {
      #expect(Self.samples(&fresh, [times[index]])[0] == forward[index])
    }
  }

  @Test func aPlanWithoutStatesIgnoresEveryEvent() throws {
    let plan = try PlanTestSupport.plan(spec: "shake-button")
    var replay = MachineReplay(plan: plan, script: try EventScript(parsing: "tap@0"))
    #expect(replay.ignored.map(\.reason) == [.undeclared])
    var sampler = Sampler(plan: plan)
    var expected: [LayerFrame] = []
    var actual: [LayerFrame] = []
    for time in [0, 1.2, 1.5, 3.2] {
      sampler.sample(at: time, playing: plan.autoplayTimelines, into: &expected)
      replay.sample(at: time, into: &actual)
      #expect(actual == expected)
    }
  }

  /// A hand-made plan whose follow-ups cycle without time passing (the checker's E0805) stops, never hangs.
  @Test func instantFollowUpCycleHalts() throws {
    var plan = try Self.plan()
    plan.machine?.transitions = [
      .init(from: 0, trigger: .completion, to: 1, duration: 0, length: 0),
      .init(from: 1, trigger: .completion, to: 0, duration: 0, length: 0),
    ]
    plan.machine?.states[1].loop = nil
    plan.machine?.states[1].loopLength = 0
    var replay = MachineReplay(plan: plan, script: try EventScript(parsing: "press@1"))
    guard case .instantCycle(_, let time) = replay.halt else {
      Issue.record("expected an instant-cycle halt, got \(String(describing: replay.halt))")
      return
    }
    #expect(time == 0)
    #expect(replay.ignored.map(\.reason) == [.halted])
    var frames: [LayerFrame] = []
    replay.sample(at: 5, into: &frames)
    #expect(frames.count == plan.layers.count)
  }

  /// A follow-up cycle that takes time (a blinking control) goes on forever: the replay extends it as far as it
  /// is sampled, and stops at the replay's episode limit.
  @Test func endlessFollowUpsAreBounded() throws {
    var plan = try Self.plan()
    plan.machine?.transitions = [
      .init(from: 0, trigger: .completion, to: 1, duration: 0.25, length: 0.25),
      .init(from: 1, trigger: .completion, to: 0, duration: 0.25, length: 0.25),
    ]
    plan.machine?.states[1].loop = nil
    plan.machine?.states[1].loopLength = 0
    var replay = MachineReplay(plan: plan, episodeLimit: 1000)
    #expect(replay.episodes.count == 3, "made eagerly: one follow-up per state")
    var frames: [LayerFrame] = []
    replay.sample(at: 10, into: &frames)
    #expect(replay.episodes.count == 42 && replay.halt == nil, "the initial state, then one every 0.25 s from 0 to 10")
    #expect(replay.episodes.last?.start == 10)
    replay.sample(at: 1e9, into: &frames)
    #expect(replay.episodes.count == 1000)
    #expect(replay.halt == .episodeLimit(time: 999 * 0.25), "episode 1000 would start at 999 × 0.25 s")
    #expect(MachineReplay(plan: plan).episodeLimit == 100_000)
    #expect(frames.allSatisfy { $0.values.allSatisfy(\.isFinite) })
  }

  /// After the first sample, sampling the replay reuses the caller's buffers.
  @Test func reusesTheBuffer() throws {
    var replay = try MachineTestSupport.replay("shoot-button", "press@0,release@1.2")
    var frames: [LayerFrame] = []
    replay.sample(at: 0.1, into: &frames)
    let before = frames.map { $0.values.withUnsafeBufferPointer { $0.baseAddress } }
    for time in [0.3, 0.9, 1.3, 2] { replay.sample(at: time, into: &frames) }
    #expect(before == frames.map { $0.values.withUnsafeBufferPointer { $0.baseAddress } })
  }
}
