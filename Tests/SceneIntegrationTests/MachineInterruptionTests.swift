import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// No jumps on interruption (rule 3.vi): an event that cuts into a running transition — one whose timeline gives
/// explicit values, a spring timeline, or pose animations alone — leaves every number of every layer on screen
/// continuous, and its velocity too wherever the interrupted motion was smooth. Each number is sampled 1, 2 and 3 µs
/// either side of the event; its speed is what it moves in 1 µs on either side, so the check holds whatever
/// drives it (keyframes, springs, blends).
@Suite("Machine interruptions")
struct MachineInterruptionTests {
  static let step = 1e-6
  static let sweep = (1...19).map { Double($0) / 20 }

  /// A second tap cuts `like` (1 s, explicit from values) short anywhere.
  @Test(arguments: sweep)
  func likeCutShort(at time: Double) throws {
    try Self.expectSmooth(MachineTestSupport.replay("like-button", "tap@0,tap@\(time)"), at: time)
  }

  /// A third tap cuts `unlike` short, which started from the held liked pose at 1.5.
  @Test(arguments: sweep.map { 1.5 + $0 })
  func unlikeCutShort(at time: Double) throws {
    try Self.expectSmooth(MachineTestSupport.replay("like-button", "tap@0,tap@1.5,tap@\(time)"), at: time)
  }

  /// The switch's springs (0.5 s settling) cut short, once and then again while the blend is still fading.
  @Test(arguments: (1...9).map { Double($0) / 20 })
  func springSwitch(at time: Double) throws {
    try Self.expectSmooth(MachineTestSupport.fixtureReplay("spring-switch", "tap@0,tap@\(time)"), at: time)
    let again = 0.1 + time / 3
    try Self.expectSmooth(MachineTestSupport.fixtureReplay("spring-switch", "tap@0,tap@0.1,tap@\(again)"), at: again)
  }

  /// Pose transitions alone: the record button released mid-press keeps the press's velocity.
  @Test(arguments: (1...12).map { Double($0) / 50 })
  func releaseMidPress(at time: Double) throws {
    try Self.expectSmooth(MachineTestSupport.replay("shoot-button", "press@0,release@\(time)"), at: time)
  }

  /// `interrupt: replace` is Core Animation's literal behaviour: the spring's own `from` shows at once.
  @Test func replaceJumpsAsCoreAnimationDoes() throws {
    let text = try MachineTestSupport.fixtureText("spring-switch")
      .replacingOccurrences(of: "timeline: turnOff}", with: "timeline: turnOff, interrupt: replace}")
    var replay = try MachineTestSupport.replay(yaml: text, "tap@0,tap@0.1")
    let knob = try #require(replay.plan.layers.ids.firstIndex(of: "knob"))
    let frames = MachineTestSupport.frames(&replay, at: [0.1 - Self.step, 0.1])
    #expect(frames[1][knob].values[SlotLayout.position] == 35.5, "turnOff's from")
    #expect(frames[0][knob].values[SlotLayout.position] < 25, "the knob was a third of the way across")
    #expect(replay.episodes[2].blends.isEmpty)
    var blended = try MachineTestSupport.fixtureReplay("spring-switch", "tap@0,tap@0.1")
    let shown = MachineTestSupport.frames(&blended, at: [0.1])[0][knob].values[SlotLayout.position]
    #expect(abs(shown - frames[0][knob].values[SlotLayout.position]) < 1e-3, "blend starts where the knob is")
  }

  /// Far from 0, where 1 µs is below the resolution of scene times, the velocity step widens instead of rounding
  /// to 0 (which gave NaN): every number stays finite and the blend still starts from the screen.
  @Test func interruptionLateInTheScene() throws {
    let start = 1e11
    var replay = try MachineTestSupport.replay("like-button", "tap@\(start),tap@\(start + 0.5)")
    var alone = try MachineTestSupport.replay("like-button", "tap@\(start)")
    #expect(!replay.episodes[2].blends.isEmpty)
    let heart = try #require(replay.plan.layers.ids.firstIndex(of: "redHeart"))
    for time in [start + 0.5, start + 0.75, start + 1.25] {
      let frames = MachineTestSupport.frames(&replay, at: [time])[0]
      #expect(frames.allSatisfy { $0.values.allSatisfy(\.isFinite) && $0.path.allSatisfy(\.isFinite) }, "at \(time)")
    }
    let shown = MachineTestSupport.frames(&alone, at: [start + 0.5])[0][heart].values[SlotLayout.scale]
    let blended = MachineTestSupport.frames(&replay, at: [start + 0.5])[0][heart].values[SlotLayout.scale]
    #expect(abs(blended - shown) < 1e-9, "\(blended) vs \(shown) on screen")
  }

