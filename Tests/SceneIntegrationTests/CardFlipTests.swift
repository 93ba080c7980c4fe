import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// specs/card-flip.yaml replayed: the golden samples, and what they must say worked out from Grammar.md's 3D rules
/// (the faces turn together under the card's perspective, each culled while its back is towards the viewer).
@Suite struct CardFlipTests {
  typealias S = SlotLayout
  static let times: [Double] = [0, 0.15, 0.3, 0.45, 0.6, 1, 1.15, 1.3, 1.6]
  static let script = "tap@0,tap@1"

  @Test func goldenSamples() throws {
    var replay = try MachineTestSupport.replay("card-flip", Self.script)
    let frames = MachineTestSupport.frames(&replay, at: Self.times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: replay.plan, times: Self.times, frames: frames))
    #expect(try PlanTestSupport.matchGolden(text, name: "card-flip.events.samples.json"))
    #expect(replay.ignored.isEmpty)
  }

  /// A tap at 0 turns the front from 0 to 180° and the back from −180° to 0 in 0.6 s, easeInEaseOut; one at 1
  /// turns them back. The front is culled exactly while it has turned past 90° (and the back until it has).
  @Test func theFacesTurnTogetherAndShowOneAtATime() throws {
    var replay = try MachineTestSupport.replay("card-flip", Self.script)
    let plan = replay.plan
    let frames = MachineTestSupport.frames(&replay, at: Self.times)
    let front = try #require(plan.layers.ids.firstIndex(of: "front"))
    let back = try #require(plan.layers.ids.firstIndex(of: "back"))
    let through = LayerProjection.throughSublayerTransform(plan: plan)
    // The faces and their content are seen through the card's perspective; the card itself is not.
    #expect(plan.layers.ids.indices.map { through[$0] } == plan.layers.ids.map { $0 != "card" })
    for (time, layers) in zip(Self.times, frames) {
      let elapsed = time < 1 ? time : time - 1
      let progress = TimingFunction.easeInEaseOut.progress(at: min(elapsed / 0.6, 1))
      let turned = time < 1 ? progress : 1 - progress
      let frontAngle = layers[front].values[S.rotation + 1]
      let backAngle = layers[back].values[S.rotation + 1]
      #expect(abs(frontAngle - turned * Double.pi) < 1e-9, "front at \(time)")
      #expect(abs(backAngle - (turned - 1) * Double.pi) < 1e-9, "back at \(time)")
      let maps = LayerProjection.scene(plan: plan, frames: layers, through: through)
      let frontCulled = LayerProjection.isCulled(layers[front].values, map: maps[front])
      let backCulled = LayerProjection.isCulled(layers[back].values, map: maps[back])
      if abs(turned - 0.5) > 1e-9 {
        #expect(frontCulled == (turned > 0.5), "front at \(time)")
        #expect(backCulled == (turned < 0.5), "back at \(time)")
      }
    }
  }

  /// Under perspective the edge turning towards the viewer is drawn taller than the one turning away; without
  /// the card's sublayerTransform both would be as tall as the card (170).
  @Test func perspectiveMakesTheNearEdgeTaller() throws {
    var replay = try MachineTestSupport.replay("card-flip", "tap@0")
    let plan = replay.plan
    let frames = MachineTestSupport.frames(&replay, at: [0.15])[0]
    let front = try #require(plan.layers.ids.firstIndex(of: "front"))
    let map = LayerProjection.scene(
      plan: plan, frames: frames, through: LayerProjection.throughSublayerTransform(plan: plan))[front]
    let left = map.apply(to: Point(0, 170)).y - map.apply(to: Point(0, 0)).y
    let right = map.apply(to: Point(120, 170)).y - map.apply(to: Point(120, 0)).y
    // rotation.y > 0 brings the left edge (x < anchor) towards the eye: z = 60·sin θ, height 170 / (1 − z/500).
    let angle = frames[front].values[S.rotation + 1]
    #expect(abs(left - 170 / (1 - 60 * sin(angle) / 500)) < 1e-9)
    #expect(abs(right - 170 / (1 + 60 * sin(angle) / 500)) < 1e-9)
  }
}
