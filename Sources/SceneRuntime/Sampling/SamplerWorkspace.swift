import SceneCore

/// The sampler's mutable state, in raw buffers: each node's time at the current sample, each track's segment
/// cursor and the scratch values of one track (the layers' running values are the caller's frames). A sampler copies it before writing when it is shared (a sampler
/// is a value), so copies never see each other's state.
final class SamplerWorkspace: @unchecked Sendable {
  let nodeTimes: RawBuffer<LeafTime>
  /// Per track, the segment (relative to the track's first) used last.
  let cursors: RawBuffer<Int>
  /// One value of the current track, and its start and end when they depend on the running value.
  let value: RawBuffer<Double>
  let start: RawBuffer<Double>
  let end: RawBuffer<Double>

  init(program: SamplerProgram) {
    nodeTimes = RawBuffer(repeating: .notInEffect, count: program.nodes.count)
    cursors = RawBuffer(repeating: 0, count: program.tracks.count)
    value = RawBuffer(repeating: 0, count: program.width)
    start = RawBuffer(repeating: 0, count: program.width)
    end = RawBuffer(repeating: 0, count: program.width)
  }

  private init(copying other: SamplerWorkspace) {
    nodeTimes = other.nodeTimes.copy()
    cursors = other.cursors.copy()
    value = other.value.copy()
    start = other.start.copy()
    end = other.end.copy()
  }

  func copy() -> SamplerWorkspace { SamplerWorkspace(copying: self) }

  deinit {
    nodeTimes.free()
    cursors.free()
    value.free()
    start.free()
    end.free()
  }
}
