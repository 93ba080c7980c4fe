import Foundation
import SceneCore
import SceneModel
import SceneReference
import Testing

/// Leaf contents and composition: from/to/by, keyframes, motion, cumulative, additive, booleans, paths.
@Suite struct ReferenceContentTests {
  typealias F = ReferenceFixture

  @Test func fromToByCombinationsUseTheRunningValueAsBase() {
    // Model 50; at t = 0.5, p = 0.5.
    #expect(F.x(F.leaf(F.basic(from: 0, to: 10)), at: 0.5) == 5)
    #expect(F.x(F.leaf(F.basic(from: 0, by: 4)), at: 0.5) == 2)
    #expect(F.x(F.leaf(F.basic(to: 10, by: 4)), at: 0.5) == 8)
    #expect(F.x(F.leaf(F.basic(from: 0)), at: 0.5) == 25)
    #expect(F.x(F.leaf(F.basic(to: 10)), at: 0.5) == 30)
    #expect(F.x(F.leaf(F.basic(by: 10)), at: 0.5) == 55)
  }

  @Test func laterAnimationsComposeOverEarlierOnes() {
    let first = F.leaf(F.basic(from: 100, to: 100))
    let additive = F.leaf(F.basic(from: 0, to: 10), additive: true)
    #expect(F.frame([first, additive], at: 0.5).values[SlotLayout.position] == 105)
    let toOnly = F.leaf(F.basic(to: 0))
    #expect(F.frame([first, toOnly], at: 0.5).values[SlotLayout.position] == 50)
  }

  @Test func cumulativeAddsTheEndValuePerCompletedCycle() {
    let timing = F.timing {
      $0.repeatCount = 3
      $0.fillMode = .forwards
      $0.removedOnCompletion = false
    }
    let node = F.leaf(F.basic(from: 0, to: 10), timing: timing, cumulative: true)
    #expect(F.x(node, at: 1.5) == 15)
    #expect(F.x(node, at: 2.5) == 25)
    // The end: repeat index ceil(3) − 1 = 2 at u = 1.
    #expect(F.x(node, at: 4) == 30)
  }

  @Test func linearKeyframesUseSegmentTimingFunctions() {
    var keyframes = Keyframes(values: [[0], [10], [30]])
    keyframes.keyTimes = [0, 0.5, 1]
    keyframes.timingFunctions = [.easeIn]
    let node = F.leaf(.keyframes(keyframes))
    #expect(close(F.x(node, at: 0.25), 3.154, within: 1e-3))
    #expect(close(F.x(node, at: 0.75), 20))
  }

  @Test func pacedKeyframesMoveAtConstantSpeed() {
    var keyframes = Keyframes(values: [[0], [10], [30]])
    keyframes.calculationMode = .paced
    let node = F.leaf(.keyframes(keyframes))
    for time in [0.1, 0.25, 0.5, 0.9] { #expect(close(F.x(node, at: time), 30 * time)) }
  }

  @Test func cubicKeyframesPassThroughTheirValues() {
    var keyframes = Keyframes(values: [[0], [10], [0]])
    keyframes.calculationMode = .cubic
    let node = F.leaf(.keyframes(keyframes))
    #expect(close(F.x(node, at: 0.5), 10))
    // Catmull-Rom with the end tangent half the chord: h(0.5) of 0→10 with m0 = 5, m1 = 0.
    #expect(close(F.x(node, at: 0.25), 5 + 0.125 * 5))
    keyframes.calculationMode = .cubicPaced
    keyframes.values = [[0], [10], [20]]
    let paced = F.leaf(.keyframes(keyframes))
    #expect(close(F.x(paced, at: 0.5), 10))
  }

  @Test func motionFollowsThePathAndTurnsWithIt() {
    let path = BezierPath(elements: [.move, .line, .line], coordinates: [0, 0, 10, 10, 10, 30])
    var motion = Motion(path: path)
    motion.rotationMode = .auto
    let frame = F.frame([F.leaf(.motion(motion), keyPath: "position")], at: 0.25)
    #expect(close(frame.values[SlotLayout.position], 5))
    #expect(close(frame.values[SlotLayout.position + 1], 5))
    #expect(close(frame.values[SlotLayout.rotation + 2], Double.pi / 4))
    motion.rotationMode = .autoReverse
    let later = F.frame([F.leaf(.motion(motion), keyPath: "position")], at: 0.75)
    #expect(close(later.values[SlotLayout.position + 1], 20))
    #expect(close(later.values[SlotLayout.rotation + 2], Double.pi / 2 + Double.pi))
  }

  @Test func uniformScaleWritesAllThreeSlots() {
    let frame = F.frame([F.leaf(F.basic(from: 1, to: 3), keyPath: "transform.scale")], at: 0.5)
    #expect(Array(frame.values[SlotLayout.scale..<SlotLayout.scale + 3]) == [2, 2, 2])
  }

  @Test func booleansAreStoredAsTheValueTheyShow() {
    let node = F.leaf(F.basic(from: 0, to: 1), keyPath: "hidden")
    #expect(F.frame([node], at: 0.4).values[SlotLayout.hidden] == 0)
    #expect(F.frame([node], at: 0.5).values[SlotLayout.hidden] == 1)
  }

  @Test func pathsMorphCoordinateByCoordinate() {
    let path = BezierPath(elements: [.move, .line], coordinates: [0, 0, 10, 0])
    let morph = F.leaf(.basic(FromToBy(to: [0, 0, 10, 20])), keyPath: "path")
    let frame = F.frame([morph], at: 0.5, scene: F.scene(path: path))
    #expect(frame.path == [0, 0, 10, 10])
  }

  @Test func instancesAreTransparentInTime() {
    var timing = Timing.transparent
    timing.duration = 0.1
    let copies = AnimationNode(kind: .instances([F.leaf(F.basic(from: 0, to: 10))]), timing: timing)
    #expect(F.x(copies, at: 0.5) == 5)
    #expect(F.x(copies, at: 1) == F.model)
  }
}
