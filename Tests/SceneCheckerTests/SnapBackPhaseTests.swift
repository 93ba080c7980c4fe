import SceneModel
import Testing

@testable import SceneChecker

/// Where an animation stops inside its pass decides the value W0102 compares with the model.
@Suite struct SnapBackPhaseTests {
  static func timing(repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false, speed: Double = 1)
    -> Timing
  {
    var timing = Timing()
    timing.duration = 0.5
    timing.repeatCount = repeatCount
    timing.repeatDuration = repeatDuration
    timing.autoreverses = autoreverses
    timing.speed = speed
    return timing
  }

  @Test func forwardPassesStopAtTheEnd() {
    #expect(Linter.endPhase(Self.timing()) == .end)
    #expect(Linter.endPhase(Self.timing(repeatCount: 3)) == .end)
    #expect(Linter.endPhase(Self.timing(repeatDuration: 1.5)) == .end)
    #expect(Linter.endPhase(Self.timing(speed: 2)) == .end)
  }

  @Test func autoreversingCyclesStopWhereTheyBegan() {
    #expect(Linter.endPhase(Self.timing(autoreverses: true)) == .start)
    #expect(Linter.endPhase(Self.timing(repeatCount: 2, autoreverses: true)) == .start)
    #expect(Linter.endPhase(Self.timing(repeatDuration: 2, autoreverses: true)) == .start)
    // 1.5 cycles: out, back, out again.
    #expect(Linter.endPhase(Self.timing(repeatCount: 1.5, autoreverses: true)) == .end)
  }

  @Test func partWayOrUnknownIsNeverJudged() {
    #expect(Linter.endPhase(Self.timing(repeatCount: 0.5)) == .between)
    #expect(Linter.endPhase(Self.timing(repeatCount: 1.25, autoreverses: true)) == .between)
    #expect(Linter.endPhase(Self.timing(speed: -1)) == .between)
    var offset = Self.timing()
    offset.timeOffset = 0.1
    #expect(Linter.endPhase(offset) == .between)
  }
}
