import Foundation
import SceneCore

/// One CAMediaTiming node of the sampler's timing tree: a stage of the plan (`TimeStage`) under its parent node.
/// Tracks whose stage chains start alike share their upper nodes, so a group is evaluated once per sample
/// however many tracks it holds.
struct TimeNode {
  /// The parent node, or −1 for a timeline's root (whose parent time is scene time).
  var parent: Int
  var begin: Double
  var speed: Double
  var offset: Double
  var duration: Double
  var cycle: Double
  var active: Double
  /// `CycleClock.activeLimit`: |e| below it is the active phase.
  var activeLimit: Double
  /// `CycleClock.phaseSlack`: a parent time this little before the begin is the begin.
  var beginSlack: Double
  /// `CycleClock.terminal`, decided once at load: the repeat and cycle position the node ends in.
  var endIteration: Double
  var endPosition: Double
  var flags: TimeStage.Flags
  var eased: Bool
  var curve: CubicTimingCurve
}

/// Where a node is in its own time at one instant: whether it is in effect, its progress after its timing
/// function, its basic local time in seconds (springs keep their own clock), its repeat index (for `cumulative`),
/// and the parent time it gives its children.
struct LeafTime {
  var progress: Double
  var seconds: Double
  var iteration: Double
  var childTime: Double
  var inEffect: Bool

  static let notInEffect = LeafTime(progress: 0, seconds: 0, iteration: 0, childTime: 0, inEffect: false)
}

extension TimeNode {
  /// Runs the parent's time through this node (docs/semantics.md, "CAMediaTiming of one node"). Not in effect
  /// before without backward fill, after without forward fill, or after at a removed root.
  @inline(__always)
  func time(parentTime: Double) -> LeafTime {
    withUnsafePointer(to: self) { Self.time(of: $0, parentTime: parentTime) }
  }

  /// `time(parentTime:)` of the node at `node`, read in place (the sampler's loop does not copy the node).
  @inline(__always)
  static func time(of node: UnsafePointer<TimeNode>, parentTime: Double) -> LeafTime {
    let begin = node.pointee.begin
    let speed = node.pointee.speed
    let offset = node.pointee.offset
    let duration = node.pointee.duration
    let cycle = node.pointee.cycle
    let flags = node.pointee.flags
    // Phase, then the local time t and where it falls among the cycles (docs/semantics.md).
    var sinceBegin = parentTime - begin
    var localTime = offset
    var terminal = false
    if sinceBegin < 0 && sinceBegin >= -node.pointee.beginSlack { sinceBegin = 0 }
    if speed == 0 {
      localTime = offset
    } else if sinceBegin < 0 {
      guard flags.contains(.fillsBackwards) else { return .notInEffect }
    } else if abs(sinceBegin * speed) < node.pointee.activeLimit {
      localTime = sinceBegin * speed + offset
    } else {
      guard !flags.contains(.removed), flags.contains(.fillsForwards) else { return .notInEffect }
      terminal = true
    }

    var u: Double
    var iteration: Double
    if terminal {
      iteration = node.pointee.endIteration
      u = node.pointee.endPosition
    } else {
      (iteration, u) = CycleClock.entering(localTime, cycle: cycle)
      // Within rounding of the end the active phase may wrap into a repeat past the last one; it ends as the
      // terminal rule does instead.
      if speed > 0 ? iteration > node.pointee.endIteration : speed < 0 && iteration < node.pointee.endIteration {
        iteration = node.pointee.endIteration
        u = node.pointee.endPosition
      }
    }
    let tau = flags.contains(.autoreverses) && u > duration ? cycle - u : u
    let fraction = tau / duration
    let progress: Double
    if !duration.isFinite {
      progress = 0
    } else if node.pointee.eased {
      progress = node.pointee.curve.progress(at: fraction)
    } else {
      progress = fraction
    }
    // A group's children see its progress-warped local time; an unbounded group passes its time through.
    let childTime = duration.isFinite ? progress * duration : tau
    return LeafTime(progress: progress, seconds: tau, iteration: iteration, childTime: childTime, inEffect: true)
  }
}

extension SamplerProgram {
  /// Evaluates timeline `timeline`'s nodes at scene time `time` into `states` (one per node), parents first.
  @inline(__always)
  func evaluateNodes(timeline: Int, sceneTime time: Double, into states: UnsafeMutablePointer<LeafTime>) {
    for index in nodeStarts[timeline]..<nodeStarts[timeline + 1] {
      let node = nodes.base + index
      let parent = node.pointee.parent
      if parent < 0 {
        states[index] = TimeNode.time(of: node, parentTime: time)
      } else if states[parent].inEffect {
        states[index] = TimeNode.time(of: node, parentTime: states[parent].childTime)
      } else {
        states[index] = .notInEffect
      }
    }
  }
}

extension TimeNode {
  /// One stage of the plan under `parent`, with what the sampler solves once: the window limits, the terminal
  /// position and the polynomial form of the timing function.
  init(parent: Int, stage: TimeStage) {
    self.parent = parent
    begin = stage.beginTime
    speed = stage.speed
    offset = stage.timeOffset
    duration = stage.duration
    cycle = stage.cycle
    active = stage.activeDuration
    activeLimit = CycleClock.activeLimit(activeDuration: active, cycle: cycle, beginTime: begin, speed: speed)
    beginSlack = CycleClock.phaseSlack(activeDuration: active, cycle: cycle, beginTime: begin, speed: speed)
    if speed != 0 && active.isFinite {
      (endIteration, endPosition) = stage.terminal
    } else {
      // Never after: no end to clamp to.
      (endIteration, endPosition) = (speed < 0 ? -.infinity : .infinity, 0)
    }
    flags = stage.flags
    eased = stage.isEased
    curve = eased ? stage.curve : CubicTimingCurve(ax: 0, bx: 0, cx: 0, ay: 0, by: 0, cy: 0)
  }
}

extension TrackTable {
  /// Runs scene time through track `track`'s stages, root first, one track alone (the sampler evaluates shared
  /// nodes instead). Nil when some stage is not in effect, or the track has no stage.
  func leafTime(track: Int, sceneTime: Double) -> LeafTime? {
    let first = stageStarts[track]
    let last = stageStarts[track + 1] - 1
    if last < first { return nil }
    var parentTime = sceneTime
    var result = LeafTime.notInEffect
    for stage in first...last {
      result = TimeNode(parent: -1, stage: stages[stage]).time(parentTime: parentTime)
      guard result.inEffect else { return nil }
      parentTime = result.childTime
    }
    return result
  }
}
