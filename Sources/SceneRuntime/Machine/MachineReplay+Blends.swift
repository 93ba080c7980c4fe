import SceneCore

/// `interrupt: blend` (docs/states-runtime.md, "Interruptions"): when a transition cuts into one still running,
/// what the new episode shows at its start is compared with what was on screen, number by number, and the
/// difference in value and in velocity becomes a `BlendOffset` that fades out over the transition's duration.
extension MachineReplay {
  /// Velocities are one-sided differences over this many seconds: far below any frame interval, far above the
  /// rounding of scene times, so a motion's slope comes out within its curvature × 1 µs.
  static let velocityStep = 1e-6

  /// The step at `time`: 1 µs, or 16 units in the last place where scene times are that coarse (from about
  /// 10¹⁰ s), so that the step never rounds away to 0.
  static func velocityStep(at time: Double) -> Double { max(velocityStep, 16 * time.ulp) }

  /// The frames a blend is worked out from, kept between transitions so that starting one allocates nothing
  /// once they are sized.
  struct BlendProbes: Sendable {
    /// The new episode at its start, a step later and two steps later, without offsets.
    var now: [LayerFrame] = []
    var later: [LayerFrame] = []
    var further: [LayerFrame] = []
    /// The replay a step before the start, and the interrupted episode a step after it.
    var before: [LayerFrame] = []
    var after: [LayerFrame] = []
    /// Per layer: hidden on screen, itself or through a superlayer.
    var unseen: [Bool] = []
  }

  /// Whether a transition starting at `time` interrupts the latest episode: its transition has not completed.
  /// A state at rest (or in its loop, or the initial state) is not interrupted: its next transition plays as
  /// written, so a timeline's explicit start values show as the author wrote them.
  func interrupts(at time: Double) -> Bool {
    let latest = episodes[episodes.count - 1]
    return latest.transition != nil && time < latest.completion
  }

  /// The offsets that make the episode just appended start from `onScreen` (the replay sampled at its start, with
  /// the interrupted episode `previous`), in value and in velocity.
  mutating func blendOffsets(onScreen: [LayerFrame], interrupted previous: Int) -> [BlendOffset] {
    let index = episodes.count - 1
    let start = episodes[index].start
    var probes = BlendProbes()
    swap(&probes, &blendProbes)
    defer { swap(&probes, &blendProbes) }
    // The steps as they round, so that a slope divides by the step actually taken.
    let step = Self.velocityStep(at: start)
    let later = start + step
    compose(episode: index, at: start, into: &probes.now)
    compose(episode: index, at: later, into: &probes.later)
    let further = later + step
    compose(episode: index, at: further, into: &probes.further)
    let around = composeInterrupted(previous, at: start, step: step, into: &probes)
    let steps = Steps(back: around.back, forward: around.forward, further: further - later)
    Self.markUnseen(onScreen, parents: plan.layers.parents, into: &probes.unseen)
    let springs = SpringStarts(episode: episodes[index], machine: machine, step: steps.forward)
    var offsets: [BlendOffset] = []
    for layer in onScreen.indices where !probes.unseen[layer] {
      // Discrete slots switch as `discrete` says; they are never blended.
      for slot in 0..<SlotLayout.count where !MachineTable.discreteSlots[slot] {
        guard !springs.showsAlone(layer, .slot(slot), now: probes.now, later: probes.later) else { continue }
        if let offset = Self.offset(layer, .slot(slot), onScreen, probes, steps) { offsets.append(offset) }
      }
      for coordinate in onScreen[layer].path.indices {
        let target = PoseAnimation.Target.pathCoordinate(coordinate)
        guard !springs.showsAlone(layer, target, now: probes.now, later: probes.later) else { continue }
        if let offset = Self.offset(layer, target, onScreen, probes, steps) { offsets.append(offset) }
      }
    }
    return offsets
  }

  struct Steps {
    let back: Double
    let forward: Double
    let further: Double
  }

