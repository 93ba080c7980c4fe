import Foundation
import SceneChecker
import SceneCore
import SceneDiagnostics
import SceneTestSupport
import Testing

/// Disagreements between the sampler and the reference evaluator that the differential test found and that are
/// not fixed yet, kept as known issues so that they stay visible: when one is fixed, `withKnownIssue` reports that
/// the issue no longer occurs, and the case should become an ordinary expectation.
///
/// All were found when the random spec generator started drawing key paths and values from the property table
/// (every animatable key path, not a hand-picked ten): each is a round of `RandomSpecGenerator` as saved.
@Suite struct KnownDisagreementTests {
  /// Seed 0x5CE9EC, round 881: a boolean keyframe animation first in a reversed (speed −2) sequence, under a root
  /// with an overshooting timing function and half a repeat. At t ≈ 0.6976 the plan gives `masksToBounds` (slot 30)
  /// 1 and the reference 0; the same with `hidden`. Without the sibling sequence the two agree.
  @Test func booleanKeyframesUnderAnOvershootingRoot() throws {
    try expectKnownDisagreement("known-disagreement-seed-ec-round-881")
  }

  /// Seed 0x5CE9ED, round 52: discrete `transform.translation` keyframes with keyTimes [0, ⅓, ½, 1] on a 0.1 s
  /// animation with timeOffset 0.25, under a root with timeOffset 0.25 filling both ways. Before the start
  /// (t = −0.44) the plan holds the second value (−2) and the reference the third (−6); probably 0.25 mod 0.1
  /// lands on the key time ½, where the two evaluators round to different sides.
  @Test func discreteKeyframesOnAKeyTimeReachedByTimeOffset() throws {
    try expectKnownDisagreement("known-disagreement-seed-ed-round-52")
  }

  /// Seed 0x5CE9EE, round 793: on layer `a`, `transform.scale.z` from 1.82 to 0.56 while `transform.scale` (the
  /// uniform scale, three slots) is animated additively `by: 1.64` at speed −1. At t = 1.1 the plan gives scale z
  /// 2.316 and the reference 2.0; probably the two read the uniform scale's current value (the `by` base)
  /// differently when x and z differ.
  @Test func uniformScaleByBesideAnAnimatedScaleZ() throws {
    try expectKnownDisagreement("known-disagreement-seed-ee-round-793")
  }

  private func expectKnownDisagreement(_ fixture: String) throws {
    let text = try MachineTestSupport.fixtureText(fixture)
    let scene = try #require(SpecChecker.check(SourceFile(path: fixture + ".yaml", text: text)).scene)
    let timelines = Array(scene.timelines.indices)
    let times = DifferentialTests.times(for: scene, timelines: timelines, horizon: 6)
    withKnownIssue("the sampler and the reference evaluator disagree") {
      let difference = DifferentialTests.firstDifference(scene, timelines: timelines, times: times)
      #expect(difference == nil, "\(difference ?? "")")
    }
  }
}
