import Foundation
import SceneCore

/// Composing one track's value into its layer's running state (docs/semantics.md, "Leaf values").
extension SamplerProgram {
  /// Applies track `index` at `leaf` to the running values at `target`: the track's first slot (or its layer's
  /// first path coordinate), whose `count` components it replaces or adds to. A motion track with a rotation
  /// mode also adds to `transform.rotation.z`, which lies `SlotLayout.rotation + 2 − slot` after `target`.
  @inline(__always)
  func compose(
    track index: Int, leaf: LeafTime, target: UnsafeMutablePointer<Double>, workspace: SamplerWorkspace
  ) {
    let hotRecord = workspace.hot.base + index
    let count = Int(hotRecord.pointee.count)
    let flags = hotRecord.pointee.trackFlags
    let value = workspace.value.base
    if flags.isDisjoint(with: Self.generalFlags) {
      // The common case: evaluate the track's hot segment and write it; a plain track (its value replaces the
      // running one as it is) straight into the target.
      let hot = hotSegment(track: index, progress: leaf.progress, workspace: workspace)
      if flags.isDisjoint(with: Self.writeFlags) {
        _ = evaluate(hot: hot, count: count, leaf: leaf, wantsAngle: false, into: target)
        return
      }
      _ = evaluate(hot: hot, count: count, leaf: leaf, wantsAngle: false, into: value)
      write(count: count, flags: flags, isPath: hot.pointee.slot < 0, from: value, to: target)
      return
    }
    composeGeneral(track: index, leaf: leaf, target: target, workspace: workspace)
  }

  /// `compose` for tracks with relative ends, accumulating repeats or motion rotation.
  @inline(never)
  func composeGeneral(
    track index: Int, leaf: LeafTime, target: UnsafeMutablePointer<Double>, workspace: SamplerWorkspace
  ) {
    let track = UnsafePointer(tracks.base + index)
    let count = track.pointee.count
    let flags = track.pointee.flags
    let value = workspace.value.base
    var angle = 0.0
    var rotates = false
    if !flags.isDisjoint(with: TrackFlags.relative) {
      // to-only, by-only, from-only: the missing end is the running value below this track, read now.
      let first = values.base + track.pointee.firstValue
      let second = first + count
      let start = workspace.start.base
      let end = workspace.end.base
      for component in 0..<count {
        let running = target[component]
        start[component] = flags.contains(.startFromBase) ? running : first[component]
        end[component] =
          flags.contains(.endAtBase)
          ? running : flags.contains(.endAddsBase) ? running + second[component] : second[component]
      }
      let segment = track.pointee.firstSegment
      let weight =
        segmentKinds[segment] & SegmentKind.kindMask == SegmentKind.spring
        ? springs[springIndex[segment]].progress(at: leaf.seconds) : leaf.progress
      for component in 0..<count {
        value[component] = start[component] + (end[component] - start[component]) * weight
        if flags.contains(.cumulative) { value[component] += leaf.iteration * end[component] }
      }
    } else {
      let hot = hotSegment(track: index, progress: leaf.progress, workspace: workspace)
      rotates = !flags.isDisjoint(with: [.rotateAuto, .rotateAutoReverse])
      angle = evaluate(hot: hot, count: count, leaf: leaf, wantsAngle: rotates, into: value)
      if flags.contains(.cumulative) {
        let last = values.base + track.pointee.lastValue
        for component in 0..<count { value[component] += leaf.iteration * last[component] }
      }
    }
    write(count: count, flags: flags, isPath: track.pointee.slot < 0, from: value, to: target)
    if rotates {
      let direction = flags.contains(.rotateAutoReverse) && angle.isFinite ? angle + Double.pi : angle
      target[SlotLayout.rotation + 2 - track.pointee.slot] += direction.isFinite ? direction : 0
    }
  }

  /// Flags that need more than evaluating the segment and writing it: relative ends, repeats that accumulate,
  /// motion rotation.
  static var generalFlags: TrackFlags {
    [.startFromBase, .endAtBase, .endAddsBase, .cumulative, .rotateAuto, .rotateAutoReverse]
  }

  /// Flags that make writing more than copying the value over the running one.
  static var writeFlags: TrackFlags { [.additive, .broadcast, .discrete] }

  /// Replaces (or adds to) the running value with `value`.
  @inline(__always)
  private func write(
    count: Int, flags: TrackFlags, isPath: Bool, from value: UnsafeMutablePointer<Double>,
    to target: UnsafeMutablePointer<Double>
  ) {
    let additive = flags.contains(.additive)
    if isPath {
      for component in 0..<count {
        target[component] = additive ? target[component] + value[component] : value[component]
      }
      return
    }
    let broadcast = flags.contains(.broadcast)
    let discrete = flags.contains(.discrete)
    let written = broadcast ? 3 : count
    for offset in 0..<written {
      let component = broadcast ? 0 : offset
      var result = additive ? target[offset] + value[component] : value[component]
      if discrete { result = result >= AnimatableKeyPath.showsTrueFrom ? 1 : 0 }
      target[offset] = result
    }
  }
}
