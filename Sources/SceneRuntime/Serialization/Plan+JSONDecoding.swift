import SceneCore

/// Loading a plan: every member is checked (types, counts, indices in range), so a malformed plan is an error
/// naming the member, never a crash in the sampler.
extension Plan {
  public init(json: JSONValue) throws(PlanError) {
    let root = try PlanReader(json, at: "")
    guard try root.string("format") == "scenec-plan" else { throw PlanError("format", "expected \"scenec-plan\"") }
    let version = try root.integer("formatVersion", in: 0..<Int.max)
    guard version == Plan.formatVersion else {
      throw PlanError("formatVersion", "version \(version) is not supported (this runtime reads \(Plan.formatVersion))")
    }
    guard try root.integer("slotCount", in: 0..<Int.max) == SlotLayout.count else {
      throw PlanError("slotCount", "expected \(SlotLayout.count)")
    }
    let size = try root.numbers("size")
    guard size.count == 2, size.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
      throw PlanError("size", "expected [width, height], two finite non-negative numbers")
    }
    self.init(scene: try root.string("scene"), width: size[0], height: size[1])
    for (index, item) in try root.array("layers").enumerated() {
      try layers.appendDecoded(try PlanReader(item, at: "layers[\(index)]"), index: index)
    }
    let timelineItems = try root.array("timelines")
    let trackItems = try root.array("tracks")
    for (index, item) in timelineItems.enumerated() {
      let reader = try PlanReader(item, at: "timelines[\(index)]")
      let range = try reader.array("tracks")
      guard range.count == 2 else { throw PlanError(reader.path("tracks"), "expected [first, end]") }
      let first = try PlanReader.integer(range[0], in: 0..<trackItems.count + 1, at: reader.path("tracks[0]"))
      let end = try PlanReader.integer(range[1], in: 0..<trackItems.count + 1, at: reader.path("tracks[1]"))
      guard first == timelines.trackStarts.last!, end >= first else {
        throw PlanError(reader.path("tracks"), "timelines must own consecutive, non-overlapping track ranges")
      }
      timelines.append(name: try reader.string("name"), autoplay: try reader.bool("autoplay"), trackEnd: end)
    }
    guard timelines.trackStarts.last! == trackItems.count else {
      throw PlanError("timelines", "the timelines own \(timelines.trackStarts.last!) of \(trackItems.count) tracks")
    }
    for (index, item) in trackItems.enumerated() {
      tracks.append(try TrackDecoder.decode(try PlanReader(item, at: "tracks[\(index)]"), layers: layers))
    }
    if let machineValue = root.object["machine"], !machineValue.isNull {
      machine = try MachineTable(json: machineValue, layers: layers, timelineCount: timelines.count)
    }
  }
}

extension LayerTable {
  fileprivate mutating func appendDecoded(_ reader: PlanReader, index: Int) throws(PlanError) {
    let parentValue = try reader.member("parent")
    let parent = parentValue.isNull ? -1 : try PlanReader.integer(parentValue, in: 0..<index, at: reader.path("parent"))
    guard let type = LayerType(rawValue: try reader.string("type")) else {
      throw PlanError(reader.path("type"), "expected layer, shape or text")
    }
    let isMask = try reader.bool("mask")
    if isMask && parent < 0 { throw PlanError(reader.path("mask"), "a mask needs the layer it masks as parent") }
    let values = try reader.numbers("values")
    guard values.count == SlotLayout.count, values.allSatisfy(\.isFinite) else {
      throw PlanError(reader.path("values"), "expected \(SlotLayout.count) finite numbers")
    }
    var elements: [BezierPath.Element] = []
    for letter in try reader.string("pathElements") {
      guard let element = PlanElementLetters.element(letter) else {
        throw PlanError(reader.path("pathElements"), "unknown element '\(letter)'; expected M, L, Q, C or Z")
      }
      elements.append(element)
    }
    let path = BezierPath(elements: elements, coordinates: try reader.numbers("pathCoordinates"))
    guard path.coordinates.count == path.expectedCoordinateCount, path.coordinates.allSatisfy(\.isFinite) else {
      throw PlanError(
        reader.path("pathCoordinates"), "the elements need \(path.expectedCoordinateCount) finite coordinates")
    }
    let styleReader = try PlanReader(try reader.member("style"), at: reader.path("style"))
    var style = LayerStyle()
    // Every enum is checked as the spec checker checks it: exporters and `sample` trust these words.
    style.fillRule = FillRule(rawValue: try styleReader.word("fillRule", in: FillRule.words)) ?? style.fillRule
    style.lineCap = LineCap(rawValue: try styleReader.word("lineCap", in: LineCap.words)) ?? style.lineCap
    style.lineJoin = LineJoin(rawValue: try styleReader.word("lineJoin", in: LineJoin.words)) ?? style.lineJoin
    style.lineDashPattern = try styleReader.numbers("lineDashPattern")
    guard style.lineDashPattern.allSatisfy(\.isFinite) else {
      throw PlanError(styleReader.path("lineDashPattern"), "expected finite numbers")
    }
    style.string = try styleReader.string("string")
    style.fontFamily = try styleReader.string("fontFamily")
    style.fontWeight = FontWeight(rawValue: try styleReader.word("fontWeight", in: FontWeight.words)) ?? style.fontWeight
    style.alignmentMode =
      AlignmentMode(rawValue: try styleReader.word("alignmentMode", in: AlignmentMode.words)) ?? style.alignmentMode
    let id = try reader.string("id")
    append(id: id, parent: parent, type: type, isMask: isMask, values: values, path: path, style: style)
  }
}
