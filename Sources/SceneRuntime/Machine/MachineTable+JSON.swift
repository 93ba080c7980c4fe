import SceneCore

/// The machine's JSON form (docs/plan-format.md, "Machine"): members in a fixed order, state values one array per
/// layer (as in `layers`), so equal machines give equal bytes and a person can read a state's pose.
extension MachineTable {
  /// With `states` false, the states' member holds `null`, for a writer that streams them (`appendPrettyJSON`).
  func json(layers: LayerTable, states withStates: Bool = true) -> JSONValue {
    var root = JSONObject()
    root.append("events", .array(events.map { .string($0) }))
    root.append("initial", JSONValue(initial))
    root.append("states", withStates ? .array(states.map { stateJSON($0, layers: layers) }) : .null)
    root.append("transitions", .array(transitions.map(transitionJSON)))
    return root.value
  }

  /// Appends the text `JSONWriter.appendPretty(json(layers:), depth:)` gives, one state at a time: the states hold
  /// every layer's values each (states × layers numbers), and as one tree of `JSONValue`s they took 24 bytes a
  /// number on top of the text (717 MB for an 18-million-number table).
  func appendPrettyJSON(layers: LayerTable, depth: Int, to output: inout [UInt8]) {
    guard case .object(let members) = json(layers: layers, states: false) else { return }
    JSONWriter.appendPrettyObject(members, depth: depth, to: &output) { key, output in
      guard key == "states" else { return false }
      JSONWriter.appendPrettyArray(count: states.count, depth: depth + 1, to: &output) {
        stateJSON(states[$0], layers: layers)
      }
      return true
    }
  }

  private func stateJSON(_ state: State, layers: LayerTable) -> JSONValue {
    var object = JSONObject()
    object.append("name", .string(state.name))
    object.append("loop", state.loop.map { JSONValue($0) } ?? .null)
    object.append("loopLength", PlanNumbers.json(state.loopLength))
    object.append("final", .bool(state.isFinal))
    let stride = SlotLayout.count
    object.append(
      "values", .array((0..<layers.count).map { PlanNumbers.json(state.values[$0 * stride..<($0 + 1) * stride]) }))
    object.append(
      "pathCoordinates",
      .array(
        (0..<layers.count).map {
          PlanNumbers.json(state.pathCoordinates[layers.pathCoordinateStarts[$0]..<layers.pathCoordinateStarts[$0 + 1]])
        }))
    return object.value
  }

  private func transitionJSON(_ transition: Transition) -> JSONValue {
    var object = JSONObject()
    object.append("from", JSONValue(transition.from))
    switch transition.trigger {
    case .event(let index): object.append("trigger", JSONValue(index))
    case .completion: object.append("trigger", "completion")
    }
    object.append("to", JSONValue(transition.to))
    object.append("duration", PlanNumbers.json(transition.duration))
    object.append("timingFunction", PlanNumbers.json(transition.timingFunction.controlPoints))
    // Only on spring transitions, so the plans of other machines keep their bytes.
    if let spring = transition.spring { object.append("spring", PlanNumbers.json(Self.coefficients(spring))) }
    object.append("timeline", transition.timeline.map { JSONValue($0) } ?? .null)
    object.append("discrete", .string(transition.discrete.rawValue))
    object.append("interrupt", .string(transition.interrupt.rawValue))
    object.append("length", PlanNumbers.json(transition.length))
    return object.value
  }
}

/// Loading: every index in range, every number of the right sign, one transition per (from, trigger), so the
/// replay can trust the tables as the sampler trusts the tracks.
extension MachineTable {
  init(json: JSONValue, layers: LayerTable, timelineCount: Int, slots: PlanSlotMapping) throws(PlanError) {
    let reader = try PlanReader(json, at: "machine")
    self.init()
    var declared = Set<String>()  // a set, not a scan of the events so far: linear in the events
    for (index, item) in try reader.array("events").enumerated() {
      guard let name = item.stringValue, !name.isEmpty else {
        throw PlanError(reader.path("events[\(index)]"), "expected a non-empty string")
      }
      guard name != "completion", declared.insert(name).inserted else {
        throw PlanError(reader.path("events[\(index)]"), "'\(name)' is reserved or declared twice")
      }
      events.append(name)
    }
    for (index, item) in try reader.array("states").enumerated() {
      states.append(
        try Self.decodeState(
          try PlanReader(item, at: reader.path("states[\(index)]")), layers: layers, timelineCount: timelineCount,
          slots: slots))
    }
    guard !states.isEmpty else { throw PlanError(reader.path("states"), "a machine needs at least one state") }
    initial = try reader.integer("initial", in: 0..<states.count)
    var seen = TransitionIndex()
    for (index, item) in try reader.array("transitions").enumerated() {
      let transition = try decodeTransition(
        try PlanReader(item, at: reader.path("transitions[\(index)]")), timelineCount: timelineCount)
      guard seen.insert(transition, at: index) else {
        throw PlanError(reader.path("transitions[\(index)]"), "a second transition on the same trigger from one state")
      }
      transitions.append(transition)
    }
  }

