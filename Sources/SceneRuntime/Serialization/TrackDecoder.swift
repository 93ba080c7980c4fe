import SceneCore

/// Reads and checks one track of a plan's JSON form.
enum TrackDecoder {
  /// The track, or nil (with a warning) when it writes a slot this runtime does not know.
  static func decode(
    _ reader: PlanReader, layers: LayerTable, slots: PlanSlotMapping, warnings: inout [String]
  ) throws(PlanError) -> TrackTable.Track? {
    let layer = try reader.integer("layer", in: 0..<layers.count)
    let slotName = try reader.string("slot")
    let component = try reader.integer("component", in: 0..<1 << 20)
    let slot: Int
    var slotEnd = 0
    let listProperty = [
      "path": PropertyName.path, "colors": .colors, "locations": .locations, "shadowPath": .shadowPath,
    ][slotName]
    if let listProperty {
      guard component == 0 else {
        throw PlanError(reader.path("component"), "a \(slotName) track starts at component 0")
      }
      let owned =
        listProperty == .shadowPath
        ? layers.styles[layer].shadowPath != nil : (listProperty == .path) == (layers.types[layer] != .gradient)
      guard owned else {
        throw PlanError(reader.path("slot"), "'\(slotName)' is not a list of a \(layers.types[layer].rawValue) layer")
      }
      let offset = layers.listRange(of: listProperty, layer: layer)!.lowerBound
      guard offset <= ListLayout.maxTrackOffset else {
        throw PlanError(reader.path("slot"), "a \(slotName) track starts past the list's first 128 numbers")
      }
      slot = ListLayout.trackSlot(offset: offset)
    } else if let known = slots.known[slotName] {
      guard component < known.width else {
        throw PlanError(reader.path("component"), "'\(slotName)' has \(known.width) components")
      }
      slot = known.first + component
      slotEnd = known.first + known.width
    } else {
      warnings.append("\(reader.location): dropped: it writes slot '\(slotName)', unknown to this runtime")
      return nil
    }
    let components = try reader.integer("components", in: 1..<Int.max)
    var flags = TrackFlags()
    for (index, item) in try reader.array("flags").enumerated() {
      guard let name = item.stringValue, let flag = TrackFlags.names.first(where: { $0.0 == name })?.1 else {
        throw PlanError(reader.path("flags[\(index)]"), "unknown flag")
      }
      flags.insert(flag)
    }
    try checkDestination(
      reader, layer: layer, slot: slot, slotEnd: slotEnd, components: components, flags: flags, layers: layers,
      listProperty: listProperty)

    var stages: [TimeStage] = []
    let stageItems = try reader.array("stages")
    guard !stageItems.isEmpty else { throw PlanError(reader.path("stages"), "a track needs at least one stage") }
    for (index, item) in stageItems.enumerated() {
      stages.append(try decodeStage(try PlanReader(item, item: index, of: "stages", in: reader)))
    }

    let keyTimes = try reader.numbers("keyTimes")
    guard keyTimes.count >= 2, keyTimes.allSatisfy({ $0.isFinite }),
      zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 })
    else { throw PlanError(reader.path("keyTimes"), "expected at least two finite, non-decreasing key times") }
    let values = try reader.numbers("values")
    guard values.count % components == 0, values.allSatisfy({ $0.isFinite }) else {
      throw PlanError(reader.path("values"), "expected finite numbers, a multiple of \(components)")
    }
    let valueCount = values.count / components
    let kinds = try reader.integers("segmentKinds", in: 0..<256).map(UInt8.init)
    guard kinds.count == keyTimes.count - 1 else {
      throw PlanError(reader.path("segmentKinds"), "expected one segment per pair of key times (\(keyTimes.count - 1))")
    }
    let flat = try reader.numbers("coefficients")
    guard flat.allSatisfy({ $0.isFinite }) else {
      throw PlanError(reader.path("coefficients"), "expected finite numbers")
    }
    var offset = 0
    for (index, kind) in kinds.enumerated() {
      func location() -> String { reader.itemPath("segmentKinds", index) }
      guard let needed = SegmentKind.coefficientCount(kind, components: components) else {
        throw PlanError(location(), "segment kind \(kind) is unknown or does not fit \(components) components")
      }
      let reads = SegmentKind.readsNextValue(kind) ? index + 2 : index + 1
      guard reads <= valueCount else {
        throw PlanError(location(), "the segment reads value \(reads - 1) of \(valueCount)")
      }
      guard offset + needed <= flat.count else { throw PlanError(reader.path("coefficients"), "too few coefficients") }
      let block = flat[offset..<offset + needed]
      let base = offset + (kind & SegmentKind.eased != 0 ? SegmentKind.easingCount : 0)
      if kind & SegmentKind.eased != 0 {
        try checkTimingFunction(Array(flat[offset..<offset + SegmentKind.easingCount]), at: reader.path("coefficients"))
      }
      let motionKind = kind & SegmentKind.kindMask
      if motionKind == SegmentKind.motion || motionKind == SegmentKind.motionHold {
        guard [0.0, 1, 2, 3].contains(flat[base]) else { throw PlanError(location(), "motion degree must be 0 to 3") }
      }
      if motionKind == SegmentKind.spring {
        // The sampler's closed forms need a finite ω0 > 0 and damping ratio (the checker bounds the spec's).
        let spring = SpringParameters(
          mass: block[offset], stiffness: block[offset + 1], damping: block[offset + 2],
          initialVelocity: block[offset + 3], allowsOverdamping: block[offset + 4] != 0)
        guard spring.mass > 0, spring.stiffness > 0, spring.damping >= 0, spring.naturalFrequency.isFinite,
          spring.naturalFrequency > 0, spring.dampingRatio.isFinite
        else {
          throw PlanError(location(), "a spring needs mass, stiffness > 0 and a finite frequency and damping ratio")
        }
      }
      offset += needed
    }
    guard offset == flat.count else { throw PlanError(reader.path("coefficients"), "too many coefficients") }
    if !flags.isDisjoint(with: TrackFlags.relative) {
      let kind = kinds[0] & SegmentKind.kindMask
      guard kinds.count == 1, kind == SegmentKind.basic || kind == SegmentKind.spring else {
        throw PlanError(reader.path("flags"), "relative tracks are one basic or spring segment")
      }
    }
    return TrackTable.Track(
      keyPath: try reader.string("keyPath"), layer: layer, slot: slot, components: components, flags: flags,
      stages: stages, keyTimes: keyTimes, segmentKinds: kinds, coefficients: flat, values: values)
  }

  private static func checkDestination(
    _ reader: PlanReader, layer: Int, slot: Int, slotEnd: Int, components: Int, flags: TrackFlags,
    layers: LayerTable, listProperty: PropertyName?
  ) throws(PlanError) {
    // Within its named slot: a reader with another layout would otherwise write a neighbouring property.
    if slot < 0 {
      let property = listProperty ?? .path
      let count = layers.listRange(of: property, layer: layer)!.count
      guard components == count, !flags.contains(.broadcast) else {
        throw PlanError(reader.path("components"), "a \(property) track has the layer's \(count) numbers")
      }
    } else if flags.contains(.broadcast) {
      guard components == 1, slot + 3 <= slotEnd else {
        throw PlanError(reader.path("components"), "a broadcast track has one component and three slots")
      }
    } else {
      guard slot + components <= slotEnd else {
        throw PlanError(reader.path("components"), "components \(components) run past the slot's end")
      }
    }
    if !flags.isDisjoint(with: [.rotateAuto, .rotateAutoReverse]) && components != 2 {
      throw PlanError(reader.path("flags"), "rotation modes belong to motion tracks")
    }
  }

  private static func decodeStage(_ reader: PlanReader) throws(PlanError) -> TimeStage {
    let numbers: [Double] = [
      try reader.number("beginTime"), try reader.number("speed"), try reader.number("timeOffset"),
      try reader.number("duration"), try reader.number("cycle"), try reader.number("activeDuration"),
    ]
    guard
      TimeStage.isLoadable(
        beginTime: numbers[0], speed: numbers[1], timeOffset: numbers[2], duration: numbers[3], cycle: numbers[4],
        activeDuration: numbers[5])
    else {
      throw PlanError(
        reader.location,
        "beginTime finite or \"inf\"; speed, timeOffset finite; duration, cycle > 0; activeDuration ≥ 0")
    }
    var flags = TimeStage.Flags()
    for (index, item) in try reader.array("flags").enumerated() {
      guard let name = item.stringValue, let flag = TimeStage.Flags.names.first(where: { $0.0 == name })?.1 else {
        throw PlanError(reader.path("flags[\(index)]"), "unknown flag")
      }
      flags.insert(flag)
    }
    let points = try reader.numbers("timingFunction")
    try checkTimingFunction(points, at: reader.path("timingFunction"))
    return TimeStage(
      beginTime: numbers[0], speed: numbers[1], timeOffset: numbers[2], duration: numbers[3], cycle: numbers[4],
      activeDuration: numbers[5], flags: flags,
      timingFunction: TimingFunction(points[0], points[1], points[2], points[3]))
  }

  /// Control points [x1, y1, x2, y2] as the checker allows them: x in [0, 1] (so X is monotone), y bounded.
  static func checkTimingFunction(_ points: [Double], at location: @autoclosure () -> String) throws(PlanError) {
    let bound = TimingFunction.overshootBound
    guard points.count == 4, (0...1).contains(points[0]), (0...1).contains(points[2]), abs(points[1]) <= bound,
      abs(points[3]) <= bound
    else {
      throw PlanError(location(), "expected control points [x1, y1, x2, y2], x1 and x2 in [0, 1], |y| ≤ \(bound)")
    }
  }
}
