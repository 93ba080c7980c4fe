import Foundation
import SceneChecker
import SceneCore
import SceneDiagnostics
import SceneTestSupport
import Testing

/// Disagreements between the sampler and the reference evaluator that the differential test found once, kept so
/// that they stay fixed: each is a round of `RandomSpecGenerator` as saved, found when the generator started
/// drawing key paths and values from the whole property table. The suite's name is the one they were filed under.
@Suite struct KnownDisagreementTests {
  /// Seed 0x5CE9EC, round 881: a boolean keyframe animation first in a reversed (speed −2) sequence whose end
  /// (repeatDuration 1.2 of a 1.7 s cycle) leaves its children at 1.7 − 1.2 = 0.5 s, where `masksToBounds`
  /// interpolates to exactly ½ and so shows true. In doubles that end comes out 0.5 or 0.4999999999999999
  /// depending on how it is computed, and the plan showed 1 where the reference showed 0 (at t ≈ 0.6976); now a
  /// boolean within 1e-12 below ½ shows true in both.
  @Test func booleanKeyframesUnderAnOvershootingRoot() throws {
    try expectAgreement("known-disagreement-seed-ec-round-881")
  }

  /// Seed 0x5CE9ED, round 52: discrete `transform.translation` keyframes with keyTimes [0, ⅓, ½, 1] on a 0.1 s
  /// animation with timeOffset 0.25, past its end (filled from the root's backward fill, t = −0.44). It ends at
  /// t_end = 0.35, half way through its fourth cycle, on the key time ½: the third value (−6). The sampler
  /// computed u as 0.35 − 3·0.1 = 0.0499… and held the second (−2); it now takes u from the quotient's fraction,
  /// AD / C + timeOffset / C = 3.5, as the reference does.
  @Test func discreteKeyframesOnAKeyTimeReachedByTimeOffset() throws {
    try expectAgreement("known-disagreement-seed-ed-round-52")
  }

  /// Seed 0x5CE9EE, round 793: on layer `a`, `transform.scale.z` from 1.82 to 0.56 while `transform.scale` (the
  /// uniform scale, three slots) is animated additively `by: 1.64`. At t = 1.1 the plan gave scale z 2.316 (z's
  /// own 1.316 plus the animation's 1) and the reference 2.0 (sx's 1 plus 1, written to all three): additive adds
  /// to each slot's running value, so the reference was wrong.
  @Test func uniformScaleByBesideAnAnimatedScaleZ() throws {
    try expectAgreement("known-disagreement-seed-ee-round-793")
  }

  private func expectAgreement(_ fixture: String) throws {
    let text = try MachineTestSupport.fixtureText(fixture)
    let scene = try #require(SpecChecker.check(SourceFile(path: fixture + ".yaml", text: text)).scene)
    let timelines = Array(scene.timelines.indices)
    let times = DifferentialTests.times(for: scene, timelines: timelines, horizon: 6)
    let difference = DifferentialTests.firstDifference(scene, timelines: timelines, times: times)
    #expect(difference == nil, "\(difference ?? "")")
  }
}
