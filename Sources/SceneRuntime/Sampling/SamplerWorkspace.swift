import SceneCore

/// The sampler's mutable state, in raw buffers: each node's time at the current sample, each track's segment
/// cursor and hot segment record, the scratch values of one track, and where each layer's running values live
/// during a sample (the layers' running values are the caller's frames). A sampler copies it before writing when
/// it is shared (a sampler is a value), so copies never see each other's state.
final class SamplerWorkspace: @unchecked Sendable {
  let nodeTimes: RawBuffer<LeafTime>
  /// Per track, the segment (relative to the track's first) used last, with what a refill reads about the track.
  let trackCursors: RawBuffer<TrackCursor>
  /// Per track, that segment's numbers (`HotSegment`).
  let hot: HotSegments
  /// One value of the current track, and its start and end when they depend on the running value.
  let value: RawBuffer<Double>
  let start: RawBuffer<Double>
  let end: RawBuffer<Double>
  /// Per layer, the first slot and the first path coordinate of its frame in the caller's buffer, valid during
  /// one `Sampler.sample` call only.
  let layerSlots: RawBuffer<UnsafeMutablePointer<Double>>
  let layerPaths: RawBuffer<UnsafeMutablePointer<Double>>

  init(program: SamplerProgram) {
    nodeTimes = RawBuffer(repeating: .notInEffect, count: program.nodes.count)
    trackCursors = RawBuffer((0..<program.tracks.count).map { TrackCursor(program.tracks[$0]) })
    hot = HotSegments(program: program)
    value = RawBuffer(repeating: 0, count: program.width)
    start = RawBuffer(repeating: 0, count: program.width)
    end = RawBuffer(repeating: 0, count: program.width)
    layerSlots = RawBuffer(repeating: program.values.base, count: program.layerCount)
    layerPaths = RawBuffer(repeating: program.values.base, count: program.layerCount)
  }

  private init(copying other: SamplerWorkspace, program: SamplerProgram) {
    nodeTimes = other.nodeTimes.copy()
    trackCursors = other.trackCursors.copy()
    // Hot records point into their own workspace's tails: the copy starts empty and refills.
    hot = HotSegments(program: program)
    value = other.value.copy()
    start = other.start.copy()
    end = other.end.copy()
    layerSlots = other.layerSlots.copy()
    layerPaths = other.layerPaths.copy()
  }

  func copy(program: SamplerProgram) -> SamplerWorkspace { SamplerWorkspace(copying: self, program: program) }

  deinit {
    nodeTimes.free()
    trackCursors.free()
    hot.free()
    value.free()
    start.free()
    end.free()
    layerSlots.free()
    layerPaths.free()
  }
}