  private static func decodeState(
    _ reader: PlanReader, layers: LayerTable, timelineCount: Int, slots: PlanSlotMapping
  ) throws(PlanError) -> State {
    let loop = try optionalIndex(reader, "loop", count: timelineCount)
    let loopLength = try reader.number("loopLength")
    guard loopLength >= 0 else { throw PlanError(reader.path("loopLength"), "expected a number ≥ 0 or \"inf\"") }
    let valueItems = try reader.array("values")
    let pathItems = try reader.array("pathCoordinates")
    guard valueItems.count == layers.count, pathItems.count == layers.count else {
      throw PlanError(reader.location, "values and pathCoordinates need one array per layer (\(layers.count))")
    }
    var values: [Double] = []
    var path: [Double] = []
    for layer in 0..<layers.count {
      let planValues = try finiteNumbers(valueItems[layer], at: reader.path("values[\(layer)]"))
      guard planValues.count == slots.planCount else {
        throw PlanError(reader.path("values[\(layer)]"), "expected \(slots.planCount) numbers, one per slot")
      }
      let expected = layers.pathCoordinateStarts[layer + 1] - layers.pathCoordinateStarts[layer]
      let coordinates = try finiteNumbers(pathItems[layer], at: reader.path("pathCoordinates[\(layer)]"))
      guard coordinates.count == expected else {
        throw PlanError(reader.path("pathCoordinates[\(layer)]"), "expected the layer's \(expected) coordinates")
      }
      values += slots.values(from: planValues[...])
      path += coordinates
    }
    return State(
      name: try reader.string("name"), values: values, pathCoordinates: path, loop: loop, loopLength: loopLength,
      isFinal: try reader.bool("final"))
  }

  private func decodeTransition(_ reader: PlanReader, timelineCount: Int) throws(PlanError) -> Transition {
    let from = try reader.integer("from", in: 0..<states.count)
    let to = try reader.integer("to", in: 0..<states.count)
    let triggerValue = try reader.member("trigger")
    let trigger: Trigger =
      triggerValue == .string("completion")
      ? .completion : .event(try PlanReader.integer(triggerValue, in: 0..<events.count, at: reader.path("trigger")))
    let duration = try reader.number("duration")
    let length = try reader.number("length")
    guard duration.isFinite, duration >= 0, length >= 0 else {
      throw PlanError(reader.location, "duration must be finite and ≥ 0, length ≥ 0 (or \"inf\")")
    }
    let points = try reader.numbers("timingFunction")
    try TrackDecoder.checkTimingFunction(points, at: reader.path("timingFunction"))
    let spring = reader.object["spring"] == nil ? nil : try Self.decodeSpring(reader, duration: duration)
    guard let discrete = DiscreteSwitch(rawValue: try reader.string("discrete")) else {
      throw PlanError(reader.path("discrete"), "expected \"start\" or \"end\"")
    }
    // Optional: plans written before interruptions blended have no member, and load with the default.
    let interruptText = reader.object["interrupt"] == nil ? Interruption.blend.rawValue : try reader.string("interrupt")
    guard let interrupt = Interruption(rawValue: interruptText) else {
      throw PlanError(reader.path("interrupt"), "expected \"blend\" or \"replace\"")
    }
    return Transition(
      from: from, trigger: trigger, to: to, duration: duration,
      timingFunction: TimingFunction(points[0], points[1], points[2], points[3]), spring: spring,
      timeline: try Self.optionalIndex(reader, "timeline", count: timelineCount), discrete: discrete,
      interrupt: interrupt, length: length)
  }

  /// A spring transition's spring as a spring segment's five coefficients: mass, stiffness, damping, initial
  /// velocity, allows overdamping (0 or 1).
  static func coefficients(_ spring: SpringParameters) -> [Double] {
    [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity, spring.allowsOverdamping ? 1 : 0]
  }

  /// `spring` as a track's spring segment is checked, and the transition's duration above 0 (its settling).
  private static func decodeSpring(_ reader: PlanReader, duration: Double) throws(PlanError) -> SpringParameters {
    let numbers = try reader.numbers("spring")
    let location = reader.path("spring")
    guard numbers.count == 5, numbers.allSatisfy(\.isFinite), numbers[4] == 0 || numbers[4] == 1 else {
      throw PlanError(location, "expected [mass, stiffness, damping, initialVelocity, allowsOverdamping (0 or 1)]")
    }
    let spring = SpringParameters(
      mass: numbers[0], stiffness: numbers[1], damping: numbers[2], initialVelocity: numbers[3],
      allowsOverdamping: numbers[4] == 1)
    guard spring.mass > 0, spring.stiffness > 0, spring.damping > 0, spring.naturalFrequency.isFinite,
      spring.naturalFrequency > 0, spring.dampingRatio.isFinite, duration > 0
    else {
      throw PlanError(location, "a spring transition needs mass, stiffness, damping and duration > 0")
    }
    return spring
  }

  private static func optionalIndex(_ reader: PlanReader, _ key: String, count: Int) throws(PlanError) -> Int? {
    let value = try reader.member(key)
    if value.isNull { return nil }
    return try PlanReader.integer(value, in: 0..<count, at: reader.path(key))
  }

  private static func finiteNumbers(_ value: JSONValue, at location: String) throws(PlanError) -> [Double] {
    guard let items = value.arrayValue else { throw PlanError(location, "expected an array") }
    var numbers: [Double] = []
    for (index, item) in items.enumerated() {
      guard case .number(let x) = item, x.isFinite else {
        throw PlanError("\(location)[\(index)]", "expected a finite number")
      }
      numbers.append(x)
    }
    return numbers
  }
}
