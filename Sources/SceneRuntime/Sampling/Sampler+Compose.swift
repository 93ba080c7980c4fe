import Foundation
import SceneCore

/// Composing one track's value into its layer's running state (docs/semantics.md, "Leaf values").
extension Sampler {
  mutating func apply(track: Int, leaf: LeafTime, to frames: inout [LayerFrame]) {
    let tracks = plan.tracks
    let layer = tracks.layers[track]
    let slot = tracks.slots[track]
    let count = tracks.components[track]
    let flags = tracks.flags[track]
    let valueBase = tracks.valueStarts[track]
    var angle = 0.0
    var rotates = false
    if !flags.isDisjoint(with: TrackFlags.relative) {
      // to-only, by-only, from-only: the missing end is the running value below this track, read now.
      for component in 0..<count {
        let running = slot < 0 ? frames[layer].path[component] : frames[layer].values[slot + component]
        let first = tracks.values[valueBase + component]
        let second = tracks.values[valueBase + count + component]
        start[component] = flags.contains(.startFromBase) ? running : first
        end[component] =
          flags.contains(.endAtBase) ? running : flags.contains(.endAddsBase) ? running + second : second
      }
      let segment = tracks.segmentStarts[track]
      let weight =
        tracks.segmentKinds[segment] & SegmentKind.kindMask == SegmentKind.spring
        ? springProgress(segment: segment, seconds: leaf.seconds) : leaf.progress
      for component in 0..<count {
        value[component] = start[component] + (end[component] - start[component]) * weight
        if flags.contains(.cumulative) { value[component] += leaf.iteration * end[component] }
      }
    } else {
      let segment = segmentIndex(track: track, progress: leaf.progress)
      rotates = !flags.isDisjoint(with: [.rotateAuto, .rotateAutoReverse])
      angle = evaluate(track: track, segment: segment, leaf: leaf, wantsAngle: rotates)
      if flags.contains(.cumulative) {
        let last = tracks.valueStarts[track + 1] - count
        for component in 0..<count { value[component] += leaf.iteration * tracks.values[last + component] }
      }
    }
    write(track: track, layer: layer, slot: slot, count: count, flags: flags, to: &frames)
    if rotates {
      let direction = flags.contains(.rotateAutoReverse) && angle.isFinite ? angle + Double.pi : angle
      frames[layer].values[SlotLayout.rotation + 2] += direction.isFinite ? direction : 0
    }
  }

  /// Replaces (or adds to) the running value with `value`.
  private func write(track: Int, layer: Int, slot: Int, count: Int, flags: TrackFlags, to frames: inout [LayerFrame]) {
    let additive = flags.contains(.additive)
    if slot < 0 {
      for component in 0..<count {
        let running = frames[layer].path[component]
        frames[layer].path[component] = additive ? running + value[component] : value[component]
      }
      return
    }
    let broadcast = flags.contains(.broadcast)
    let written = broadcast ? 3 : count
    for offset in 0..<written {
      let component = broadcast ? 0 : offset
      let running = frames[layer].values[slot + offset]
      var result = additive ? running + value[component] : value[component]
      if flags.contains(.discrete) { result = result >= 0.5 ? 1 : 0 }
      frames[layer].values[slot + offset] = result
    }
  }

  func springProgress(segment: Int, seconds: Double) -> Double {
    let tracks = plan.tracks
    let base = tracks.coefficientStarts[segment]
    let spring = SpringParameters(
      mass: tracks.coefficients[base], stiffness: tracks.coefficients[base + 1],
      damping: tracks.coefficients[base + 2], initialVelocity: tracks.coefficients[base + 3],
      allowsOverdamping: tracks.coefficients[base + 4] != 0)
    return spring.progress(at: seconds)
  }
}
