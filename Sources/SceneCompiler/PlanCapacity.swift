import SceneCore
import SceneModel
import SceneRuntime

/// Upper bounds on what lowering a scene appends to the track table (`TrackTable.Capacity`), from a walk over the
/// model that reads only counts. Each bound is at least what `TrackLowering`, `KeyframeLowering` and
/// `MotionLowering` produce for the animation (PlanCapacityTests holds them to it).
enum PlanCapacity {
  static func of(_ scene: Scene) -> TrackTable.Capacity {
    var capacity = TrackTable.Capacity()
    for timeline in scene.timelines { add(timeline.root, depth: 0, to: &capacity) }
    return capacity
  }

  private static func add(_ node: AnimationNode, depth: Int, to capacity: inout TrackTable.Capacity) {
    switch node.kind {
    case .instances(let copies):
      for copy in copies { add(copy, depth: depth, to: &capacity) }
    case .group(let children):
      for child in children { add(child, depth: depth + 1, to: &capacity) }
    case .animation(let animation):
      capacity.tracks += 1
      capacity.stages += depth + 1
      add(animation.content, to: &capacity)
    }
  }

  private static func add(_ content: Animation.Content, to capacity: inout TrackTable.Capacity) {
    switch content {
    case .basic(let values), .spring(_, let values):
      let width = values.from?.count ?? values.to?.count ?? values.by?.count ?? 0
      capacity.keys += 2
      capacity.segments += 1
      capacity.coefficients += 5
      capacity.values += 2 * width
    case .keyframes(let keyframes):
      let count = keyframes.values.count
      let width = keyframes.values.width
      // Discrete: one key time more than values, a segment per value; otherwise a segment per pair (at least one),
      // each with an optional timing function (4) and, for cubic modes, two tangents.
      capacity.keys += count + 1
      capacity.segments += max(count, 1)
      capacity.coefficients += max(count, 1) * (SegmentKind.easingCount + 2 * width)
      capacity.values += keyframes.values.flat.count
    case .motion(let motion):
      // Discrete motion: a keyframe per drawn element plus the last end, one key time more, a held segment each.
      let elements = motion.path.elements.count
      capacity.keys += elements + 2
      capacity.segments += elements + 1
      capacity.coefficients += (elements + 1) * 14
      capacity.values += 2 * (elements + 1)
    }
  }
}
