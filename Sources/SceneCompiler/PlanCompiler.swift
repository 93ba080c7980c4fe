import SceneCore
import SceneModel
import SceneRuntime

/// Lowers a checked scene into an evaluation plan: the layer table as the checker laid it out, and one track per
/// animation leaf, in document order, each with its chain of timing stages from its timeline's root.
public enum PlanCompiler {
  public static func compile(_ scene: Scene) -> Plan {
    var plan = Plan(scene: scene.name, width: scene.width, height: scene.height)
    for layer in scene.layers {
      let style = layer.style
      plan.layers.append(
        id: layer.id, parent: layer.parent ?? -1, type: layer.type, isMask: layer.isMask, values: layer.values,
        path: layer.path, style: style)
    }
    for timeline in scene.timelines {
      lower(timeline.root, stages: [], isRoot: true, into: &plan.tracks)
      plan.timelines.append(name: timeline.name, autoplay: timeline.autoplay, trackEnd: plan.tracks.count)
    }
    plan.machine = scene.stateMachine.map { MachineLowering.table($0, scene: scene) }
    return plan
  }

  /// Depth-first: a group adds its stage for its children; `instances` copies add none and share the parent's
  /// stages (a root `instances` node leaves its copies as the roots, so they are the ones removed on completion).
  private static func lower(_ node: AnimationNode, stages: [Double], isRoot: Bool, into tracks: inout TrackTable) {
    switch node.kind {
    case .instances(let copies):
      for copy in copies { lower(copy, stages: stages, isRoot: isRoot, into: &tracks) }
    case .group(let children):
      let chain = stages + stage(node.timing, isRoot: isRoot, keepsCurve: true)
      for child in children { lower(child, stages: chain, isRoot: false, into: &tracks) }
    case .animation(let animation):
      var keepsCurve = true
      if case .spring = animation.content { keepsCurve = false }  // springs ignore their timing function
      let chain = stages + stage(node.timing, isRoot: isRoot, keepsCurve: keepsCurve)
      tracks.append(TrackLowering.track(for: animation, stages: chain))
    }
  }

  private static func stage(_ timing: Timing, isRoot: Bool, keepsCurve: Bool) -> [Double] {
    var flags = TimeStage.Flags()
    if timing.autoreverses { flags.insert(.autoreverses) }
    if timing.fillMode.fillsBackwards { flags.insert(.fillsBackwards) }
    if timing.fillMode.fillsForwards { flags.insert(.fillsForwards) }
    if isRoot && timing.removedOnCompletion { flags.insert(.removed) }
    return TimeStage.encode(
      beginTime: timing.beginTime, speed: timing.speed, timeOffset: timing.timeOffset, duration: timing.duration,
      cycle: timing.cycle, activeDuration: timing.activeDuration, flags: flags,
      timingFunction: keepsCurve ? timing.timingFunction : nil)
  }
}
