import SceneCore

/// Spring transitions carry velocity (docs/semantics.md, "Spring transitions"): cutting into a running
/// transition with `interrupt: blend`, each number a spring transition animates starts from the value and the
/// velocity it had on screen, as UIKit's and SwiftUI's springs do.
extension MachineReplay {
  /// Every number the spring animates on a layer showing on screen starts with the velocity v it had there, in
  /// place of the spring's own `initialVelocity` w: the spring's progress already moves at w·(to − from) at the
  /// start, so the animation's `velocity` is v − w·(to − from), and the number's velocity at the start is v. v is
  /// the blends' estimate (`composeInterrupted`, `interruptedVelocity`).
  mutating func carryVelocities(
    into animations: inout [PoseAnimation], by transition: MachineTable.Transition, onScreen: [LayerFrame],
    interrupted previous: Int, at start: Double
  ) {
    guard let spring = transition.spring, !animations.isEmpty else { return }
    var probes = BlendProbes()
    swap(&probes, &blendProbes)
    defer { swap(&probes, &blendProbes) }
    let around = composeInterrupted(previous, at: start, step: Self.velocityStep(at: start), into: &probes)
    Self.markUnseen(onScreen, parents: plan.layers.parents, into: &probes.unseen)
    for index in animations.indices where !animations[index].holds && !probes.unseen[animations[index].layer] {
      let animation = animations[index]
      let shown = onScreen[animation.layer].number(animation.target)
      let before = probes.before[animation.layer].number(animation.target)
      let after = probes.after[animation.layer].number(animation.target)
      let screen = Self.interruptedVelocity(
        shown: shown, before: before, after: after, back: around.back, forward: around.forward)
      let velocity = screen - spring.initialVelocity * (animation.to - animation.from)
      // Values near the limits of Double can overflow in a difference; a velocity that is not a number carries nothing.
      animations[index].velocity = velocity.isFinite ? velocity : 0
    }
  }

  /// A spring transition's pose animations, found by number: where one of them is all that shows at the start and
  /// a step later, it already starts from the screen's value and velocity (`carryVelocities`), so a blend would
  /// only add the difference quotient's own error; elsewhere (a timeline above it) the blend stays.
  struct SpringStarts {
    struct Key: Hashable {
      let layer: Int
      let target: PoseAnimation.Target
    }

    var poses: [Key: PoseAnimation] = [:]
    var progress = 0.0
    var response = 0.0

    init(episode: Episode, machine: MachineTable, step: Double) {
      guard let index = episode.transition, machine.transitions[index].spring != nil else { return }
      let transition = machine.transitions[index]
      progress = transition.progress(elapsed: step)
      response = transition.velocityResponse(elapsed: step)
      for pose in episode.poseAnimations where !pose.holds { poses[Key(layer: pose.layer, target: pose.target)] = pose }
    }

    func showsAlone(_ layer: Int, _ target: PoseAnimation.Target, now: [LayerFrame], later: [LayerFrame]) -> Bool {
      guard !poses.isEmpty, let pose = poses[Key(layer: layer, target: target)] else { return false }
      return now[layer].number(target) == pose.from
        && later[layer].number(target) == pose.value(progress: progress, response: response)
    }
  }
}