  private static func offset(
    _ layer: Int, _ target: PoseAnimation.Target, _ onScreen: [LayerFrame], _ probes: BlendProbes, _ steps: Steps
  ) -> BlendOffset? {
    func read(_ frames: [LayerFrame]) -> Double { frames[layer].number(target) }
    let shown = read(onScreen)
    let value = shown - read(probes.now)
    let continued = read(probes.after)
    let next = read(probes.later)
    // A number the transition does not change (the same now, and the same a step on) keeps its own motion.
    if value == 0 && continued == next { return nil }
    let interrupted = interruptedVelocity(
      shown: shown, before: read(probes.before), after: continued, back: steps.back, forward: steps.forward)
    let own = Self.startingSlope(
      (next - read(probes.now)) / steps.forward, then: (read(probes.further) - next) / steps.further)
    let difference = interrupted - own
    // Values near the limits of Double can overflow in a difference; a velocity that is not a number carries nothing.
    let velocity = difference.isFinite ? difference : 0
    guard value != 0 || velocity != 0 else { return nil }
    return BlendOffset(layer: layer, target: target, value: value, velocity: velocity)
  }

  /// The interrupted motion around `start`, in `probes`: the replay a velocity `step` before (`before`) and the
  /// interrupted episode `previous` a step after (`after`); returns the steps as they rounded, so that a slope
  /// divides by the step actually taken. Blends and spring transitions read the screen's velocity from these.
  mutating func composeInterrupted(
    _ previous: Int, at start: Double, step: Double, into probes: inout BlendProbes
  ) -> (back: Double, forward: Double) {
    let earlier = start - step
    let later = start + step
    compose(episode: episodeIndex(at: earlier), at: earlier, into: &probes.before)
    compose(episode: previous, at: later, into: &probes.after)
    return (start - earlier, later - start)
  }

  /// The velocity a number had on screen at the cut: minmod of its one-sided differences (the replay before, the
  /// interrupted episode after), so a step next to the instant is not read as a huge velocity.
  static func interruptedVelocity(
    shown: Double, before: Double, after: Double, back: Double, forward: Double
  ) -> Double {
    minmod((shown - before) / back, (after - shown) / forward)
  }

  /// The new episode's velocity at its start: its first difference, unless the next one disagrees with it by more
  /// than half, as when a step (a discrete keyframe's switch) falls within the first step after the start; then the
  /// smaller of the two when they agree in sign, else 0 (minmod), so that a step is never read as a huge velocity
  /// that the blend would carry for its whole window. Smooth motion keeps its first difference.
  static func startingSlope(_ first: Double, then second: Double) -> Double {
    abs(first - second) <= 0.5 * max(abs(first), abs(second)) ? first : minmod(first, second)
  }

  /// The smaller slope when both sides agree in sign, else 0: a smooth motion gets its slope, and a step just
  /// before or after the instant (a keyframe's switch, an earlier cut) is not mistaken for a huge velocity.
  static func minmod(_ a: Double, _ b: Double) -> Double {
    guard a * b > 0 else { return 0 }
    return abs(a) < abs(b) ? a : b
  }

  /// A layer hidden on screen showed nothing to be continuous with, so its new animations start as written (the
  /// like button's fans burst from the centre even when a tap cuts the unlike short). Parents come first.
  static func markUnseen(_ frames: [LayerFrame], parents: [Int], into unseen: inout [Bool]) {
    unseen.removeAll(keepingCapacity: true)
    for layer in frames.indices {
      let parent = parents[layer]
      unseen.append(frames[layer].values[SlotLayout.hidden] != 0 || (parent >= 0 && unseen[parent]))
    }
  }
}

extension LayerFrame {
  /// One animatable number: a slot of the values or a path coordinate.
  func number(_ target: PoseAnimation.Target) -> Double {
    switch target {
    case .slot(let slot): values[slot]
    case .pathCoordinate(let index): path[index]
    }
  }

  mutating func add(_ amount: Double, to target: PoseAnimation.Target) {
    switch target {
    case .slot(let slot): values[slot] += amount
    case .pathCoordinate(let index): path[index] += amount
    }
  }
}