  /// A timeline whose value steps within the velocity step after the start (discrete keyframes switching at
  /// 1e-7 s) gives the new episode no huge starting velocity: the blend once carried −0.8 / 1 µs for its whole
  /// window, taking the opacity to 28,800.
  @Test func aStepRightAfterTheStartIsNotAVelocity() throws {
    let yaml = """
      scene: step
      size: [100, 100]
      layers:
        - id: box
          frame: [0, 0, 50, 50]
      timelines:
        flash: {target: box, keyPath: opacity, values: [1, 0.2], calculationMode: discrete, keyTimes: [0, 1e-7, 1]}
      states:
        initial: a
        events: [tap]
        a: {}
        b: {pose: {box: {position.x: 60}}}
        transitions:
          - {from: a, on: tap, to: b, timeline: flash}
          - {from: b, on: tap, to: a, timeline: flash}
      """
    var replay = try MachineTestSupport.replay(yaml: yaml, "tap@0,tap@0.1")
    let blend = try #require(replay.episodes[2].blends.first { $0.target == .slot(SlotLayout.opacity) })
    #expect(abs(blend.value + 0.8) < 1e-12 && blend.velocity == 0, "\(blend)")
    for frame in MachineTestSupport.frames(&replay, at: [0.1, 0.15, 0.2, 0.3]) {
      #expect(abs(frame[0].values[SlotLayout.opacity]) < 2)
    }
  }

  /// The fade itself: value and slope at 0 as given, 0 with zero slope at the window's end, 0 after.
  @Test func blendOffsetIsAHermiteFade() {
    let blend = BlendOffset(layer: 0, target: .slot(0), value: 3, velocity: -40)
    let window = 0.3
    let h = 1e-7
    #expect(blend.offset(elapsed: 0, window: window) == 3)
    #expect(abs((blend.offset(elapsed: h, window: window) - 3) / h + 40) < 1e-3)
    #expect(abs(blend.offset(elapsed: window - h, window: window)) < 1e-10)
    #expect(abs(blend.offset(elapsed: window - h, window: window) / h) < 1e-4, "zero slope at the end")
    #expect(blend.offset(elapsed: window, window: window) == 0 && blend.offset(elapsed: 5, window: window) == 0)
  }

  /// Samples the replay around `time`, where its last event started a transition that interrupts a running one.
  static func expectSmooth(_ replay: MachineReplay, at time: Double, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    var replay = replay
    #expect(replay.ignored.isEmpty, sourceLocation: sourceLocation)
    let entered = replay.episodes[replay.episodeIndex(at: time)]
    let interrupted = replay.episodes[replay.episodeIndex(at: time) - 1]
    #expect(
      entered.start == time && time < interrupted.completion, "the event interrupts", sourceLocation: sourceLocation)
    let offsets = [-3.0, -2, -1, 1, 2, 3]
    let frames = MachineTestSupport.frames(&replay, at: offsets.map { time + $0 * step })
    // The same replay without the last event: whether the interrupted motion itself was smooth at `time`.
    var events = replay.script.events
    events.removeLast()
    var alone = MachineReplay(plan: replay.plan, script: EventScript(events))
    let continued = MachineTestSupport.frames(&alone, at: [time + step, time + 2 * step])
    let parents = replay.plan.layers.parents
    var shown: [Bool] = []
    for layer in frames[2].indices {
      shown.append(frames[2][layer].values[SlotLayout.hidden] == 0 && (parents[layer] < 0 || shown[parents[layer]]))
    }
    for layer in frames[2].indices where shown[layer] {
      let id = replay.plan.layers.ids[layer]
      var targets = (0..<SlotLayout.count).filter { !MachineTable.discreteSlots[$0] }.map(PoseAnimation.Target.slot)
      targets += frames[2][layer].path.indices.map(PoseAnimation.Target.pathCoordinate)
      for target in targets {
        let x = frames.map { Self.number($0[layer], target) }
        let speed = [x[1] - x[0], x[2] - x[1], x[4] - x[3], x[5] - x[4]].map(abs).max()! / step
        let jump = abs(x[3] - x[2])
        #expect(
          jump <= speed * 2 * step * 1.01 + 1e-9, "\(id) \(target) jumps by \(x[3] - x[2]) at \(time)",
          sourceLocation: sourceLocation)
        let before = (x[2] - x[1]) / step
        let after = (x[4] - x[3]) / step
        let acceleration = max(abs(x[2] - 2 * x[1] + x[0]), abs(x[5] - 2 * x[4] + x[3])) / (step * step)
        let tolerance = acceleration * 4 * step + 1e-3 * max(abs(before), abs(after)) + 1e-6
        let own = continued.map { Self.number($0[layer], target) }
        guard abs((own[1] - own[0]) / step - before) <= tolerance else { continue }  // a kink of its own at `time`
        #expect(
          abs(after - before) <= tolerance, "\(id) \(target) velocity \(before) → \(after) at \(time)",
          sourceLocation: sourceLocation)
      }
    }
  }

  static func number(_ frame: LayerFrame, _ target: PoseAnimation.Target) -> Double {
    switch target {
    case .slot(let slot): frame.values[slot]
    case .pathCoordinate(let index): frame.path[index]
    }
  }
}
