import SceneDiagnostics

/// What the linter and the replicator pass read of the timelines, noted by `TimelineChecker` while it decodes
/// them: each leaf and group is then in the caches, where a later walk of the finished trees found every box and
/// children array cold again. On a spec of many small timelines those walks (the linter's gathering of uses, its
/// group check, the replicator counts) cost more than the instructions they ran.
struct TimelineFacts {
  /// Every animation leaf's use of a (layer, property), timeline by timeline and root by root, in the order a
  /// depth-first walk of the finished trees visits them.
  var uses: [Linter.TimelineUse] = []
  /// Where each timeline root's uses end in `uses`: a root that targets several instances is one root per copy,
  /// as `Linter.forEachRoot` visits them.
  var rootEnds: [Int] = []
  /// Group children whose first pass does not fit in the group's duration, timeline by timeline.
  var clippedChildren: [ClippedChild] = []
  /// Whether some leaf animates `instanceCount`: only then does `ReplicaReach` read the trees.
  var animatesInstanceCount = false

  struct ClippedChild {
    /// Index of the timeline in the checked scene.
    let timeline: Int
    let entry: Span
    let group: Span
    let groupDuration: Double
    let beginTime: Double
    let duration: Double
  }

  /// The lengths of the lists, to drop what a timeline noted when it fails to decode (and is left out).
  struct Mark {
    fileprivate let uses: Int
    fileprivate let rootEnds: Int
    fileprivate let clippedChildren: Int
  }

  var mark: Mark { Mark(uses: uses.count, rootEnds: rootEnds.count, clippedChildren: clippedChildren.count) }

  mutating func rollBack(to mark: Mark) {
    uses.removeSubrange(mark.uses...)
    rootEnds.removeSubrange(mark.rootEnds...)
    clippedChildren.removeSubrange(mark.clippedChildren...)
  }
}
