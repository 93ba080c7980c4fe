import SceneCore
import SceneDiagnostics
import SceneModel
import SceneRuntime

/// Lowers a checked scene into an evaluation plan: the layer table as the checker laid it out, and one track per
/// animation leaf, in document order, each with its chain of timing stages from its timeline's root.
public enum PlanCompiler {
  /// With `source` (the spec the scene was checked from) the plan carries a source map of every layer, track,
  /// state and transition.
  public static func compile(_ scene: Scene, source: SourceFile? = nil) -> Plan {
    compile(consuming: scene, source: source)
  }

  /// The same plan, releasing each animation of the scene once it is lowered, so that peak memory holds the plan
  /// and what is left of the model rather than both whole. Frees memory only when the caller hands over its only
  /// copy (`result.scene = nil` first); otherwise the caller's scene is untouched (value semantics) and only the
  /// arrays of groups are copied on the way.
  public static func compile(consuming scene: consuming Scene, source: SourceFile? = nil) -> Plan {
    checkedCompile(consuming: scene, source: source).plan
  }

  /// A plan, and an error (E0309) for each place where finite spec numbers lowered to a number no plan can hold
  /// (`PlanOverflow`): a command writes the plan only when `diagnostics` is empty.
  public struct Compilation: Sendable {
    public var plan: Plan
    public var diagnostics: [Diagnostic]
  }

  /// `compile(consuming:source:)` with the errors of the numbers it could not make finite.
  public static func checkedCompile(consuming scene: consuming Scene, source: SourceFile? = nil) -> Compilation {
    var scene = scene
    var plan = layerTable(scene)
    // The machine reads the timelines' lengths, so it is lowered before lowering empties them.
    plan.machine = scene.stateMachine.map { MachineLowering.table($0, scene: scene) }
    var sourceMap = source.map { SourceMapping.map(of: scene, in: $0) }
    let delays = scene.layers.map(\.replicaDelay)
    let shadowOffsets = plan.layers.ids.indices.map { plan.layers.listRange(of: .shadowPath, layer: $0)!.lowerBound }
    var line = 0  // the source map's search cursor: tracks come in document order
    // One lowering for every timeline, its stage stack and spans emptied between them rather than grown anew.
    var lowering = Lowering(delays: delays, shadowOffsets: shadowOffsets, ids: plan.layers.ids)
    for index in scene.timelines.indices {
      lowering.spans.removeAll(keepingCapacity: true)
      lowering.lower(&scene.timelines[index].root, isRoot: true, into: &plan.tracks)
      plan.timelines.append(
        name: scene.timelines[index].name, autoplay: scene.timelines[index].autoplay, trackEnd: plan.tracks.count)
      if let source, sourceMap != nil {
        for span in lowering.spans {
          sourceMap!.tracks.append(SourceMapping.location(span, in: source, searchingFrom: &line))
        }
      }
    }
    plan.sourceMap = sourceMap
    lowering.overflow.check(layers: plan.layers, scene: scene, machine: plan.machine)
    return Compilation(plan: plan, diagnostics: lowering.overflow.diagnostics.sorted())
  }

  private static func layerTable(_ scene: Scene) -> Plan {
    var plan = Plan(scene: scene.name, width: scene.width, height: scene.height)
    plan.tracks.reserveCapacity(PlanCapacity.of(scene))
    // What `append` adds per layer, counted first so that the table never grows (see `reserveCapacity`).
    var elements = 0
    var listNumbers = 0
    for index in scene.layers.indices {
      elements += scene.layers[index].path.elements.count
      listNumbers +=
        scene.layers[index].path.coordinates.count + (scene.layers[index].style.shadowPath?.coordinates.count ?? 0)
      if scene.layers[index].type == .gradient {
        listNumbers += scene.layers[index].colors.count + scene.layers[index].locations.count
      }
    }
    plan.layers.reserveCapacity(
      layers: scene.layers.count, pathElements: elements, listNumbers: listNumbers, values: false)
    // The checker's table, shared rather than copied: 91 numbers per layer, the largest part of a large scene's
    // model, were copied layer by layer into fresh pages.
    plan.layers.values = scene.slotValues
    // By index and field by field: `for layer in scene.layers`, or a local copy of each, retained every field of
    // every layer, those the table does not take too.
    for index in scene.layers.indices {
      let type = scene.layers[index].type
      plan.layers.append(
        id: scene.layers[index].id, parent: scene.layers[index].parent ?? -1, type: type,
        isMask: scene.layers[index].isMask, path: scene.layers[index].path,
        gradientStops: type == .gradient
          ? ListLayout.gradientList(colors: scene.layers[index].colors, locations: scene.layers[index].locations)
          : [],
        style: scene.layers[index].style, replica: scene.layers[index].replicaIndex)
    }
    return plan
  }
}

