import SceneCore

/// Every animation leaf of every timeline, in document order, struct-of-arrays.
///
/// Track `t` writes `components[t]` numbers to layer `layers[t]` (slots from `slots[t]`, or the path when -1);
/// its time transform is stages `stageStarts[t] ..< stageStarts[t + 1]` of `stages`;
/// its keyframe table is key times `keyStarts[t] ..< keyStarts[t + 1]`, one segment fewer than key times
/// (`segmentStarts`), and values from `valueStarts[t]` with stride `components[t]`. Segment `s` has the kind byte
/// `segmentKinds[s]` and coefficients `coefficientStarts[s] ..< coefficientStarts[s + 1]`.
public struct TrackTable: Sendable, Hashable {
  public var keyPaths: [String] = []
  public var layers: [Int] = []
  /// First slot written, or −1 − the offset into the layer's list numbers (`ListLayout`): −1 for a path.
  public var slots: [Int] = []
  /// Components of one value (1 for a broadcast scale, the coordinate count for paths).
  public var components: [Int] = []
  public var flags: [TrackFlags] = []
  public var stageStarts: [Int] = [0]
  public var stages: [TimeStage] = []
  public var keyStarts: [Int] = [0]
  public var keyTimes: [Double] = []
  public var segmentStarts: [Int] = [0]
  public var segmentKinds: [UInt8] = []
  public var coefficientStarts: [Int] = [0]
  public var coefficients: [Double] = []
  public var valueStarts: [Int] = [0]
  public var values: [Double] = []

  public init() {}

  public var count: Int { layers.count }

  /// The largest value component count of any track, for sizing the sampler's scratch buffers once.
  public var maxComponents: Int { components.max() ?? 0 }
}

/// Per-track switches.
public struct TrackFlags: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// One component written to three slots (`transform.scale`).
  public static let broadcast = TrackFlags(rawValue: 1)
  public static let additive = TrackFlags(rawValue: 2)
  public static let cumulative = TrackFlags(rawValue: 4)
  /// A boolean key path: the written value becomes 1 when ≥ 0.5, else 0.
  public static let discrete = TrackFlags(rawValue: 8)
  /// Relative basic/spring: the start value is the running value below the track (to-only, by-only).
  public static let startFromBase = TrackFlags(rawValue: 16)
  /// Relative basic/spring: the end value is the running value (from-only).
  public static let endAtBase = TrackFlags(rawValue: 32)
  /// Relative basic/spring: the end value is the running value plus v_1 (by-only).
  public static let endAddsBase = TrackFlags(rawValue: 64)
  /// Motion `rotationMode: auto`: the tangent angle is added to `transform.rotation.z`.
  public static let rotateAuto = TrackFlags(rawValue: 128)
  /// Motion `rotationMode: autoReverse`: the tangent angle plus π.
  public static let rotateAutoReverse = TrackFlags(rawValue: 256)

  public static let names: [(String, TrackFlags)] = [
    ("broadcast", .broadcast), ("additive", .additive), ("cumulative", .cumulative), ("discrete", .discrete),
    ("startFromBase", .startFromBase), ("endAtBase", .endAtBase), ("endAddsBase", .endAddsBase),
    ("rotateAuto", .rotateAuto), ("rotateAutoReverse", .rotateAutoReverse),
  ]

  public static let relative: TrackFlags = [.startFromBase, .endAtBase, .endAddsBase]
}

extension TrackTable {
  /// One track's description, as the compiler builds it; `append` flattens it into the tables.
  package struct Track: Sendable, Hashable {
    package var keyPath: String
    package var layer: Int
    package var slot: Int
    package var components: Int
    package var flags: TrackFlags
    /// Root first.
    package var stages: [TimeStage]
    package var keyTimes: [Double]
    package var segmentKinds: [UInt8]
    /// Every segment's coefficients, concatenated (`SegmentKind.coefficientCount` numbers each).
    package var coefficients: [Double]
    /// Flattened values, stride `components`.
    package var values: [Double]

    package init(
      keyPath: String, layer: Int, slot: Int, components: Int, flags: TrackFlags, stages: [TimeStage],
      keyTimes: [Double], segmentKinds: [UInt8], coefficients: [Double], values: [Double]
    ) {
      self.keyPath = keyPath
      self.layer = layer
      self.slot = slot
      self.components = components
      self.flags = flags
      self.stages = stages
      self.keyTimes = keyTimes
      self.segmentKinds = segmentKinds
      self.coefficients = coefficients
      self.values = values
    }
  }

  /// Flattens `track` into the tables; its segment kinds must fit its components (`SegmentKind.coefficientCount`).
  package mutating func append(_ track: Track) {
    append(
      keyPath: track.keyPath, layer: track.layer, slot: track.slot, components: track.components, flags: track.flags,
      stages: track.stages, keyTimes: track.keyTimes, segmentKinds: track.segmentKinds,
      coefficients: track.coefficients, values: track.values)
  }

  /// `append(_:)` from a track's parts, which the compiler appends without building a `Track`: one copied its
  /// stage stack and retained each of its arrays once more for every animation of a scene.
  package mutating func append(
    keyPath: String, layer: Int, slot: Int, components: Int, flags: TrackFlags, stages: [TimeStage],
    keyTimes: [Double], segmentKinds: [UInt8], coefficients: [Double], values: [Double]
  ) {
    appendDestination(keyPath: keyPath, layer: layer, slot: slot, components: components, flags: flags, stages: stages)
    self.keyTimes += keyTimes
    keyStarts.append(self.keyTimes.count)
    var end = self.coefficients.count
    for kind in segmentKinds {
      self.segmentKinds.append(kind)
      end += SegmentKind.coefficientCount(kind, components: components) ?? 0
      coefficientStarts.append(end)
    }
    self.coefficients += coefficients
    precondition(end == self.coefficients.count, "each segment's coefficients as its kind needs")
    segmentStarts.append(self.segmentKinds.count)
    self.values += values
    valueStarts.append(self.values.count)
  }

