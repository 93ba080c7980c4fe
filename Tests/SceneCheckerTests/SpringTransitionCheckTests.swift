import Foundation
import SceneCore
import SceneDiagnostics
import SceneModel
import Testing

@testable import SceneChecker

/// A transition's `spring:` is read by the spring animations' own reader: both forms, their defaults, and the
/// duration that becomes the spring's settling duration (Grammar.md, "Spring transitions").
@Suite struct SpringTransitionCheckTests {
  static func machine(_ yaml: String) throws -> StateMachine {
    let result = SpecChecker.check(SourceFile(path: "spring.yaml", text: yaml))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    return try #require(result.scene?.stateMachine)
  }

  static func spec(_ transitions: [String]) -> String {
    """
    scene: demo
    size: [100, 100]
    layers:
      - id: knob
        frame: [0, 0, 20, 20]
    states:
      initial: a
      events: [tap]
      a: {}
      b: {pose: {knob: {position.x: 80}}}
      transitions:
        - {from: a, on: tap, to: b, \(transitions[0])}
        - {from: b, on: tap, to: a, \(transitions[1])}
    """
  }

  @Test func bothFormsAsSpringAnimationsReadThem() throws {
    let machine = try Self.machine(
      Self.spec(["spring: {duration: 0.4, bounce: 0.2}", "spring: {stiffness: 250, initialVelocity: -1}"]))
    #expect(machine.transitions[0].spring == SpringParameters(perceptualDuration: 0.4, bounce: 0.2))
    #expect(machine.transitions[1].spring == SpringParameters(stiffness: 250, initialVelocity: -1))
    for transition in machine.transitions {
      let spring = try #require(transition.spring)
      #expect(transition.timingFunction.isLinear, "a spring's pacing is its physics")
      // The settling duration: the spring is well on its way before it and within a thousandth of the end after.
      #expect(transition.duration.isFinite && transition.duration > 0.3 && transition.duration < 3)
      #expect(abs(spring.displacement(at: transition.duration)) < 1e-3)
      #expect(abs(spring.displacement(at: transition.duration / 4)) > 1e-3)
    }
  }

  /// A transition without `spring:` keeps UIView.animate's defaults.
  @Test func withoutASpringTheDefaultsStay() throws {
    let machine = try Self.machine(Self.spec(["duration: 0.3", "timingFunction: easeOut"]))
    #expect(machine.transitions.allSatisfy { $0.spring == nil })
    #expect(machine.transitions.map(\.duration) == [0.3, 0.25])
    #expect(machine.transitions.map(\.timingFunction) == [.easeInEaseOut, .easeOut])
  }

  @Test func springBesideDurationOrTimingFunctionIsOneError() {
    for other in ["duration: 0.3", "timingFunction: linear"] {
      let result = SpecChecker.check(
        SourceFile(path: "spring.yaml", text: Self.spec(["spring: {}, \(other)", "spring: {}"])))
      #expect(result.diagnostics.map(\.code.id) == ["E0820"], "\(other)")
      #expect(result.scene == nil)
    }
  }

  @Test func catalogueHoldsTheCodes() {
    let codes = SpringTransitionDiagnostics.all
    #expect(codes.map(\.id) == ["E0820", "E0821", "W0132"])
    #expect(codes.allSatisfy { SpecChecker.catalogue.contains($0) })
  }
}
