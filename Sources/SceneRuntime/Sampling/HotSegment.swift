import Foundation
import SceneCore

/// One track's current keyframe segment, copied out of the plan's tables into the workspace when the track's
/// cursor moves (`SamplerProgram.refill`), so that a sample reads one record per track, in track order, instead
/// of chasing the key times, the segment's kind, its coefficient offset and its coefficients through the plan's
/// tables (dependent loads that missed the cache on a scene larger than L2).
///
/// 192 bytes, 64-byte aligned: the first line holds the bounds, pointers, the track's fixed numbers and the kind;
/// the other two (`tail`) the segment's timing curve and its inverse table when eased, then as much of its values
/// (v_i, v_{i+1}) and Hermite tangents as fit. `current` and `coefficients` point into the tail when the numbers
/// were copied there, into the plan otherwise; a spring segment keeps its `SpringCurve`'s address in
/// `coefficients`. The refill's own per-track numbers and the cursor live in `TrackCursor`, beside.
struct HotSegment {
  /// The progress range the segment covers: lo ≤ p < hi (−∞ for the first segment, +∞ for the last). A
  /// progress outside (or NaN) falls back to the cursor and the binary search.
  var lo: Double
  var hi: Double
  /// The segment's key times k_i and k_{i+1}.
  var k0: Double
  var k1: Double
  /// v_i; v_{i+1} follows at `current + count`.
  var current: UnsafePointer<Double>
  /// The coefficients after the timing curve: Hermite tangents or the motion element's numbers.
  var coefficients: UnsafePointer<Double>
  /// The track's own numbers, fixed (set when the workspace is made): its leaf node (−1: none), layer, value
  /// components, first slot (negative: −1 − the offset into the layer's list numbers) and flags.
  var node: Int32
  var layer: Int32
  var count: Int32
  var flags: UInt16
  var slot: Int8
  /// The segment's byte (`SegmentKind`).
  var byte: UInt8
  var tail:
    (
      Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double, Double, Double, Double
    )

  static let tailCount = 16
  static let size = 192
  static let alignment = 64
  /// Where an eased segment's curve (6 numbers) and its inverse table (`TimingCurveSolver.tableSlots`) lie in
  /// the tail, and the first slot after them; the slot of a spring's `SpringCurve` pointer.
  static let curveSlot = 0
  static let tableSlot = 6
  static let easedSlots = curveSlot + CurveTables.stride
  /// The slots values and tangents may fill.
  static let valueSlots = tailCount

  /// A record for track `track` of `program` that no progress falls in (lo > hi), so its first use refills it.
  init(program: SamplerProgram, track: Int) {
    let record = program.tracks[track]
    precondition(
      record.count <= Int(Int32.max) && record.slot < Int(Int8.max) && record.slot >= Int(Int8.min)
        && record.node <= Int(Int32.max)
        && record.layer <= Int(Int32.max) && record.firstSegment + record.segmentCount <= Int(Int32.max)
        && record.firstValue <= Int(Int32.max),
      "track too large for the sampler's hot record")
    lo = .infinity
    hi = -.infinity
    k0 = 0
    k1 = 0
    current = UnsafePointer(program.values.base)
    coefficients = UnsafePointer(program.values.base)
    node = Int32(record.node)
    layer = Int32(record.layer)
    count = Int32(record.count)
    flags = UInt16(record.flags.rawValue)
    slot = Int8(record.slot)
    byte = 0
    tail = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  }

  @inline(__always) var trackFlags: TrackFlags { TrackFlags(rawValue: Int(flags)) }
}

/// Reading a hot record's tail and spring; the records themselves are the workspace's `hot` table.
enum HotSegments {
  /// Where the tail of record `record` starts.
  @inline(__always)
  static func tail(of record: UnsafeMutablePointer<HotSegment>) -> UnsafeMutablePointer<Double> {
    (UnsafeMutableRawPointer(record) + 64).assumingMemoryBound(to: Double.self)
  }

  /// The spring of a record holding a spring segment (kept in `coefficients`, which springs do not use).
  @inline(__always)
  static func spring(of record: UnsafeMutablePointer<HotSegment>) -> UnsafePointer<SpringCurve> {
    UnsafeRawPointer(record.pointee.coefficients).assumingMemoryBound(to: SpringCurve.self)
  }
}

/// What a refill needs about its track besides the hot record: where its segments and values start, how many
/// segments it has, and its cursor (the segment, relative to its first, used last). 16 bytes per track.
struct TrackCursor {
  var firstSegment: Int32
  var segmentCount: Int32
  var firstValue: Int32
  var cursor: Int32

  init(_ record: TrackRecord) {
    precondition(
      record.firstSegment + record.segmentCount <= Int(Int32.max) && record.firstValue <= Int(Int32.max),
      "track too large for the sampler's cursors")
    firstSegment = Int32(record.firstSegment)
    segmentCount = Int32(record.segmentCount)
    firstValue = Int32(record.firstValue)
    cursor = 0
  }
}
