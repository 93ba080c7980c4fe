import Testing

@testable import SceneCore
@testable import SceneFrontEnd

struct KochanekBartelsTests {
  @Test func catmullRomTangentsAreCentralDifferencesWithHalvedEnds() {
    let values: [[Double]] = [[0], [1], [4], [5]]
    let tangents = KochanekBartels.segmentTangents(values: values)
    // Segment i: outgoing at p_i, incoming at p_{i+1}.
    #expect(tangents == [0.5, 2, 2, 2, 2, 0.5])
  }

  @Test func evenlySpacedValuesGiveAStraightEvenlyTimedLine() {
    let values: [[Double]] = [[0], [1], [2], [3]]
    let tangents = KochanekBartels.segmentTangents(values: values)
    #expect(KochanekBartels.value(values: values, tangents: tangents, segment: 1, at: 0.25) == [1.25])
    #expect(KochanekBartels.value(values: values, tangents: tangents, segment: 1, at: 0.5) == [1.5])
  }

  @Test func curvePassesThroughEveryKeyframe() {
    let values: [[Double]] = [[0, 10], [3, -2], [7, 4], [1, 1]]
    let tangents = KochanekBartels.segmentTangents(
      values: values, tension: [0.3, -0.2, 0.5, 0], bias: [0, 0.4, -0.4, 0])
    for segment in 0..<3 {
      #expect(KochanekBartels.value(values: values, tangents: tangents, segment: segment, at: 0) == values[segment])
      #expect(KochanekBartels.value(values: values, tangents: tangents, segment: segment, at: 1) == values[segment + 1])
    }
  }

  @Test func vectorComponentsAreLaidOutPerSegment() {
    let values: [[Double]] = [[0, 0], [2, 4], [4, 0]]
    let tangents = KochanekBartels.segmentTangents(values: values)
    #expect(tangents.count == 2 * 2 * 2)
    // Segment 0: out at p0 = (p1 − p0)/2, in at p1 = (p2 − p0)/2; segment 1: out at p1, in at p2 = (p2 − p1)/2.
    #expect(tangents == [1, 2, 2, 0, 2, 0, 1, -2])
  }

  @Test func continuityMakesIncomingAndOutgoingTangentsDiffer() {
    let values: [[Double]] = [[0], [1], [3]]
    let tangents = KochanekBartels.segmentTangents(values: values, continuity: [0, 0.5, 0])
    // At keyframe 1, before = 1, after = 2: DD = 1.5/2·1 + 0.5/2·2 = 1.25, DS = 0.5/2·1 + 1.5/2·2 = 1.75.
    #expect(tangents[1] == 1.75)
    #expect(tangents[2] == 1.25)
  }

  @Test func biasWeightsTheSideBeforeOrAfter() {
    let values: [[Double]] = [[0], [1], [3]]
    let before = KochanekBartels.segmentTangents(values: values, bias: [0, 1, 0])
    let after = KochanekBartels.segmentTangents(values: values, bias: [0, -1, 0])
    // b = 1 keeps only (p_i − p_{i−1}) = 1; b = −1 only (p_{i+1} − p_i) = 2.
    #expect(before[2] == 1 && before[1] == 1)
    #expect(after[2] == 2 && after[1] == 2)
  }

  @Test func fullTensionGivesZeroTangentsAndAnEaseInEaseOut() {
    let values: [[Double]] = [[0], [1]]
    let tangents = KochanekBartels.segmentTangents(values: values, tension: [1, 1])
    #expect(tangents == [0, 0])
    #expect(KochanekBartels.value(values: values, tangents: tangents, segment: 0, at: 0.25) == [0.15625])
  }

  @Test func fewerThanTwoValuesHaveNoSegments() {
    #expect(KochanekBartels.segmentTangents(values: [[1, 2]]).isEmpty)
    #expect(KochanekBartels.segmentTangents(values: []).isEmpty)
  }

  @Test func hermiteBasisSumsToOneAndMatchesItsPolynomials() {
    let weights = Hermite.basis(at: 0.3)
    #expect(abs(weights.startValue + weights.endValue - 1) < 1e-15)
    #expect(abs(weights.startTangent - 0.147) < 1e-15)
    #expect(abs(weights.endTangent - -0.063) < 1e-15)
    #expect(abs(Hermite.value(from: 2, tangent: 1, to: 4, tangent: -1, at: 0.5) - 3.25) < 1e-15)
  }
}