/// One timeline's tracks, lowered depth first with the stack of stages from its root.
private struct Lowering {
  /// Each layer's `replicaDelay`: a replicator's copy plays its sublayer's animations this much later, so every
  /// track writing it has its root stage begin that much later (the whole chain is shifted, as Core Animation
  /// shifts the copy's time).
  let delays: [Double]
  /// Each layer's offset of its shadowPath's coordinates into its list numbers: after its path or stops.
  let shadowOffsets: [Int]
  /// Each layer's id, for the errors of `overflow`.
  let ids: [String]
  var stages: [TimeStage] = []
  var spans: [Span] = []
  var overflow = PlanOverflow()

  init(delays: [Double], shadowOffsets: [Int], ids: [String]) {
    self.delays = delays
    self.shadowOffsets = shadowOffsets
    self.ids = ids
  }

  /// Depth-first: a group adds its stage for its children; `instances` copies add none and share the parent's
  /// stages (a root `instances` node leaves its copies as the roots, so they are the ones removed on completion).
  /// `stages` is one stack, pushed and popped per group, so nesting depth d costs d stages, not a copy per level
  /// (d² for a deep chain). Each node's content is moved out first (`AnimationNode.takeContent`), so an
  /// animation's arrays are freed as soon as its track is in the plan.
  mutating func lower(_ node: inout AnimationNode, isRoot: Bool, into tracks: inout TrackTable) {
    switch node.takeContent() {
    case .instances(var copies):
      for index in copies.indices {
        lower(&copies[index], isRoot: isRoot, into: &tracks)
      }
    case .group(var children):
      let depth = stages.count
      stages.append(stage(node.timing, isRoot: isRoot, keepsCurve: true))
      for index in children.indices {
        lower(&children[index], isRoot: false, into: &tracks)
      }
      stages.removeSubrange(depth...)
    case .animation(let animation):
      var keepsCurve = true
      if case .spring = animation.content { keepsCurve = false }
      let depth = stages.count
      stages.append(stage(node.timing, isRoot: isRoot, keepsCurve: keepsCurve))
      let delay = delays[animation.layer]
      if delay == 0 {
        TrackLowering.append(animation, stages: stages, shadowOffset: shadowOffsets[animation.layer], to: &tracks)
      } else {
        var shifted = stages
        shifted[0].beginTime += delay
        TrackLowering.append(animation, stages: shifted, shadowOffset: shadowOffsets[animation.layer], to: &tracks)
      }
      overflow.check(lastTrackOf: tracks, from: animation, layerID: ids[animation.layer], entry: node.span)
      spans.append(node.span)
      stages.removeSubrange(depth...)
    }
  }

  /// A spring leaf's stage is linear: springs ignore their timing function.
  private func stage(_ timing: Timing, isRoot: Bool, keepsCurve: Bool) -> TimeStage {
    var flags = TimeStage.Flags()
    if timing.autoreverses { flags.insert(.autoreverses) }
    if timing.fillMode.fillsBackwards { flags.insert(.fillsBackwards) }
    if timing.fillMode.fillsForwards { flags.insert(.fillsForwards) }
    if isRoot && timing.removedOnCompletion { flags.insert(.removed) }
    return TimeStage(
      beginTime: timing.beginTime, speed: timing.speed, timeOffset: timing.timeOffset, duration: timing.duration,
      cycle: timing.cycle, activeDuration: timing.activeDuration, flags: flags,
      timingFunction: keepsCurve ? timing.timingFunction ?? .linear : .linear)
  }
}
