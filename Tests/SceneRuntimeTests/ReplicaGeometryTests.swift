import SceneRuntime
import Testing

/// CAReplicatorLayer's copy k: `instanceTransform` applied k times about the replicator's centre, and the
/// modulation colour `instanceColor` + k × offsets, clamped.
@Suite struct ReplicaGeometryTests {
  /// A replicator 60 × 40 at bounds origin (10, 20), so its centre is (40, 40), turning each copy 0.3 rad, scaling
  /// it 0.9 and moving it (5, −2).
  static let replicator: [Double] = {
    var values = SlotLayout.defaults
    values.replaceSubrange(SlotLayout.bounds..<SlotLayout.bounds + 4, with: [10, 20, 60, 40])
    let transform = [5, -2, 0, 0, 0, 0.3, 0.9, 0.9, 1]
    values.replaceSubrange(SlotLayout.instanceTransform..<SlotLayout.instanceTransform + 9, with: transform)
    values.replaceSubrange(SlotLayout.instanceColor..<SlotLayout.instanceColor + 4, with: [1, 0.5, 0.2, 1])
    values.replaceSubrange(SlotLayout.instanceOffsets..<SlotLayout.instanceOffsets + 4, with: [-0.3, 0.25, 0, -0.4])
    return values
  }()

  /// Copy k − 1's map followed by one step about the centre, as the header words it.
  static func stepwise(_ copies: Int) -> AffineTransform {
    let step = AffineTransform.translation(x: -40, y: -40)
      .concatenating(.scale(x: 0.9, y: 0.9)).concatenating(.rotation(0.3))
      .concatenating(.translation(x: 5, y: -2)).concatenating(.translation(x: 40, y: 40))
    var map = AffineTransform.identity
    for _ in 0..<copies { map = map.concatenating(step) }
    return map
  }

  @Test(arguments: [0, 1, 2, 3, 7, 12, 13])
  func theKthCopyIsTheStepAppliedKTimes(copy: Int) {
    let power = ReplicaGeometry.instanceMatrix(Self.replicator, copy: copy)
    let expected = Self.stepwise(copy)
    let pairs = [
      (power.a, expected.a), (power.b, expected.b), (power.c, expected.c), (power.d, expected.d),
      (power.tx, expected.tx), (power.ty, expected.ty),
    ]
    for (got, want) in pairs { #expect(abs(got - want) <= 1e-9, "copy \(copy): \(power) vs \(expected)") }
    // The centre is where the rotation and scale pivot: it moves by the translation only, each step.
    let centre = power.apply(to: Point(40, 40))
    #expect(copy != 1 || (abs(centre.x - 45) < 1e-12 && abs(centre.y - 38) < 1e-12))
  }

  @Test func theModulationColourAddsTheOffsetsPerCopyAndClamps() {
    #expect(ReplicaGeometry.modulation(Self.replicator, copy: 0) == [1, 0.5, 0.2, 1])
    #expect(ReplicaGeometry.modulation(Self.replicator, copy: 1) == [0.7, 0.75, 0.2, 0.6])
    // 0.5 + 3 × 0.25 = 1.25 → 1; 1 − 3 × 0.4 = −0.2 → 0.
    let third = ReplicaGeometry.modulation(Self.replicator, copy: 3)
    #expect(abs(third[0] - 0.1) < 1e-12 && third[1] == 1 && third[2] == 0.2 && third[3] == 0)
  }

  @Test func nestedCopiesMultiplyTheirColours() {
    let parents = [-1, 0, 1, 2]
    let types: [LayerType] = [.replicator, .replicator, .layer, .layer]
    let outer = Self.replicator
    var inner = SlotLayout.defaults
    inner.replaceSubrange(SlotLayout.instanceColor..<SlotLayout.instanceColor + 4, with: [0.5, 1, 1, 0.5])
    let colors = ReplicaGeometry.modulations(
      parents: parents, types: types, isMask: [false, false, false, false], replicas: [0, 1, 1, 0]
    ) { [outer, inner, SlotLayout.defaults, SlotLayout.defaults][$0] }
    #expect(colors[0] == nil)
    #expect(colors[1] == [0.7, 0.75, 0.2, 0.6])
    // Inner copy 1 of outer copy 1: (0.5, 1, 1, 0.5) × outer's; its sublayer inherits it.
    #expect(colors[2] == [0.35, 0.75, 0.2, 0.3] && colors[3] == colors[2])
  }
}
