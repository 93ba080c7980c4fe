import SceneCore

/// The sampler's read-only tables, built once from a plan: the numbers the hot loop reads copied into one
/// allocation (`TableArena`, so the loop reads them through plain pointers, with no array retains, copies or
/// bounds checks per track, and the tables are owned and freed once), one record per track, the timing stages of
/// all tracks merged into a tree of shared nodes, spring constants and timing-curve polynomials solved in advance.
///
/// Immutable after `init`, so samplers copied from one another share it safely.
final class SamplerProgram: @unchecked Sendable {
  /// Owns every buffer below.
  private let arena: TableArena
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
    width = max(table.maxComponents, 3)

    var springList: [SpringCurve] = []
    var springOf = [Int](repeating: -1, count: table.segmentKinds.count)
    for segment in table.segmentKinds.indices
    where table.segmentKinds[segment] & SegmentKind.kindMask == SegmentKind.spring {
      let base = table.coefficientStarts[segment]
      springOf[segment] = springList.count
      springList.append(SpringCurve(table.coefficients[base..<base + 5]))
    }
    let tables = CurveTables(
      segmentKinds: table.segmentKinds, coefficientStarts: table.coefficientStarts, coefficients: table.coefficients)
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

    // Stage chains → shared nodes: a node is one stage under one parent node, so the groups above many tracks
    // are evaluated once per sample. Roots are keyed by their timeline, which keeps each timeline's nodes in one
    // contiguous range.
    var nodeList: [TimeNode] = []
    var nodeIndex: [NodeKey: Int] = [:]
    var records: [TrackRecord] = []
    records.reserveCapacity(table.count)
    var nodeBounds = [0]
    for timeline in 0..<plan.timelines.count {
      for track in plan.timelines.trackStarts[timeline]..<plan.timelines.trackStarts[timeline + 1] {
        var parent = -1
        for stage in table.stages(of: track) {
          let key = NodeKey(parent: parent, timeline: timeline, stage: stage)
          if let existing = nodeIndex[key] {
            parent = existing
          } else {
            nodeIndex[key] = nodeList.count
            nodeList.append(TimeNode(parent: parent, stage: stage))
            parent = nodeList.count - 1
          }
        }
        records.append(TrackRecord(table: table, track: track, node: parent))
      }
      nodeBounds.append(nodeList.count)
    }

    let layers = plan.layers
    var size = TableArena.Size()
    size.add(layers.values)
    size.add(layers.pathCoordinateStarts)
    size.add(layers.pathCoordinates)
    size.add(table.keyTimes)
    size.add(table.values)
    size.add(table.segmentKinds)
    size.add(table.coefficientStarts)
    size.add(table.coefficients)
    size.add(springOf)
    size.add(springList)
    size.add(tables.records)
    size.add(entries)
    size.add(nodeList)
    size.add(nodeBounds)
    size.add(plan.timelines.trackStarts)
    size.add(records)
    let arena = TableArena(size)
    slotValues = arena.place(layers.values)
    pathCoordinateStarts = arena.place(layers.pathCoordinateStarts)
    pathCoordinates = arena.place(layers.pathCoordinates)
    keyTimes = arena.place(table.keyTimes)
    values = arena.place(table.values)
    segmentKinds = arena.place(table.segmentKinds)
    coefficientStarts = arena.place(table.coefficientStarts)
    coefficients = arena.place(table.coefficients)
    springIndex = arena.place(springOf)
    springs = arena.place(springList)
    curveTables = arena.place(tables.records)
    segmentEntries = arena.place(entries)
    nodes = arena.place(nodeList)
    nodeStarts = arena.place(nodeBounds)
    trackStarts = arena.place(plan.timelines.trackStarts)
    tracks = arena.place(records)
    self.arena = arena
  }

  private struct NodeKey: Hashable {
    var parent: Int
    var timeline: Int
    /// The stage's numbers as bit patterns, so that 0 and −0 (equal as numbers) stay apart.
    var bits: [UInt64]

    init(parent: Int, timeline: Int, stage: TimeStage) {
      self.parent = parent
      self.timeline = timeline
      let function = stage.timingFunction
      bits = [
        stage.beginTime, stage.speed, stage.timeOffset, stage.duration, stage.cycle, stage.activeDuration,
        Double(stage.flags.rawValue), function.x1, function.y1, function.x2, function.y2,
      ].map(\.bitPattern)
    }
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
  /// First slot written, or −1 − the offset into the layer's list numbers (−1 for a path).
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