  /// A track of `keyCount` keyframes joined by plain linear segments, which have no coefficients: most keyframe
  /// animations. Appended as `append` would append it, without the key times and segment kinds built as arrays
  /// first. `keyTimes` nil: evenly spaced, `i / (keyCount − 1)`.
  package mutating func appendLinear(
    keyPath: String, layer: Int, slot: Int, components: Int, flags: TrackFlags, stages: [TimeStage],
    keyTimes given: [Double]?, keyCount: Int, values: [Double]
  ) {
    precondition(keyCount >= 2 && given.map { $0.count == keyCount } ?? true, "two key times or more, one per key")
    appendDestination(keyPath: keyPath, layer: layer, slot: slot, components: components, flags: flags, stages: stages)
    let segments = keyCount - 1
    // Whole runs appended at once, from a buffer on the stack: an append per key or segment checked the array's
    // uniqueness and capacity every time, and a lazy sequence went through an iterator.
    if let given {
      keyTimes += given
    } else {
      Self.append(keyCount, to: &keyTimes) { Double($0) / Double(segments) }
    }
    keyStarts.append(keyTimes.count)
    Self.append(segments, to: &segmentKinds) { _ in SegmentKind.linear }
    let end = coefficients.count
    Self.append(segments, to: &coefficientStarts) { _ in end }
    segmentStarts.append(segmentKinds.count)
    self.values += values
    valueStarts.append(self.values.count)
  }

  /// What `append` and `appendLinear` both begin with: where the track writes, and its stages.
  private mutating func appendDestination(
    keyPath: String, layer: Int, slot: Int, components: Int, flags: TrackFlags, stages: [TimeStage]
  ) {
    keyPaths.append(keyPath)
    layers.append(layer)
    slots.append(slot)
    self.components.append(components)
    self.flags.append(flags)
    self.stages += stages
    stageStarts.append(self.stages.count)
  }

  /// Appends `element(i)` for i in 0 ..< count to `array` in one copy.
  @inline(__always) private static func append<Element>(
    _ count: Int, to array: inout [Element], element: (Int) -> Element
  ) {
    withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
      for index in 0..<count { (buffer.baseAddress! + index).initialize(to: element(index)) }
      array.append(contentsOf: UnsafeBufferPointer(buffer))
      _ = buffer.deinitialize()
    }
  }

  /// Track `index`'s stages, root first.
  public func stages(of index: Int) -> ArraySlice<TimeStage> { stages[stageStarts[index]..<stageStarts[index + 1]] }

  /// The timing function of eased segment `segment` as control points; nil for a segment without one.
  public func timingFunction(ofSegment segment: Int) -> TimingFunction? {
    guard segmentKinds[segment] & SegmentKind.eased != 0 else { return nil }
    let c = coefficientStarts[segment]
    return TimingFunction(coefficients[c], coefficients[c + 1], coefficients[c + 2], coefficients[c + 3])
  }

  /// Track `index` in its unflattened form (for tests and tools that rebuild plans).
  package func track(_ index: Int) -> Track {
    let segments = segmentStarts[index]..<segmentStarts[index + 1]
    return Track(
      keyPath: keyPaths[index], layer: layers[index], slot: slots[index], components: components[index],
      flags: flags[index], stages: Array(stages(of: index)),
      keyTimes: Array(keyTimes[keyStarts[index]..<keyStarts[index + 1]]),
      segmentKinds: Array(segmentKinds[segments]),
      coefficients: Array(
        coefficients[coefficientStarts[segments.lowerBound]..<coefficientStarts[segments.upperBound]]),
      values: Array(values[valueStarts[index]..<valueStarts[index + 1]]))
  }
}

extension TrackTable {
  /// Upper bounds on a table's sizes, so the compiler can reserve every array once: a growing array briefly holds
  /// its old and new storage, which on a large spec was the compile's peak. Reserved but unused capacity is never
  /// touched, so it costs address space, not resident memory.
  package struct Capacity: Sendable, Hashable {
    public var tracks = 0
    public var stages = 0
    public var keys = 0
    public var segments = 0
    public var coefficients = 0
    public var values = 0

    public init() {}
  }

  package mutating func reserveCapacity(_ capacity: Capacity) {
    keyPaths.reserveCapacity(capacity.tracks)
    layers.reserveCapacity(capacity.tracks)
    slots.reserveCapacity(capacity.tracks)
    components.reserveCapacity(capacity.tracks)
    flags.reserveCapacity(capacity.tracks)
    stageStarts.reserveCapacity(capacity.tracks + 1)
    keyStarts.reserveCapacity(capacity.tracks + 1)
    segmentStarts.reserveCapacity(capacity.tracks + 1)
    valueStarts.reserveCapacity(capacity.tracks + 1)
    stages.reserveCapacity(capacity.stages)
    keyTimes.reserveCapacity(capacity.keys)
    segmentKinds.reserveCapacity(capacity.segments)
    coefficientStarts.reserveCapacity(capacity.segments + 1)
    coefficients.reserveCapacity(capacity.coefficients)
    values.reserveCapacity(capacity.values)
  }
}
