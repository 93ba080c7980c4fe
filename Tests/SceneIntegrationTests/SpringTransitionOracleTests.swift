import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Random spring transitions and random event scripts against the spring's equation of motion, integrated
/// numerically (RK4, `SpringTransitionTests.Motion`): the oracle knows only the physics and the rules of
/// Grammar.md's "Spring transitions" — from rest a spring starts at its written initialVelocity × distance, and a
/// spring that cuts into a running transition carries the position and velocity on (blend, the default).
@Suite("Spring transition oracle")
struct SpringTransitionOracleTests {
  /// The numbers the scene moves: the dot's x and its corner radius, each with its own target per state.
  static let slots = [SlotLayout.position, SlotLayout.cornerRadius]

  struct Case {
    var yaml: String
    var script: String
    var events: [Double]
    var springs: [SpringParameters]
    /// Per state (a, b, c), the value of each number in `slots`.
    var targets: [[Double]]
  }

  static func makeCase(seed: UInt64) -> Case {
    var random = SeededRandom(seed: seed)
    func uniform(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + (range.upperBound - range.lowerBound) * random.unit()
    }
    let targets = [[5.0, 0], [uniform(30...90), uniform(2...10)], [uniform(-40...0), uniform(10...20)]]
    var springs: [SpringParameters] = []
    var written: [String] = []
    for _ in 0..<3 {
      if random.chance(50) {
        let (duration, bounce) = (uniform(0.2...0.8), uniform(-0.5...0.7))
        springs.append(SpringParameters(perceptualDuration: duration, bounce: bounce))
        written.append("{duration: \(duration), bounce: \(bounce)}")
      } else {
        let (mass, stiffness) = (uniform(0.5...2), uniform(60...600))
        let (damping, velocity) = (uniform(6...40), uniform(-3...3))
        springs.append(SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity))
        written.append("{mass: \(mass), stiffness: \(stiffness), damping: \(damping), initialVelocity: \(velocity)}")
      }
    }
    var events: [Double] = []
    var time = 0.0
    for _ in 0..<random.int(3...6) {
      time += random.chance(20) ? uniform(1.5...2.5) : uniform(0.03...0.5)
      events.append((time * 1000).rounded() / 1000)
    }
    let yaml = """
      scene: oracle
      size: [100, 40]
      layers:
        - id: dot
          frame: [0, 0, 10, 10]
          backgroundColor: red
      states:
        initial: a
        events: [go]
        a: {}
        b: {pose: {dot: {position.x: \(targets[1][0]), cornerRadius: \(targets[1][1])}}}
        c: {pose: {dot: {position.x: \(targets[2][0]), cornerRadius: \(targets[2][1])}}}
        transitions:
          - {from: a, on: go, to: b, spring: \(written[0])}
          - {from: b, on: go, to: c, spring: \(written[1])}
          - {from: c, on: go, to: a, spring: \(written[2])}
      """
    let script = events.map { "go@\($0)" }.joined(separator: ",")
    return Case(yaml: yaml, script: script, events: events, springs: springs, targets: targets)
  }

  @Test(arguments: (1...16).map { UInt64($0) * 0x9E37_79B9 })
  func replayFollowsTheEquationOfMotion(seed: UInt64) throws {
    let oracle = Self.makeCase(seed: seed)
    var replay = try MachineTestSupport.replay(yaml: oracle.yaml, oracle.script)
    #expect(replay.ignored.isEmpty)
    let durations = replay.machine.transitions.map(\.duration)
    // The motion of each number, integrated episode by episode; state s's transition out is transitions[s].
    var motions = Self.slots.indices.map { SpringTransitionTests.Motion(x: oracle.targets[0][$0], v: 0) }
    var state = 0
    var clock = 0.0
    var runningUntil = -Double.infinity
    for (index, start) in oracle.events.enumerated() {
      let spring = oracle.springs[state]
      let next = (state + 1) % 3
      let resting = start >= runningUntil
      for number in motions.indices {
        if resting {
          // The previous transition completed: the model value shows, at rest.
          motions[number] = .init(x: oracle.targets[state][number], v: 0)
        } else {
          let previous = oracle.springs[(state + 2) % 3]
          motions[number].run(previous, toward: oracle.targets[state][number], for: start - clock)
        }
        if resting { motions[number].v = spring.initialVelocity * (oracle.targets[next][number] - motions[number].x) }
      }
      clock = start
      runningUntil = start + durations[state]
      let end = min(index + 1 < oracle.events.count ? oracle.events[index + 1] : .infinity, runningUntil)
      let times = [0, 0.1, 0.3, 0.6, 0.95].map { start + $0 * (end - start) }
      let frames = MachineTestSupport.frames(&replay, at: times)
      for (time, frame) in zip(times, frames) {
        for (number, slot) in Self.slots.enumerated() {
          var motion = motions[number]
          motion.run(spring, toward: oracle.targets[next][number], for: time - start)
          let range = abs(oracle.targets[next][number] - oracle.targets[state][number]) + 1
          let shown = frame[0].values[slot]
          #expect(
            abs(shown - motion.x) <= 1e-4 * range, "seed \(seed) slot \(slot) at \(time): \(shown) vs \(motion.x)")
        }
      }
      state = next
    }
  }
}
