import SceneCore
import SceneModel
import SceneReference
import Testing

/// The worked examples of the Core Animation reference (§1.5 and around), through the reference evaluator.
@Suite struct TimingReferenceTests {
  typealias F = ReferenceFixture

  @Test func autoreversingRepeatGoesBackInTheSecondHalfOfEachCycle() {
    let timing = F.timing {
      $0.repeatCount = 2
      $0.autoreverses = true
    }
    #expect(timing.activeDuration == 4)
    #expect(close(F.tau(timing, at: 1.5), 0.5))
    #expect(F.tau(timing, at: 1.6)! < F.tau(timing, at: 1.4)!)
    #expect(ReferenceEvaluator.phase(of: timing, at: 3.999) == .active)
    #expect(ReferenceEvaluator.phase(of: timing, at: 4) == .after)
  }

  @Test func wholeRepeatCountWithAutoreverseStopsOnTheStartValue() {
    let timing = F.timing {
      $0.repeatCount = 2
      $0.autoreverses = true
      $0.fillMode = .forwards
      $0.removedOnCompletion = false
    }
    #expect(close(F.x(F.leaf(F.basic(from: 0, to: 10), timing: timing), at: 10), 0))
  }

  @Test func halfExtraRepeatWithAutoreverseStopsOnTheEndValue() {
    let timing = F.timing {
      $0.repeatCount = 1.5
      $0.autoreverses = true
      $0.fillMode = .forwards
      $0.removedOnCompletion = false
    }
    #expect(timing.activeDuration == 3)
    #expect(close(F.tau(timing, at: 3), 1))
    #expect(close(F.x(F.leaf(F.basic(from: 0, to: 10), timing: timing), at: 3), 10))
    #expect(close(F.x(F.leaf(F.basic(from: 0, to: 10), timing: timing), at: 7), 10))
  }

  @Test func infiniteRepeatCountIsNeverAfter() {
    let timing = F.timing { $0.repeatCount = .infinity }
    #expect(ReferenceEvaluator.phase(of: timing, at: 1e12) == .active)
    #expect(close(F.tau(timing, at: 1e6 + 0.25), 0.25, within: 1e-6))
  }

  @Test func repeatDurationCutsThroughTheCycle() {
    let timing = F.timing {
      $0.duration = 1.5
      $0.repeatDuration = 2
    }
    #expect(close(F.tau(timing, at: 1.75), 0.25))
    #expect(ReferenceEvaluator.phase(of: timing, at: 2) == .after)
  }

  @Test func timeOffsetRotatesTheCycleButNotTheWindow() {
    let timing = F.timing {
      $0.duration = 3
      $0.timeOffset = 1
    }
    #expect(close(F.tau(timing, at: 2.5), 0.5))
    #expect(close(F.tau(timing, at: 0.5), 1.5))
    #expect(ReferenceEvaluator.phase(of: timing, at: 2.999) == .active)
    #expect(ReferenceEvaluator.phase(of: timing, at: 3) == .after)
    #expect(F.tau(timing, at: 3) == nil)
  }

  @Test func speedScalesLocalTime() {
    let timing = F.timing {
      $0.duration = 2
      $0.speed = 2
    }
    #expect(close(F.progress(timing, at: 0.25), 0.25))
    #expect(ReferenceEvaluator.phase(of: timing, at: 1) == .after)
  }

  @Test func negativeSpeedPlaysFromTheEnd() {
    let timing = F.timing { $0.speed = -1 }
    #expect(close(F.tau(timing, at: 0.25), 0.75))
    #expect(close(F.x(F.leaf(F.basic(from: 0, to: 10), timing: timing), at: 0.25), 7.5))
    var kept = timing
    kept.fillMode = .forwards
    kept.removedOnCompletion = false
    // The terminal rule for speed < 0: the limit from inside is the start of the cycle.
    #expect(close(F.tau(kept, at: 2), 0))
  }

  @Test func speedZeroFreezesAtTheTimeOffsetForever() {
    let timing = F.timing {
      $0.speed = 0
      $0.timeOffset = 0.25
      $0.beginTime = 5
    }
    #expect(close(F.tau(timing, at: 0), 0.25))
    #expect(close(F.tau(timing, at: 100), 0.25))
  }

  @Test(arguments: [
    (TimingFunction.easeIn, [0.0935, 0.3154, 0.6219]),
    (TimingFunction.easeOut, [0.3781, 0.6846, 0.9065]),
    (TimingFunction.easeInEaseOut, [0.1292, 0.5, 0.8708]),
    (TimingFunction.default, [0.4085, 0.8024, 0.9605]),
    (TimingFunction.linear, [0.25, 0.5, 0.75]),
  ])
  func namedTimingFunctionsEaseABasicAnimation(function: TimingFunction, expected: [Double]) {
    let node = F.leaf(F.basic(from: 0, to: 1), timing: F.timing { $0.timingFunction = function })
    for (time, value) in zip([0.25, 0.5, 0.75], expected) {
      #expect(close(F.x(node, at: time), value, within: 1e-4), "at \(time)")
    }
  }

