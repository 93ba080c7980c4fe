import SceneCore

/// Loading a plan: every member is checked (types, counts, indices in range), so a malformed plan is an error
/// naming the member, never a crash in the sampler.
/// A loaded plan with what the loader had to say about it: slots this runtime does not know (ignored) and tracks
/// that write them (dropped). A command prints the warnings; the plan samples as its known slots say.
public struct PlanLoad: Sendable {
  public var plan: Plan
  public var warnings: [String]
}

extension Plan {
  /// Loads a plan, discarding the loader's warnings (`load(json:)` keeps them).
  public init(json: JSONValue) throws(PlanError) {
    self = try Plan.load(json: json).plan
  }

  public static func load(json: JSONValue) throws(PlanError) -> PlanLoad {
    let root = try PlanReader(json, at: "")
    guard try root.string("format") == "scenec-plan" else { throw PlanError("format", "expected \"scenec-plan\"") }
    let version = try root.integer("formatVersion", in: 0..<Int.max)
    guard version == Plan.formatVersion else {
      throw PlanError(
        "formatVersion",
        "this plan is format \(version) and this runtime reads format \(Plan.formatVersion): compile the spec "
          + "again with this scenec")
    }
    let slots = PlanSlotMapping(try decodeSlots(root))
    var warnings = slots.warnings
    let size = try root.numbers("size")
    guard size.count == 2, size.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
      throw PlanError("size", "expected [width, height], two finite non-negative numbers")
    }
    var plan = Plan(scene: try root.string("scene"), width: size[0], height: size[1])
    for (index, item) in try root.array("layers").enumerated() {
      try plan.layers.appendDecoded(try PlanReader(item, at: "layers[\(index)]"), index: index, slots: slots)
    }
    let timelineItems = try root.array("timelines")
    let trackItems = try root.array("tracks")
    var ranges: [(reader: PlanReader, end: Int)] = []
    var previousEnd = 0
    for (index, item) in timelineItems.enumerated() {
      let reader = try PlanReader(item, at: "timelines[\(index)]")
      let range = try reader.array("tracks")
      guard range.count == 2 else { throw PlanError(reader.path("tracks"), "expected [first, end]") }
      let first = try PlanReader.integer(range[0], in: 0..<trackItems.count + 1, at: reader.path("tracks[0]"))
      let end = try PlanReader.integer(range[1], in: 0..<trackItems.count + 1, at: reader.path("tracks[1]"))
      guard first == previousEnd, end >= first else {
        throw PlanError(reader.path("tracks"), "timelines must own consecutive, non-overlapping track ranges")
      }
      ranges.append((reader, end))
      previousEnd = end
    }
    guard previousEnd == trackItems.count else {
      throw PlanError("timelines", "the timelines own \(previousEnd) of \(trackItems.count) tracks")
    }
    var kept: [Int] = []
    for (index, item) in trackItems.enumerated() {
      let reader = try PlanReader(item, at: "tracks[\(index)]")
      guard let track = try TrackDecoder.decode(reader, layers: plan.layers, slots: slots, warnings: &warnings) else {
        continue
      }
      plan.tracks.append(track)
      kept.append(index)
    }
    for (reader, end) in ranges {
      let keptEnd = kept.firstIndex { $0 >= end } ?? kept.count
      plan.timelines.append(name: try reader.string("name"), autoplay: try reader.bool("autoplay"), trackEnd: keptEnd)
    }
    if let machineValue = root.object["machine"], !machineValue.isNull {
      plan.machine = try MachineTable(
        json: machineValue, layers: plan.layers, timelineCount: plan.timelines.count, slots: slots)
    }
    if let mapValue = root.object["sourceMap"], !mapValue.isNull {
      let counts = [
        plan.layers.count, trackItems.count, plan.machine?.states.count ?? 0, plan.machine?.transitions.count ?? 0,
      ]
      plan.sourceMap = try SourceMap(json: mapValue, counts: counts, keptTracks: kept)
    }
    return PlanLoad(plan: plan, warnings: warnings)
  }

  /// The plan's slot table: named runs that tile its layers' values from 0, in order.
  private static func decodeSlots(_ root: PlanReader) throws(PlanError) -> [PlanSlot] {
    var slots: [PlanSlot] = []
    var names: Set<String> = []
    for (index, item) in try root.array("slots").enumerated() {
      let reader = try PlanReader(item, at: "slots[\(index)]")
      let name = try reader.string("name")
      let first = try reader.integer("first", in: 0..<Int.max)
      let width = try reader.integer("width", in: 1..<1 << 20)
      guard first == (slots.last.map { $0.first + $0.width } ?? 0) else {
        throw PlanError(reader.path("first"), "slots must follow one another from 0")
      }
      guard names.insert(name).inserted else { throw PlanError(reader.path("name"), "'\(name)' is listed twice") }
      slots.append(PlanSlot(name: name, first: first, width: width, kind: try reader.string("kind")))
    }
    return slots
  }
}

