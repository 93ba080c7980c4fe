import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Spring transitions (Grammar.md, "Spring transitions"; docs/states-runtime.md): the pose animations follow the
/// spring, and a spring that cuts into a running transition starts from the value and the velocity on screen.
/// The reference here is independent of the closed forms the runtime uses: the spring's equation of motion,
/// m·x″ = −k·(x − target) − d·x′, integrated numerically (RK4) through every event of the script.
@Suite("Spring transitions")
struct SpringTransitionTests {
  typealias S = SlotLayout
  static let fixture = "spring-transition-switch"
  /// The two transitions of the fixture: off → on and on → off.
  static let turnOn = SpringParameters(perceptualDuration: 0.5, bounce: 0.3)
  static let turnOff = SpringParameters(mass: 1, stiffness: 300, damping: 24, initialVelocity: 2)
  static let offX = 15.5
  static let onX = 35.5

  @Test func goldenSamplesOfAnInterruptedSpring() throws {
    let times = [0, 0.05, 0.12, 0.16, 0.2, 0.25, 0.3, 0.5, 0.8, 1.2, 2.5]
    var replay = try MachineTestSupport.fixtureReplay(Self.fixture, "tap@0,tap@0.12,tap@0.2")
    let frames = MachineTestSupport.frames(&replay, at: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: replay.plan, times: times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "\(Self.fixture).events.samples.json"))
    #expect(replay.ignored.isEmpty)
  }

  /// The plan's machine holds the springs, and a spring transition lasts its settling duration.
  @Test func theTableHoldsTheSprings() throws {
    let replay = try MachineTestSupport.fixtureReplay(Self.fixture, "tap@0")
    let transitions = replay.machine.transitions
    #expect(transitions.map(\.spring) == [Self.turnOn, Self.turnOff])
    for transition in transitions {
      let spring = try #require(transition.spring)
      // The settling rule's own definition: the spring's envelope is at the threshold at `duration`.
      #expect(transition.duration > 0.2 && transition.duration < 2, "\(transition.duration)")
      #expect(transition.length == transition.duration)
      #expect(transition.timingFunction.isLinear)
      #expect(abs(transition.progress(elapsed: 0.1) - spring.progress(at: 0.1)) < 1e-12)
    }
    let reloaded = try Plan(json: replay.plan.json())
    #expect(reloaded.machine == replay.machine, "the springs survive the plan's JSON")
  }

  /// Nothing jumps and no velocity is lost when a tap cuts into a spring, once or twice in a row.
  @Test(arguments: [0.03, 0.08, 0.12, 0.2, 0.35, 0.5])
  func continuousAcrossTheInterruption(at time: Double) throws {
    try MachineInterruptionTests.expectSmooth(
      MachineTestSupport.fixtureReplay(Self.fixture, "tap@0,tap@\(time)"), at: time)
    let again = time + 0.07
    try MachineInterruptionTests.expectSmooth(
      MachineTestSupport.fixtureReplay(Self.fixture, "tap@0,tap@\(time),tap@\(again)"), at: again)
  }

  /// With a timeline over the spring (keyframes with an explicit first value), the spring carries the knob's x
  /// and the blend still removes the keyframes' jump in its width: both continuous, in value and velocity.
  @Test(arguments: [0.05, 0.1, 0.2, 0.3, 0.4])
  func aTimelineOverTheSpringStillBlends(at time: Double) throws {
    let fixture = "spring-transition-stretch"
    let replay = try MachineTestSupport.fixtureReplay(fixture, "tap@0,tap@\(time)")
    try MachineInterruptionTests.expectSmooth(replay, at: time)
    let knob = try #require(replay.plan.layers.ids.firstIndex(of: "knob"))
    let episode = replay.episodes[2]
    #expect(episode.blends.contains { $0.layer == knob && $0.target == .slot(SlotLayout.bounds + 2) }, "the width")
    #expect(!episode.blends.contains { $0.layer == knob && $0.target == .slot(SlotLayout.position) }, "not the x")
    #expect(episode.poseAnimations.contains { $0.layer == knob && $0.velocity != 0 }, "the x carries its velocity")
  }

  /// The knob and the track's colour against the integrated equation of motion: from rest at 0, cut at `cut` (the
  /// second spring starts from the first one's position and velocity, its own initialVelocity replaced), and cut
  /// again at `cut + 0.1`.
  @Test(arguments: [0.04, 0.1, 0.17, 0.3])
  func matchesTheIntegratedSpring(cut: Double) throws {
    let second = cut + 0.1
    var replay = try MachineTestSupport.fixtureReplay(Self.fixture, "tap@0,tap@\(cut),tap@\(second)")
    let plan = replay.plan
    let knob = try #require(plan.layers.ids.firstIndex(of: "knob"))
    let track = try #require(plan.layers.ids.firstIndex(of: "track"))
    let on = try #require(replay.machine.states.last)
    let off = try #require(replay.machine.states.first)
    // (layer, slot) of every number the switch moves: the knob's x and the track colour's red, green and blue.
    let numbers = [(knob, S.position)] + (0..<3).map { (track, S.backgroundColor + $0) }
    let times = [0.02, cut - 0.01, cut + 0.005, cut + 0.05, second + 0.001, second + 0.04, second + 0.2, second + 0.4]
    let frames = MachineTestSupport.frames(&replay, at: times)
    for (layer, slot) in numbers {
      let base = layer * S.count + slot
      let (offValue, onValue) = (off.values[base], on.values[base])
      let range = abs(onValue - offValue)
      for (time, frame) in zip(times, frames) {
        var motion = Motion(x: offValue, v: 0)
        motion.run(Self.turnOn, toward: onValue, for: min(time, cut))
        if time > cut { motion.run(Self.turnOff, toward: offValue, for: min(time, second) - cut) }
        if time > second { motion.run(Self.turnOn, toward: onValue, for: time - second) }
        let shown = frame[layer].values[slot]
        let id = plan.layers.ids[layer]
        #expect(abs(shown - motion.x) <= 1e-4 * range, "\(id) slot \(slot) at \(time): \(shown) vs \(motion.x)")
      }
    }
  }

  /// From rest (the first spring settled), the written initialVelocity is the spring's: w·(to − from) per second.
  @Test func fromRestTheWrittenInitialVelocityApplies() throws {
    var replay = try MachineTestSupport.fixtureReplay(Self.fixture, "tap@0,tap@3")
    let knob = try #require(replay.plan.layers.ids.firstIndex(of: "knob"))
    let times = [3.0, 3.05, 3.1, 3.3]
    let frames = MachineTestSupport.frames(&replay, at: times)
    for (time, frame) in zip(times, frames) {
      var motion = Motion(x: Self.onX, v: Self.turnOff.initialVelocity * (Self.offX - Self.onX))
      motion.run(Self.turnOff, toward: Self.offX, for: time - 3)
      #expect(abs(frame[knob].values[S.position] - motion.x) < 1e-4 * 20, "at \(time)")
    }
    #expect(replay.episodes[2].poseAnimations.allSatisfy { $0.velocity == 0 }, "nothing carried from rest")
  }

  /// `interrupt: replace` is Core Animation's literal behaviour: the new spring starts at rest (its own
  /// initialVelocity), so the motion turns at once.
  @Test func replaceStartsTheSpringAsWritten() throws {
    let text = try MachineTestSupport.fixtureText(Self.fixture)
      .replacingOccurrences(of: "initialVelocity: 2}}", with: "initialVelocity: 2}, interrupt: replace}")
    var replay = try MachineTestSupport.replay(yaml: text, "tap@0,tap@0.1")
    #expect(replay.episodes[2].poseAnimations.allSatisfy { $0.velocity == 0 })
    #expect(replay.episodes[2].blends.isEmpty)
    let knob = try #require(replay.plan.layers.ids.firstIndex(of: "knob"))
    let frames = MachineTestSupport.frames(&replay, at: [0.1, 0.1 + 1e-6])
    let velocity = (frames[1][knob].values[S.position] - frames[0][knob].values[S.position]) / 1e-6
    let distance = Self.offX - frames[0][knob].values[S.position]
    #expect(abs(velocity - Self.turnOff.initialVelocity * distance) < 1e-2 * abs(distance), "\(velocity)")
  }

  /// A spring's position and velocity under m·x″ = −k·(x − target) − d·x′, integrated with classical RK4.
  struct Motion {
    var x: Double
    var v: Double

    mutating func run(_ spring: SpringParameters, toward target: Double, for time: Double) {
      guard time > 0 else { return }
      let steps = Int((time / 1e-5).rounded(.up))
      let h = time / Double(steps)
      // The damping the closed form uses: without overdamping a ratio above 1 is clamped to 1.
      let damping = spring.effectiveDampingRatio * 2 * (spring.stiffness * spring.mass).squareRoot()
      func acceleration(_ x: Double, _ v: Double) -> Double {
        (-spring.stiffness * (x - target) - damping * v) / spring.mass
      }
      for _ in 0..<steps {
        let (k1x, k1v) = (v, acceleration(x, v))
        let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
        let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
        let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      }
    }
  }
}