  @Test func defaultSpringRunsOnSecondsNotProgress() {
    let timing = F.timing {
      $0.duration = 2
      $0.timingFunction = .easeIn
    }
    let node = F.leaf(.spring(SpringParameters(), FromToBy(from: [0], to: [1])), timing: timing)
    #expect(close(F.x(node, at: 0.1), 0.340, within: 5e-4))
    #expect(close(F.x(node, at: 0.3), 1.124, within: 5e-4))
  }

  @Test func discreteKeyframesHoldEachValueOnItsInterval() {
    var keyframes = Keyframes(values: [[1], [2], [3]])
    keyframes.calculationMode = .discrete
    keyframes.keyTimes = [0, 0.2, 0.7, 1]
    let timing = F.timing {
      $0.fillMode = .forwards
      $0.removedOnCompletion = false
    }
    let node = F.leaf(.keyframes(keyframes), timing: timing)
    #expect(F.x(node, at: 0) == 1)
    #expect(F.x(node, at: 0.19) == 1)
    #expect(F.x(node, at: 0.2) == 2)
    #expect(F.x(node, at: 0.69) == 2)
    #expect(F.x(node, at: 0.7) == 3)
    #expect(F.x(node, at: 2) == 3)
    keyframes.keyTimes = nil
    let even = F.leaf(.keyframes(keyframes), timing: timing)
    #expect(F.x(even, at: 0.3) == 1)
    #expect(F.x(even, at: 0.5) == 2)
    #expect(F.x(even, at: 0.7) == 3)
  }

  @Test func groupClipsALongerChild() {
    let child = F.leaf(F.basic(from: 0, to: 10), timing: F.timing { $0.fillMode = .forwards })
    let group = F.group([child], timing: F.timing { $0.duration = 0.8 })
    #expect(close(F.x(group, at: 0.79), 7.9))
    #expect(F.x(group, at: 0.8) == F.model)
    let kept = F.group(
      [child],
      timing: F.timing {
        $0.duration = 0.8
        $0.fillMode = .forwards
        $0.removedOnCompletion = false
      })
    // Frozen at the group's end, τ_group = 0.8: the child is cut there, not played on.
    #expect(close(F.x(kept, at: 0.9), 8))
  }

  @Test func hugeRepeatCountIsNotUnrolled() {
    let timing = F.timing {
      $0.duration = 1e-9
      $0.repeatCount = 1e15
    }
    let start = ContinuousClock.now
    let value = F.x(F.leaf(F.basic(from: 0, to: 10), timing: timing), at: 5)
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(value >= 0 && value <= 10)
    #expect(ReferenceEvaluator.phase(of: timing, at: 5) == .active)
  }

  @Test func backwardsFillShowsTheStartValueBeforeTheBegin() {
    let filled = F.timing {
      $0.beginTime = 1
      $0.fillMode = .backwards
    }
    #expect(F.x(F.leaf(F.basic(from: 3, to: 10), timing: filled), at: 0.5) == 3)
    let unfilled = F.timing { $0.beginTime = 1 }
    #expect(F.x(F.leaf(F.basic(from: 3, to: 10), timing: unfilled), at: 0.5) == F.model)
  }

  @Test func removedOnCompletionWinsOverForwardsFill() {
    let removed = F.timing { $0.fillMode = .forwards }
    #expect(F.x(F.leaf(F.basic(from: 0, to: 10), timing: removed), at: 1) == F.model)
    #expect(F.x(F.leaf(F.basic(from: 0, to: 10), timing: removed), at: 2) == F.model)
    var kept = removed
    kept.removedOnCompletion = false
    #expect(F.x(F.leaf(F.basic(from: 0, to: 10), timing: kept), at: 2) == 10)
    var unfilled = kept
    unfilled.fillMode = .removed
    #expect(F.x(F.leaf(F.basic(from: 0, to: 10), timing: unfilled), at: 2) == F.model)
  }

  @Test func groupMembersIgnoreRemovedOnCompletion() {
    let child = F.leaf(F.basic(from: 0, to: 10), timing: F.timing { $0.fillMode = .forwards })
    let group = F.group([child], timing: F.timing { $0.duration = 2 })
    #expect(F.x(group, at: 1.5) == 10)
    let unfilled = F.group([F.leaf(F.basic(from: 0, to: 10))], timing: F.timing { $0.duration = 2 })
    #expect(F.x(unfilled, at: 1.5) == F.model)
  }

  @Test func groupTimingFunctionWarpsChildTime() {
    let child = F.leaf(F.basic(from: 0, to: 10))
    let group = F.group([child], timing: F.timing { $0.timingFunction = .easeIn })
    #expect(close(F.x(group, at: 0.5), 3.154, within: 1e-3))
  }
}
