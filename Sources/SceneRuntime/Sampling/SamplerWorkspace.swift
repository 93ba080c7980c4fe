import SceneCore

/// The sampler's mutable state, in one `TableArena`: each node's time at the current sample, each track's segment
/// cursor and hot segment record, the scratch values of one track, and where each layer's running values live
/// during a sample (the layers' running values are the caller's frames). A sampler copies it before writing when
/// it is shared (a sampler is a value), so copies never see each other's state.
final class SamplerWorkspace: @unchecked Sendable {
  /// Owns every buffer below.
  private let arena: TableArena
  let nodeTimes: RawBuffer<LeafTime>
  /// Per track, the segment (relative to the track's first) used last, with what a refill reads about the track.
  let trackCursors: RawBuffer<TrackCursor>
  /// Per track, that segment's numbers (`HotSegment`), 64-byte aligned as the arena aligns every table.
  let hot: RawBuffer<HotSegment>
  /// One value of the current track, and its start and end when they depend on the running value.
  let value: RawBuffer<Double>
  let start: RawBuffer<Double>
  let end: RawBuffer<Double>
  /// Per layer, the first slot and the first path coordinate of its frame in the caller's buffer, valid during
  /// one `Sampler.sample` call only.
  let layerSlots: RawBuffer<UnsafeMutablePointer<Double>>
  let layerPaths: RawBuffer<UnsafeMutablePointer<Double>>

  /// A fresh workspace for `program`; copying `other`'s node times, cursors and scratch values when given.
  init(program: SamplerProgram, copying other: SamplerWorkspace? = nil) {
    precondition(MemoryLayout<HotSegment>.stride == HotSegment.size, "HotSegment must stay 192 bytes")
    precondition(MemoryLayout<HotSegment>.offset(of: \HotSegment.tail) == 64, "HotSegment's tail starts a line")
    precondition(TrackFlags.rotateAutoReverse.rawValue <= Int(UInt16.max), "track flags fit 16 bits")
    let nodeCount = program.nodes.count
    let trackCount = program.tracks.count
    let layerCount = program.layerCount
    var size = TableArena.Size()
    size.add(LeafTime.self, count: nodeCount)
    size.add(TrackCursor.self, count: trackCount)
    size.add(HotSegment.self, count: trackCount)
    for _ in 0..<3 { size.add(Double.self, count: program.width) }
    for _ in 0..<2 { size.add(UnsafeMutablePointer<Double>.self, count: layerCount) }
    arena = TableArena(size)
    nodeTimes = arena.place(repeating: .notInEffect, count: nodeCount)
    trackCursors = arena.place((0..<trackCount).map { TrackCursor(program.tracks[$0]) })
    // Hot records point into their own workspace's tails: a copy starts empty and refills.
    hot = arena.place((0..<trackCount).map { HotSegment(program: program, track: $0) })
    value = arena.place(repeating: 0, count: program.width)
    start = arena.place(repeating: 0, count: program.width)
    end = arena.place(repeating: 0, count: program.width)
    layerSlots = arena.place(repeating: program.values.base, count: layerCount)
    layerPaths = arena.place(repeating: program.values.base, count: layerCount)
    if let other {
      nodeTimes.base.update(from: other.nodeTimes.base, count: nodeCount)
      trackCursors.base.update(from: other.trackCursors.base, count: trackCount)
      value.base.update(from: other.value.base, count: program.width)
      start.base.update(from: other.start.base, count: program.width)
      end.base.update(from: other.end.base, count: program.width)
      layerSlots.base.update(from: other.layerSlots.base, count: layerCount)
      layerPaths.base.update(from: other.layerPaths.base, count: layerCount)
    }
  }

  func copy(program: SamplerProgram) -> SamplerWorkspace { SamplerWorkspace(program: program, copying: self) }
}
