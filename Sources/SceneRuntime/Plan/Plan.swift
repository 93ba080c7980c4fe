import SceneCore

/// A compiled scene: everything the sampler needs, as flat tables of plain numbers.
///
/// The plan is the contract between the compiler and the runtime; a program can load one from JSON and sample it
/// without the front end. Its JSON form is documented in `docs/plan-format.md`.
public struct Plan: Sendable, Hashable {
  /// Bumped whenever the JSON form changes incompatibly; a loader rejects any other version.
  public static let formatVersion = 2

  public var scene: String
  public var width: Double
  public var height: Double
  public var layers: LayerTable
  public var timelines: TimelineTable
  public var tracks: TrackTable
  /// The compiled `states:` section; nil when the scene is not interactive.
  public var machine: MachineTable?
  /// Where the layers, tracks, states and transitions were written; nil for a plan built without a spec.
  public var sourceMap: SourceMap?

  public init(
    scene: String, width: Double, height: Double, layers: LayerTable = LayerTable(),
    timelines: TimelineTable = TimelineTable(), tracks: TrackTable = TrackTable(), machine: MachineTable? = nil,
    sourceMap: SourceMap? = nil
  ) {
    self.scene = scene
    self.width = width
    self.height = height
    self.layers = layers
    self.timelines = timelines
    self.tracks = tracks
    self.machine = machine
    self.sourceMap = sourceMap
  }

  /// The timelines that play when no timeline is named: every autoplay one, in file order.
  public var autoplayTimelines: [Int] { timelines.autoplay.indices.filter { timelines.autoplay[$0] } }

  /// The index of the timeline called `name`.
  public func timelineIndex(named name: String) -> Int? { timelines.names.firstIndex(of: name) }
}

/// Named animation trees; timeline `i` owns tracks `trackStarts[i] ..< trackStarts[i + 1]`.
public struct TimelineTable: Sendable, Hashable {
  public var names: [String] = []
  public var autoplay: [Bool] = []
  /// `count + 1` entries; the tracks of a timeline are contiguous, in document order.
  public var trackStarts: [Int] = [0]

  public init() {}

  public var count: Int { names.count }

  package mutating func append(name: String, autoplay: Bool, trackEnd: Int) {
    names.append(name)
    self.autoplay.append(autoplay)
    trackStarts.append(trackEnd)
  }
}
