import SceneCore

/// The sampler's read-only tables, built once from a plan: the plan's arrays copied into raw buffers (so the hot
/// loop reads them through plain pointers, with no array retains, copies or bounds checks per track), one record
/// per track, the timing stages of all tracks merged into a tree of shared nodes, and spring constants solved
/// in advance.
///
/// Immutable after `init`, so samplers copied from one another share it safely.
final class SamplerProgram: @unchecked Sendable {
  let layerCount: Int
  let slotValues: RawBuffer<Double>
  let pathCoordinateStarts: RawBuffer<Int>
  let pathCoordinates: RawBuffer<Double>
  let tracks: RawBuffer<TrackRecord>
  let nodes: RawBuffer<TimeNode>
  /// `timelineCount + 1` offsets into `nodes`: a timeline's nodes are contiguous, parents before children.
  let nodeStarts: RawBuffer<Int>
  /// `timelineCount + 1` offsets into `tracks`.
  let trackStarts: RawBuffer<Int>
  let keyTimes: RawBuffer<Double>
  let values: RawBuffer<Double>
  let segmentKinds: RawBuffer<UInt8>
  let coefficientStarts: RawBuffer<Int>
  let coefficients: RawBuffer<Double>
  /// Per segment, its index in `springs` (−1 for other kinds).
  let springIndex: RawBuffer<Int>
  let springs: RawBuffer<SpringCurve>
  /// The eased segments' curves with their inverse tables (`CurveTables.records`).
  let curveTables: RawBuffer<Double>
  /// Per segment, what a refill reads (`SegmentEntry`).
  let segmentEntries: RawBuffer<SegmentEntry>
  /// The widest value of any track (at least 3), for the scratch buffers.
  let width: Int

  init(plan: Plan) {
    let table = plan.tracks
    layerCount = plan.layers.count
    slotValues = RawBuffer(plan.layers.values)
    pathCoordinateStarts = RawBuffer(plan.layers.pathCoordinateStarts)
    pathCoordinates = RawBuffer(plan.layers.pathCoordinates)
    keyTimes = RawBuffer(table.keyTimes)
    values = RawBuffer(table.values)
    segmentKinds = RawBuffer(table.segmentKinds)
    coefficientStarts = RawBuffer(table.coefficientStarts)
    coefficients = RawBuffer(table.coefficients)
    width = max(table.maxComponents, 3)

    var springList: [SpringCurve] = []
    var springOf = [Int](repeating: -1, count: table.segmentKinds.count)
    for segment in table.segmentKinds.indices where table.segmentKinds[segment] & SegmentKind.kindMask == SegmentKind.spring {
      let base = table.coefficientStarts[segment]
      springOf[segment] = springList.count
      springList.append(SpringCurve(table.coefficients[base..<base + 5]))
    }
    springIndex = RawBuffer(springOf)
    springs = RawBuffer(springList)
    let tables = CurveTables(
      segmentKinds: table.segmentKinds, coefficientStarts: table.coefficientStarts, coefficients: table.coefficients)
    curveTables = RawBuffer(tables.records)
    var entries: [SegmentEntry] = []
    entries.reserveCapacity(table.segmentKinds.count)
    for track in 0..<table.count {
      let firstKey = table.keyStarts[track]
      precondition(firstKey == table.segmentStarts[track] + track, "one key time more than segments per track")
      for local in 0..<(table.segmentStarts[track + 1] - table.segmentStarts[track]) {
        let segment = table.segmentStarts[track] + local
        precondition(table.coefficientStarts[segment] <= Int(Int32.max), "coefficients fit the sampler's offsets")
        let byte = table.segmentKinds[segment]
        entries.append(
          SegmentEntry(
            coefficientStart: Int32(table.coefficientStarts[segment]),
            curve: byte & SegmentKind.kindMask == SegmentKind.spring
              ? Int32(springOf[segment]) : tables.recordOf[segment],
            byte: byte))
      }
    }
    segmentEntries = RawBuffer(entries)

    // Stage chains → shared nodes: a node is one stage's numbers under one parent node, so the groups above many
    // tracks are evaluated once per sample. Roots are keyed by their timeline, which keeps each timeline's nodes
    // in one contiguous range.
    var nodeList: [TimeNode] = []
    var nodeIndex: [NodeKey: Int] = [:]
    var records: [TrackRecord] = []
    records.reserveCapacity(table.count)
    var nodeBounds = [0]
    for timeline in 0..<plan.timelines.count {
      for track in plan.timelines.trackStarts[timeline]..<plan.timelines.trackStarts[timeline + 1] {
        var parent = -1
        for stage in table.stageStarts[track]..<table.stageStarts[track + 1] {
          let numbers = Array(table.stages[stage * TimeStage.stride..<(stage + 1) * TimeStage.stride])
          let key = NodeKey(parent: parent, timeline: timeline, bits: numbers.map(\.bitPattern))
          if let existing = nodeIndex[key] {
            parent = existing
          } else {
            nodeIndex[key] = nodeList.count
            nodeList.append(TimeNode(parent: parent, numbers))
            parent = nodeList.count - 1
          }
        }
        records.append(TrackRecord(table: table, track: track, node: parent))
      }
      nodeBounds.append(nodeList.count)
    }
    nodes = RawBuffer(nodeList)
    nodeStarts = RawBuffer(nodeBounds)
    trackStarts = RawBuffer(plan.timelines.trackStarts)
    tracks = RawBuffer(records)
  }

