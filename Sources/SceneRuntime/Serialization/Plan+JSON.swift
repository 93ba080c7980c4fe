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
    let stateNumbers = machine.map { $0.states.count * (layers.values.count + layers.pathCoordinates.count) } ?? 0
    let numbers =
      tracks.values.count + tracks.keyTimes.count + tracks.coefficients.count + 11 * tracks.stages.count
      + tracks.segmentKinds.count + layers.values.count + layers.pathCoordinates.count + stateNumbers
    output.reserveCapacity(26 * numbers + 4096 * (tracks.count + layers.count) + 65536)
    guard case .object(let members) = json(tracks: .array([]), machine: false) else { return output }
    JSONWriter.appendPrettyObject(members, depth: 0, to: &output) { key, output in
      switch key {
      case "tracks": JSONWriter.appendPrettyArray(count: tracks.count, depth: 1, to: &output, element: trackJSON)
      case "machine": machine?.appendPrettyJSON(layers: layers, depth: 1, to: &output)
      default: return false
      }
      return true
    }
    return output
  }

  /// With `machine` false, the machine's member holds `null`, for a writer that streams the machine itself (the
  /// member is there only when the plan has a machine).
  private func json(tracks trackList: JSONValue, machine withMachine: Bool = true) -> JSONValue {
    var root = JSONObject()
    root.append("format", "scenec-plan")
    root.append("formatVersion", JSONValue(Plan.formatVersion))
    root.append("scene", .string(scene))
    root.append("size", PlanNumbers.json([width, height]))
    root.append("slots", .array(PlanSlots.current.map(Self.slotJSON)))
    root.append("layers", .array((0..<layers.count).map(layerJSON)))
    root.append("timelines", .array((0..<timelines.count).map(timelineJSON)))
    root.append("tracks", trackList)
    // Only interactive scenes carry the member, so the plans of other scenes are unchanged.
    if let machine { root.append("machine", withMachine ? machine.json(layers: layers) : .null) }
    if let sourceMap { root.append("sourceMap", sourceMap.json()) }
    return root.value
  }

  private static func slotJSON(_ slot: PlanSlot) -> JSONValue {
    var object = JSONObject()
    object.append("name", .string(slot.name))
    object.append("first", JSONValue(slot.first))
    object.append("width", JSONValue(slot.width))
    object.append("kind", .string(slot.kind))
    return object.value
  }

  private func layerJSON(_ index: Int) -> JSONValue {
    let style = layers.styles[index]
    let path = layers.path(of: index)
    var layer = JSONObject()
    layer.append("id", .string(layers.ids[index]))
    layer.append("parent", layers.parents[index] < 0 ? .null : JSONValue(layers.parents[index]))
    layer.append("type", .string(layers.types[index].rawValue))
    layer.append("mask", .bool(layers.isMask[index]))
    // Only a replicator's copies have one, so plans without replicators are as they were.
    if layers.replicas[index] != 0 { layer.append("replica", JSONValue(layers.replicas[index])) }
    layer.append("values", PlanNumbers.json(layers.modelValues(of: index)))
    layer.append("pathElements", .string(String(path.elements.map(PlanElementLetters.letter))))
    layer.append("pathCoordinates", PlanNumbers.json(path.coordinates))
    if layers.types[index] == .gradient {
      let stops = Array(layers.listNumbers(of: index))
      layer.append("colors", PlanNumbers.json(stops[layers.listRange(of: .colors, layer: index)!]))
      layer.append("locations", PlanNumbers.json(stops[layers.listRange(of: .locations, layer: index)!]))
    }
    layer.append(
      "style",
      [
        "fillRule": .string(style.fillRule.rawValue), "lineCap": .string(style.lineCap.rawValue),
        "lineJoin": .string(style.lineJoin.rawValue),
        "lineDashPattern": PlanNumbers.json(style.lineDashPattern), "string": .string(style.string),
        "fontFamily": .string(style.fontFamily), "fontWeight": .string(style.fontWeight.rawValue),
        "alignmentMode": .string(style.alignmentMode.rawValue),
        "shadowPath": style.shadowPath.map { shadowPath in
          [
            "elements": .string(String(shadowPath.elements.map(PlanElementLetters.letter))),
            "coordinates": PlanNumbers.json(shadowPath.coordinates),
          ]
        } ?? .null,
      ])
    if layers.types[index] == .gradient {
      // Only on gradient layers, so the plans of scenes without gradients are as they were.
      layer.append("gradientType", .string(style.gradientType.rawValue))
    }
    return layer.value
  }

  private func timelineJSON(_ index: Int) -> JSONValue {
    [
      "name": .string(timelines.names[index]), "autoplay": .bool(timelines.autoplay[index]),
      "tracks": PlanNumbers.json([timelines.trackStarts[index], timelines.trackStarts[index + 1]]),
    ]
  }

  private func trackJSON(_ index: Int) -> JSONValue {
    var object = JSONObject()
    object.append("keyPath", .string(tracks.keyPaths[index]))
    object.append("layer", JSONValue(tracks.layers[index]))
    // By name, so a reader whose slots lie elsewhere still writes the same property.
    let slot = tracks.slots[index]
    if slot >= 0, let (named, component) = PlanSlots.slot(containing: slot) {
      object.append("slot", .string(named.name))
      object.append("component", JSONValue(component))
    } else {
      // A negative slot writes the layer's list numbers: a path, or a gradient's locations (offset 0) or colours,
      // or the shadowPath's coordinates after them. The keyPath says which (a path and a shadowPath may both
      // start at 0 when the path is empty).
      let keyPath = tracks.keyPaths[index]
      let gradient = layers.types[tracks.layers[index]] == .gradient
      let offset = ListLayout.offset(ofTrackSlot: slot)
      let name =
        keyPath == PropertyName.shadowPath.rawValue
        ? keyPath : gradient ? (offset == 0 ? "locations" : "colors") : "path"
      object.append("slot", .string(name))
      object.append("component", JSONValue(0))
    }
    object.append("components", JSONValue(tracks.components[index]))
    let flags = tracks.flags[index]
    object.append("flags", .array(TrackFlags.names.filter { flags.contains($0.1) }.map { .string($0.0) }))
    object.append("stages", .array(tracks.stages(of: index).map(Self.stageJSON)))
    object.append("keyTimes", PlanNumbers.json(tracks.keyTimes[tracks.keyStarts[index]..<tracks.keyStarts[index + 1]]))
    object.append("values", PlanNumbers.json(tracks.values[tracks.valueStarts[index]..<tracks.valueStarts[index + 1]]))
    let segments = tracks.segmentStarts[index]..<tracks.segmentStarts[index + 1]
    object.append("segmentKinds", PlanNumbers.json(tracks.segmentKinds[segments].map { Int($0) }))
    let coefficients = tracks.coefficientStarts[segments.lowerBound]..<tracks.coefficientStarts[segments.upperBound]
    object.append("coefficients", PlanNumbers.json(tracks.coefficients[coefficients]))
    return object.value
  }

  static func stageJSON(_ stage: TimeStage) -> JSONValue {
    var object = JSONObject()
    object.append("beginTime", PlanNumbers.json(stage.beginTime))
    object.append("speed", PlanNumbers.json(stage.speed))
    object.append("timeOffset", PlanNumbers.json(stage.timeOffset))
    object.append("duration", PlanNumbers.json(stage.duration))
    object.append("cycle", PlanNumbers.json(stage.cycle))
    object.append("activeDuration", PlanNumbers.json(stage.activeDuration))
    object.append(
      "flags", .array(TimeStage.Flags.names.filter { stage.flags.contains($0.1) }.map { .string($0.0) }))
    object.append("timingFunction", PlanNumbers.json(stage.timingFunction.controlPoints))
    return object.value
  }
}

extension TimingFunction {
  /// [x1, y1, x2, y2], as plans store every timing function.
  var controlPoints: [Double] { [x1, y1, x2, y2] }
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