extension LayerTable {
  fileprivate mutating func appendDecoded(_ reader: PlanReader, index: Int, slots: PlanSlotMapping) throws(PlanError) {
    let parentValue = try reader.member("parent")
    let parent = parentValue.isNull ? -1 : try PlanReader.integer(parentValue, in: 0..<index, at: reader.path("parent"))
    guard let type = LayerType(rawValue: try reader.string("type")) else {
      throw PlanError(reader.path("type"), "expected layer, shape, text, gradient or replicator")
    }
    let isMask = try reader.bool("mask")
    if isMask && parent < 0 { throw PlanError(reader.path("mask"), "a mask needs the layer it masks as parent") }
    // Optional (0 when absent): which copy of its replicator superlayer the layer is.
    let replica = reader.object["replica"] == nil ? 0 : try reader.integer("replica", in: 0..<Int.max)
    if replica > 0 && (parent < 0 || types[parent] != .replicator || isMask) {
      throw PlanError(reader.path("replica"), "only a sublayer of a replicator is one of its copies")
    }
    let planValues = try reader.numbers("values")
    guard planValues.count == slots.planCount, planValues.allSatisfy({ $0.isFinite }) else {
      throw PlanError(reader.path("values"), "expected \(slots.planCount) finite numbers, one per slot")
    }
    let values = slots.values(from: planValues[...])
    let path = try Self.path(reader, elements: "pathElements", coordinates: "pathCoordinates")
    let styleReader = try PlanReader(try reader.member("style"), at: reader.path("style"))
    var style = LayerStyle()
    // Every enum is checked as the spec checker checks it: exporters and `sample` trust these words.
    style.fillRule = try styleReader.word("fillRule", as: FillRule.self)
    style.lineCap = try styleReader.word("lineCap", as: LineCap.self)
    style.lineJoin = try styleReader.word("lineJoin", as: LineJoin.self)
    style.lineDashPattern = try styleReader.numbers("lineDashPattern")
    guard style.lineDashPattern.allSatisfy({ $0.isFinite }) else {
      throw PlanError(styleReader.path("lineDashPattern"), "expected finite numbers")
    }
    style.string = try styleReader.string("string")
    style.fontFamily = try styleReader.string("fontFamily")
    style.fontWeight = try styleReader.word("fontWeight", as: FontWeight.self)
    style.alignmentMode = try styleReader.word("alignmentMode", as: AlignmentMode.self)
    var stops: [Double] = []
    if type == .gradient {
      stops = try Self.gradientStops(reader)
      style.gradientType = try reader.word("gradientType", as: GradientType.self)
    }
    // Optional: plans written before shadows existed have no member, and load with none.
    if let shadowPath = styleReader.object["shadowPath"], !shadowPath.isNull {
      let shadowReader = try PlanReader(shadowPath, at: styleReader.path("shadowPath"))
      style.shadowPath = try Self.path(shadowReader, elements: "elements", coordinates: "coordinates")
    }
    let id = try reader.string("id")
    append(
      id: id, parent: parent, type: type, isMask: isMask, values: values, path: path, gradientStops: stops,
      style: style, replica: replica)
  }

  /// A gradient layer's `colors` and `locations` as its list numbers, checked as the spec checker checks them.
  private static func gradientStops(_ reader: PlanReader) throws(PlanError) -> [Double] {
    let colors = try reader.numbers("colors")
    let locations = try reader.numbers("locations")
    guard colors.count == 4 * locations.count, locations.count <= ListLayout.maxStops,
      colors.allSatisfy({ $0.isFinite })
    else {
      throw PlanError(
        reader.path("colors"), "expected 4 finite numbers per location, at most \(ListLayout.maxStops) stops")
    }
    guard locations.allSatisfy({ (0...1).contains($0) }), zip(locations, locations.dropFirst()).allSatisfy(<=) else {
      throw PlanError(reader.path("locations"), "expected numbers from 0 to 1 that never decrease")
    }
    return ListLayout.gradientList(colors: colors, locations: locations)
  }

  /// A path written as a string of element letters and the coordinates they need, all finite.
  private static func path(_ reader: PlanReader, elements key: String, coordinates: String) throws(PlanError)
    -> BezierPath
  {
    var elements: [BezierPath.Element] = []
    for letter in try reader.string(key) {
      guard let element = PlanElementLetters.element(letter) else {
        throw PlanError(reader.path(key), "unknown element '\(letter)'; expected M, L, Q, C or Z")
      }
      elements.append(element)
    }
    let path = BezierPath(elements: elements, coordinates: try reader.numbers(coordinates))
    guard path.coordinates.count == path.expectedCoordinateCount, path.coordinates.allSatisfy({ $0.isFinite }) else {
      throw PlanError(
        reader.path(coordinates), "the elements need \(path.expectedCoordinateCount) finite coordinates")
    }
    return path
  }
}