  deinit {
    slotValues.free()
    pathCoordinateStarts.free()
    pathCoordinates.free()
    tracks.free()
    nodes.free()
    nodeStarts.free()
    trackStarts.free()
    keyTimes.free()
    values.free()
    segmentKinds.free()
    coefficientStarts.free()
    coefficients.free()
    springIndex.free()
    springs.free()
    curveTables.free()
    segmentEntries.free()
  }

  private struct NodeKey: Hashable {
    var parent: Int
    var timeline: Int
    /// Bit patterns, so that 0 and −0 (equal as numbers) stay apart.
    var bits: [UInt64]
  }
}

/// A fixed-size buffer of plain values owned by whoever frees it (`SamplerProgram`, `SamplerWorkspace`).
struct RawBuffer<Element> {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  init(_ elements: [Element]) {
    count = elements.count
    base = .allocate(capacity: max(count, 1))
    elements.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: count) }
  }

  init(repeating value: Element, count: Int) {
    self.count = count
    base = .allocate(capacity: max(count, 1))
    base.initialize(repeating: value, count: count)
  }

  func copy() -> RawBuffer<Element> {
    RawBuffer(Array(UnsafeBufferPointer(start: base, count: count)))
  }

  func free() {
    base.deinitialize(count: count)
    base.deallocate()
  }

  @inline(__always) subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }
}

/// One keyframe segment, what refilling a hot record reads besides its key times: where its coefficients start,
/// its curve record (eased segments) or spring (spring segments), and its byte. 12 bytes.
struct SegmentEntry {
  var coefficientStart: Int32
  var curve: Int32
  var byte: UInt8
}

/// One track, everything the sampler reads about it in one place.
struct TrackRecord {
  var layer: Int
  /// First slot written, or −1 for the path.
  var slot: Int
  var count: Int
  var flags: TrackFlags
  /// Its leaf timing node, or −1 for a track without stages (never in effect).
  var node: Int
  var firstSegment: Int
  var segmentCount: Int
  var firstKey: Int
  var firstValue: Int
  /// Where the last value starts (cumulative animations add it per repeat).
  var lastValue: Int

  init(table: TrackTable, track: Int, node: Int) {
    layer = table.layers[track]
    slot = table.slots[track]
    count = table.components[track]
    flags = table.flags[track]
    self.node = node
    firstSegment = table.segmentStarts[track]
    segmentCount = table.segmentStarts[track + 1] - firstSegment
    firstKey = table.keyStarts[track]
    firstValue = table.valueStarts[track]
    lastValue = table.valueStarts[track + 1] - count
  }
}
