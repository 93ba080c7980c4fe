import Foundation
import SceneCompiler
import SceneCore
import SceneModel
import SceneReference
import SceneRuntime
import SceneTestSupport
import Testing

/// The reference evaluator reads an animated `instanceCount` as the sampler does: copy k drawn while k is below
/// the presentation count truncated toward zero, the others hidden.
@Suite struct ReplicaCountReferenceTests {
  static let yaml = """
    scene: counted
    size: [100, 100]
    layers:
      - id: ring
        type: replicator
        frame: [0, 0, 100, 100]
        instanceCount: 1
        instanceTransform: {rotation: 30deg}
        sublayers:
          - id: dot
            frame: [45, 0, 10, 10]
    timelines:
      grow:
        target: ring
        keyPath: instanceCount
        from: 0
        to: 5
        duration: 1
        autoplay: true
    """

  @Test(arguments: [0, 0.1, 0.19, 0.2, 0.5, 0.79, 0.81, 0.99])
  func bothEvaluatorsDrawTheCopiesBelowTheTruncatedCount(time: Double) throws {
    let scene = try #require(PlanTestSupport.scene(yaml: Self.yaml))
    let reference = ReferenceEvaluator.frames(of: scene, playing: scene.timelines, at: time)
    let plan = PlanCompiler.compile(scene)
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    sampler.sample(at: time, playing: plan.autoplayTimelines, into: &frames)
    let copies = scene.layers.indices.filter { scene.layers[$0].baseID == "dot" }
    #expect(copies.count == 5)
    // 5 × time copies drawn, truncated: none at 0, one from 0.2 s, four from 0.8 s.
    let count = Int((5 * time).rounded(.towardZero))
    for (k, layer) in copies.enumerated() {
      let hidden: Double = k < count ? 0 : 1
      #expect(reference[layer].values[SlotLayout.hidden] == hidden)
      #expect(frames[layer].values[SlotLayout.hidden] == hidden)
    }
  }
}
