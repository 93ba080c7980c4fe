import SceneCore

/// The plan's JSON form (docs/plan-format.md): members in a fixed order, so equal plans give equal bytes.
extension Plan {
  public func json() -> JSONValue {
    json(tracks: .array((0..<tracks.count).map(trackJSON)))
  }

  /// The bytes of `JSONWriter(style: .pretty).bytes(from: json())`, written without building the whole tree: the
  /// tracks (nearly all of a large plan) are turned into JSON one at a time, so peak memory holds one track's
  /// tree besides the output rather than all of them.
  public func prettyJSONBytes() -> [UInt8] {
    var output: [UInt8] = []
    // Reserved for the longest text the numbers can take (a growing array briefly holds two copies of a text ~5×
    // the spec); capacity never written is never touched, so it costs address space, not memory.
    let numbers =
      tracks.values.count + tracks.keyTimes.count + tracks.coefficients.count + tracks.stages.count
      + tracks.segmentKinds.count + layers.values.count + layers.pathCoordinates.count
    output.reserveCapacity(26 * numbers + 4096 * (tracks.count + layers.count) + 65536)
    guard case .object(let members) = json(tracks: .array([])) else { return output }
    output.append(contentsOf: "{\n".utf8)
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { output.append(contentsOf: ",\n".utf8) }
      JSONWriter.appendIndent(1, to: &output)
      JSONWriter.appendString(key, to: &output)
      output.append(contentsOf: ": ".utf8)
      guard key == "tracks", tracks.count > 0 else {
        JSONWriter.appendPretty(value, depth: 1, to: &output)
        continue
      }
      output.append(contentsOf: "[\n".utf8)
      for track in 0..<tracks.count {
        if track > 0 { output.append(contentsOf: ",\n".utf8) }
        JSONWriter.appendIndent(2, to: &output)
        JSONWriter.appendPretty(trackJSON(track), depth: 2, to: &output)
      }
      output.append(UInt8(ascii: "\n"))
      JSONWriter.appendIndent(1, to: &output)
      output.append(UInt8(ascii: "]"))
    }
    output.append(contentsOf: "\n}".utf8)
    return output
  }

  private func json(tracks trackList: JSONValue) -> JSONValue {
    var root = JSONObject()
    root.append("format", "scenec-plan")
    root.append("formatVersion", JSONValue(Plan.formatVersion))
    root.append("scene", .string(scene))
    root.append("size", PlanNumbers.json([width, height]))
    root.append("slotCount", JSONValue(SlotLayout.count))
    root.append("layers", .array((0..<layers.count).map(layerJSON)))
    root.append("timelines", .array((0..<timelines.count).map(timelineJSON)))
    root.append("tracks", trackList)
    // Only interactive scenes carry the member, so the plans of other scenes are unchanged.
    if let machine { root.append("machine", machine.json(layers: layers)) }
    return root.value
  }

  private func layerJSON(_ index: Int) -> JSONValue {
    let style = layers.styles[index]
    let path = layers.path(of: index)
    var layer = JSONObject()
    layer.append("id", .string(layers.ids[index]))
    layer.append("parent", layers.parents[index] < 0 ? .null : JSONValue(layers.parents[index]))
    layer.append("type", .string(layers.types[index].rawValue))
    layer.append("mask", .bool(layers.isMask[index]))
    layer.append("values", PlanNumbers.json(layers.modelValues(of: index)))
    layer.append("pathElements", .string(String(path.elements.map(PlanElementLetters.letter))))
    layer.append("pathCoordinates", PlanNumbers.json(path.coordinates))
    layer.append(
      "style",
      [
        "fillRule": .string(style.fillRule.rawValue), "lineCap": .string(style.lineCap.rawValue), "lineJoin": .string(style.lineJoin.rawValue),
        "lineDashPattern": PlanNumbers.json(style.lineDashPattern), "string": .string(style.string),
        "fontFamily": .string(style.fontFamily), "fontWeight": .string(style.fontWeight.rawValue),
        "alignmentMode": .string(style.alignmentMode.rawValue),
      ])
    return layer.value
  }

  private func timelineJSON(_ index: Int) -> JSONValue {
    [
      "name": .string(timelines.names[index]), "autoplay": .bool(timelines.autoplay[index]),
      "tracks": PlanNumbers.json([timelines.trackStarts[index], timelines.trackStarts[index + 1]]),
    ]
  }

  private func trackJSON(_ index: Int) -> JSONValue {
    let track = tracks.track(index)
    var object = JSONObject()
    object.append("keyPath", .string(track.keyPath))
    object.append("layer", JSONValue(track.layer))
    object.append("slot", track.slot < 0 ? .string("path") : JSONValue(track.slot))
    object.append("components", JSONValue(track.components))
    object.append("flags", .array(TrackFlags.names.filter { track.flags.contains($0.1) }.map { .string($0.0) }))
    let stageCount = track.stages.count / TimeStage.stride
    object.append(
      "stages",
      .array((0..<stageCount).map { stageJSON(Array(track.stages[$0 * TimeStage.stride..<($0 + 1) * TimeStage.stride])) }))
    object.append("keyTimes", PlanNumbers.json(track.keyTimes))
    object.append("values", PlanNumbers.json(track.values))
    object.append("segmentKinds", PlanNumbers.json(track.segmentKinds.map { Int($0) }))
    object.append("coefficients", PlanNumbers.json(track.coefficients.flatMap { $0 }))
    return object.value
  }

  private func stageJSON(_ s: [Double]) -> JSONValue {
    let flags = TimeStage.Flags(rawValue: Int(s[TimeStage.flags]))
    let curve: JSONValue = s[TimeStage.eased] != 0 ? PlanNumbers.json(s[TimeStage.curve..<TimeStage.stride]) : "linear"
    return [
      "beginTime": PlanNumbers.json(s[TimeStage.beginTime]), "speed": PlanNumbers.json(s[TimeStage.speed]),
      "timeOffset": PlanNumbers.json(s[TimeStage.timeOffset]), "duration": PlanNumbers.json(s[TimeStage.duration]),
      "cycle": PlanNumbers.json(s[TimeStage.cycle]), "activeDuration": PlanNumbers.json(s[TimeStage.activeDuration]),
      "autoreverses": .bool(flags.contains(.autoreverses)), "fillsBackwards": .bool(flags.contains(.fillsBackwards)),
      "fillsForwards": .bool(flags.contains(.fillsForwards)), "removed": .bool(flags.contains(.removed)),
      "timingCurve": curve,
    ]
  }
}

/// One letter per path element in a plan: M move, L line, Q quad, C cubic, Z close.
enum PlanElementLetters {
  static func letter(_ element: BezierPath.Element) -> Character {
    switch element {
    case .move: return "M"
    case .line: return "L"
    case .quad: return "Q"
    case .cubic: return "C"
    case .close: return "Z"
    }
  }

  static func element(_ letter: Character) -> BezierPath.Element? {
    switch letter {
    case "M": return .move
    case "L": return .line
    case "Q": return .quad
    case "C": return .cubic
    case "Z": return .close
    default: return nil
    }
  }
}
