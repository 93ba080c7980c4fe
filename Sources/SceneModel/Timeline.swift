import SceneCore
import SceneDiagnostics

/// A named animation tree.
public struct Timeline: Sendable {
  public var name: String
  /// Starts at scene time 0 when the scene is sampled without `--timeline` or `--events`.
  public var autoplay: Bool
  public var root: AnimationNode
  public var nameSpan: Span
  /// How much later than the root's own end its last animation ends: the largest `replicaDelay` of the layers it
  /// animates (a replicator's copy k plays k × instanceDelay later); 0 without replicators.
  public var replicaSpread: Double = 0

  /// The end of the timeline from its start, copies of replicated layers included; infinite when it never ends.
  public var end: Double { root.end + replicaSpread }

  /// Sets `replicaSpread` from the layers its animations write.
  public mutating func spreadReplicas(over layers: [LayerInstance]) {
    var spread = 0.0
    root.forEachAnimation { spread = max(spread, layers[$0.layer].replicaDelay) }
    replicaSpread = spread
  }

  public init(name: String, autoplay: Bool, root: AnimationNode, nameSpan: Span = .zero) {
    self.name = name
    self.autoplay = autoplay
    self.root = root
    self.nameSpan = nameSpan
  }
}

/// A node of an animation tree: an animation on one layer, or a group of nodes, each with CAMediaTiming.
///
/// Sequences are lowered by the checker into groups whose children's begin times are laid end to end, so
/// evaluators know only groups. A node that targets several layer instances (`target: fan`) becomes an
/// `instances` node: one copy per instance, played together, with no timing of its own.
public struct AnimationNode: Sendable {
  public enum Kind: Sendable {
    /// Boxed: an `Animation` is a few hundred bytes of arrays and strings, and checking, linting and lowering copy
    /// nodes (tree walks, group layouts); a boxed leaf copies as one reference instead of every field.
    indirect case animation(Animation)
    case group([AnimationNode])
    /// Copies of one node for each instance of a repeated target; transparent in time.
    case instances([AnimationNode])
  }

  public var kind: Kind
  public var timing: Timing
  public var span: Span

  public init(kind: Kind, timing: Timing, span: Span = .zero) {
    self.kind = kind
    self.timing = timing
    self.span = span
  }

  /// The node's extent in its parent's time, from the parent's time 0: `beginTime + activeDuration / |speed|`,
  /// infinite when it repeats forever; for `instances`, the latest of its copies. Inlinable, as the timing below:
  /// called on array elements across modules, an opaque call made the caller copy (retain) the node first.
  @inlinable public var end: Double {
    switch kind {
    case .instances(let copies): return copies.map(\.end).max() ?? 0
    case .animation, .group: return timing.end
    }
  }
}

/// CAMediaTiming, with every default resolved by the checker.
public struct Timing: Sendable, Hashable {
  public var beginTime: Double = 0
  /// Resolved: a leaf's default is 0.25 s; a group's is the end of its last child.
  public var duration: Double = 0.25
  public var speed: Double = 1
  public var timeOffset: Double = 0
  /// 0 means one pass; `.infinity` repeats forever.
  public var repeatCount: Double = 0
  /// 0 means unset.
  public var repeatDuration: Double = 0
  public var autoreverses: Bool = false
  public var fillMode: FillMode = .removed
  public var removedOnCompletion: Bool = true
  /// `nil` is linear.
  public var timingFunction: TimingFunction?

  public init() {}

  /// One repeat cycle: forward, and back when autoreversing.
  @inlinable public var cycle: Double { autoreverses ? 2 * duration : duration }

  /// The active duration in local time (before speed).
  @inlinable public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    return (repeatCount > 0 ? repeatCount : 1) * cycle
  }

  /// The end of the active window in parent time; infinite for speed 0 or endless repeats.
  @inlinable public var end: Double {
    if speed == 0 { return .infinity }
    return beginTime + activeDuration / abs(speed)
  }

  /// The neutral timing of an `instances` node: begins at once, never ends, never removed.
  public static let transparent: Timing = {
    var timing = Timing()
    timing.duration = .infinity
    timing.fillMode = .both
    timing.removedOnCompletion = false
    return timing
  }()
}

public enum FillMode: String, Sendable, Hashable, CaseIterable {
  case removed
  case forwards
  case backwards
  case both

  public var fillsBackwards: Bool { self == .backwards || self == .both }
  public var fillsForwards: Bool { self == .forwards || self == .both }
}

extension AnimationNode {
  /// Calls `body` with every animation leaf, depth first.
  public func forEachAnimation(_ body: (Animation) -> Void) {
    switch kind {
    case .animation(let animation): body(animation)
    case .group(let children), .instances(let children): for child in children { child.forEachAnimation(body) }
    }
  }

  /// Moves this node's animation or children out, leaving an empty group behind. The node drops its reference
  /// first, so when the node was the only owner the caller gets the only one, and whatever it lowers can be freed
  /// at once (`PlanCompiler.compile(consuming:)` releases the model as the plan grows).
  public mutating func takeContent() -> Kind {
    let content = kind
    kind = .group([])
    return content
  }
}
