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
  var flags: TimeStage.Flags
  var eased: Bool
  var curve: CubicTimingCurve

  /// From one stage's `TimeStage.stride` numbers.
  init(parent: Int, _ numbers: [Double]) {
    self.init(parent: parent, stages: numbers, stage: 0)
  }
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
    let active = node.pointee.active
    let flags = node.pointee.flags
    // Phase, then the local time t (or the terminal rule's u and n).
    let sinceBegin = parentTime - begin
    var localTime = offset
    var terminal = false
    if speed == 0 {
      localTime = offset
    } else if sinceBegin < 0 {
      guard flags.contains(.fillsBackwards) else { return .notInEffect }
    } else if abs(sinceBegin * speed) < active {
      localTime = sinceBegin * speed + offset
    } else {
      guard !flags.contains(.removed), flags.contains(.fillsForwards) else { return .notInEffect }
      terminal = true
    }

    var u: Double
    var iteration: Double
    if !cycle.isFinite {
      // An endless cycle never wraps (a group whose last child repeats forever).
      u = terminal ? (speed > 0 ? active : -active) + offset : localTime
      iteration = 0
    } else if terminal {
      let end = (speed > 0 ? active : -active) + offset
      // The limit from inside the window: u ∈ (0, C] going forwards, [0, C) going backwards.
      iteration = speed > 0 ? Self.ceil(end / cycle) - 1 : Self.floor(end / cycle)
      u = end - cycle * iteration
    } else {
      iteration = Self.floor(localTime / cycle)
      u = localTime - cycle * iteration
    }
    // Rounding in the floor-mod can land a hair outside [0, C]; the cycle is closed at both ends.
    if cycle.isFinite { u = min(max(u, 0), cycle) }
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

  /// `x.rounded(.down)` without a call into libm: exact for every double (integral values, zeros, infinities and
  /// NaN come back unchanged).
  @inline(__always)
  static func floor(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496, x != 0 else { return x }  // 2^52: larger doubles are integers
    let truncated = Double(Int64(x))
    return truncated > x ? truncated - 1 : truncated == 0 && x < 0 ? -0.0 : truncated
  }

  /// `x.rounded(.up)`, likewise.
  @inline(__always)
  static func ceil(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496, x != 0 else { return x }
    let truncated = Double(Int64(x))
    return truncated < x ? truncated + 1 : truncated == 0 && x < 0 ? -0.0 : truncated
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
  /// Stage `stage` of `stages` (stride `TimeStage.stride`), without building an array.
  init(parent: Int, stages: [Double], stage: Int) {
    let base = stage * TimeStage.stride
    self.parent = parent
    begin = stages[base + TimeStage.beginTime]
    speed = stages[base + TimeStage.speed]
    offset = stages[base + TimeStage.timeOffset]
    duration = stages[base + TimeStage.duration]
    cycle = stages[base + TimeStage.cycle]
    active = stages[base + TimeStage.activeDuration]
    flags = TimeStage.Flags(rawValue: Int(stages[base + TimeStage.flags]))
    eased = stages[base + TimeStage.eased] != 0
    let c = base + TimeStage.curve
    curve = CubicTimingCurve(
      ax: stages[c], bx: stages[c + 1], cx: stages[c + 2], ay: stages[c + 3], by: stages[c + 4], cy: stages[c + 5])
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
      result = TimeNode(parent: -1, stages: stages, stage: stage).time(parentTime: parentTime)
      guard result.inEffect else { return nil }
      parentTime = result.childTime
    }
    return result
  }
}
