import Foundation
import Testing

@testable import SceneCore
@testable import SceneFrontEnd

struct SpringTests {
  let defaultSpring = SpringParameters()

  @Test func defaultSpringMatchesTheReferenceValues() {
    #expect(abs(defaultSpring.progress(at: 0.1) - 0.340) < 1e-3)
    #expect(abs(defaultSpring.progress(at: 0.2) - 0.849) < 1e-3)
    #expect(abs(defaultSpring.progress(at: 0.3) - 1.124) < 1e-3)
    #expect(abs(defaultSpring.progress(at: 1.0) - 1.002) < 1e-3)
    #expect(defaultSpring.progress(at: 0) == 0)
    #expect(defaultSpring.progress(at: -1) == 0)
  }

  @Test func defaultSpringPeaksAt1_163Near0_363() {
    var best = (time: 0.0, value: -Double.infinity)
    for step in 0...10_000 {
      let t = Double(step) / 10_000
      let value = defaultSpring.progress(at: t)
      if value > best.value { best = (t, value) }
    }
    #expect(abs(best.value - 1.163) < 1e-3)
    #expect(abs(best.time - 0.363) < 2e-3)
  }

  /// Every regime satisfies m·x″ + c·x′ + k·x = 0 with x(0) = 1, x′(0) = −v0 (checked by finite differences).
  @Test(arguments: [
    SpringParameters(),
    SpringParameters(mass: 2, stiffness: 300, damping: 4, initialVelocity: 3),
    SpringParameters(stiffness: 100, damping: 20, initialVelocity: -2),
    SpringParameters(stiffness: 100, damping: 45, initialVelocity: 5, allowsOverdamping: true),
  ])
  func closedFormsSolveTheOscillatorEquation(spring: SpringParameters) {
    let h = 1e-4
    let damping =
      spring.allowsOverdamping ? spring.damping : min(spring.damping, 2 * (spring.stiffness * spring.mass).squareRoot())
    for t in stride(from: 0.05, through: 1.5, by: 0.05) {
      let x = spring.displacement(at: t)
      let velocity = (spring.displacement(at: t + h) - spring.displacement(at: t - h)) / (2 * h)
      let acceleration = (spring.displacement(at: t + h) - 2 * x + spring.displacement(at: t - h)) / (h * h)
      let residual = spring.mass * acceleration + damping * velocity + spring.stiffness * x
      #expect(abs(residual) < 1e-4 * spring.stiffness, "t = \(t)")
    }
    let startSlope = (spring.displacement(at: h) - 1) / h
    #expect(abs(startSlope + spring.initialVelocity) < 0.05 * max(1, abs(spring.initialVelocity)) + 0.02)
  }

  @Test func criticallyDampedAndOverdampedSpringsAreMonotone() {
    let critical = SpringParameters(damping: 20)
    let overdamped = SpringParameters(damping: 60, allowsOverdamping: true)
    var previousCritical = 0.0
    var previousOverdamped = 0.0
    for step in 1...3000 {
      let t = Double(step) / 1000
      let c = critical.progress(at: t)
      let o = overdamped.progress(at: t)
      #expect(c >= previousCritical && c <= 1)
      #expect(o >= previousOverdamped && o <= 1)
      #expect(o < c, "more damping is slower at t = \(t)")
      previousCritical = c
      previousOverdamped = o
    }
    #expect(critical.progress(at: 3) > 0.999)
  }

  @Test func overdampingIsClampedUnlessAllowed() {
    let clamped = SpringParameters(damping: 60)
    let critical = SpringParameters(damping: 20)
    #expect(clamped.dampingRatio == 3)
    #expect(clamped.effectiveDampingRatio == 1)
    for t in [0.05, 0.2, 0.7] { #expect(clamped.progress(at: t) == critical.progress(at: t)) }
  }

  @Test func perceptualInitialiserFollowsSwiftUIsMapping() {
    let spring = SpringParameters(perceptualDuration: 0.5, bounce: 0.3)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - 157.9) < 0.05)
    #expect(abs(spring.damping - 17.6) < 0.05)
    #expect(spring.allowsOverdamping)
    let classic = SpringParameters(perceptualDuration: 2 * Double.pi / 10, bounce: 0.5)
    #expect(abs(classic.stiffness - 100) < 1e-9)
    #expect(abs(classic.damping - 10) < 1e-9)
    let flat = SpringParameters(perceptualDuration: 1, bounce: -0.5)
    #expect(abs(flat.dampingRatio - 2) < 1e-12)
  }

  /// Apple's doc: damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over 1 second".
  @Test func settlingDurationReproducesApplesFigures() {
    let bouncy = SpringParameters(damping: 5).settlingDuration
    let firm = SpringParameters(damping: 15).settlingDuration
    #expect(abs(bouncy - 2.85) < 0.005)
    #expect(firm > 1 && firm < 1.01)
    #expect(abs(defaultSpring.settlingDuration - 1.448) < 0.001)
  }

  @Test(arguments: [
    SpringParameters(), SpringParameters(damping: 5), SpringParameters(damping: 19.99),
    SpringParameters(damping: 20), SpringParameters(damping: 35, allowsOverdamping: true),
    SpringParameters(mass: 3, stiffness: 250, damping: 7, initialVelocity: -4),
    SpringParameters(perceptualDuration: 0.4, bounce: 0.2),
  ])
  func springStaysSettledAfterSettlingDuration(spring: SpringParameters) {
    let settling = spring.settlingDuration
    #expect(settling.isFinite && settling > 0)
    for step in 0...20_000 {
      let t = settling + Double(step) / 2000
      #expect(abs(spring.displacement(at: t)) < SpringParameters.settlingThreshold)
    }
    #expect(spring.envelope(at: settling * (1 - 1e-9)) >= SpringParameters.settlingThreshold * (1 - 1e-6))
  }

  @Test func settlingDurationIsContinuousAcrossCriticalDamping() {
    let below = SpringParameters(damping: 20 - 1e-7).settlingDuration
    let at = SpringParameters(damping: 20).settlingDuration
    #expect(abs(below - at) < 1e-3)
  }

  @Test func undampedSpringNeverSettles() {
    #expect(SpringParameters(damping: 0).settlingDuration == .infinity)
  }
}
