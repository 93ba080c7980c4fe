import SceneCore

/// The sampler's mutable state, in raw buffers: the layers' running values while tracks compose (slots and path
/// coordinates, laid out as the plan's layer table), each node's time at the current sample, each track's segment
/// cursor and the scratch values of one track. A sampler copies it before writing when it is shared (a sampler
/// is a value), so copies never see each other's state.
final class SamplerWorkspace: @unchecked Sendable {
  let slots: RawBuffer<Double>
  let path: RawBuffer<Double>
  let nodeTimes: RawBuffer<LeafTime>
  /// Per track, the segment (relative to the track's first) used last.
  let cursors: RawBuffer<Int>
  /// Per track, its last timing-curve solve, where playback starts the next one.
  let easing: RawBuffer<EasedProgress>
  /// One value of the current track, and its start and end when they depend on the running value.
  let value: RawBuffer<Double>
  let start: RawBuffer<Double>
  let end: RawBuffer<Double>

  init(program: SamplerProgram) {
    slots = RawBuffer(repeating: 0, count: program.slotValues.count)
    path = RawBuffer(repeating: 0, count: program.pathCoordinates.count)
    nodeTimes = RawBuffer(repeating: .notInEffect, count: program.nodes.count)
    cursors = RawBuffer(repeating: 0, count: program.tracks.count)
    easing = RawBuffer(repeating: EasedProgress(), count: program.tracks.count)
    value = RawBuffer(repeating: 0, count: program.width)
    start = RawBuffer(repeating: 0, count: program.width)
    end = RawBuffer(repeating: 0, count: program.width)
  }

  private init(copying other: SamplerWorkspace) {
    slots = other.slots.copy()
    path = other.path.copy()
    nodeTimes = other.nodeTimes.copy()
    cursors = other.cursors.copy()
    easing = other.easing.copy()
    value = other.value.copy()
    start = other.start.copy()
    end = other.end.copy()
  }

  func copy() -> SamplerWorkspace { SamplerWorkspace(copying: self) }

  deinit {
    slots.free()
    path.free()
    nodeTimes.free()
    cursors.free()
    easing.free()
    value.free()
    start.free()
    end.free()
  }
}
