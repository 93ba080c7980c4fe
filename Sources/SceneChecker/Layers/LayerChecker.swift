import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Checks `layers` (and `sublayers`, `mask`), expanding repeats into instances.
struct LayerChecker {
  let context: CheckContext
  /// Every layer instance in paint order.
  var layers: [LayerInstance] = []
  /// Their model values, `SlotLayout.count` per layer (`Scene.slotValues`).
  var slotValues: [Double] = []
  /// Instances of each written id, in order: `fan` → [fan[0] … fan[5]].
  var instancesByID = InstancesByID()
  /// Where each id is first written.
  var idSpans: [String: Span] = [:]
  /// The loop variable bound around each instance, by instance index (for timeline expressions).
  var bindings: [Int: [String: Quantity]] = [:]
  /// The copies a replicator draws of each sublayer, by the sublayer's own id (`dot` → dot, dot~1, …): a target
  /// naming the sublayer animates them all.
  var replicasByID: [String: [Int]] = [:]
  /// Replicators (by layer id) built with more copies than their model count: the largest count an animation or
  /// pose of theirs writes (`ReplicaReach`), found by a first pass over the timelines and states.
  var builtCounts: [String: Int] = [:]
  private var reportedLayerLimit = false

  init(context: CheckContext) { self.context = context }

  /// Room for `count` layers (the top-level list's length: repeats and sublayers add more, and grow from there).
  /// The layer list grown by doubling copied its 40,000 instances through fresh pages (2,200 page faults on the
  /// 20 MB many-small spec), and the id tables rehashed every key at each doubling.
  mutating func reserveCapacity(_ count: Int) {
    layers.reserveCapacity(count)
    slotValues.reserveCapacity(count * SlotLayout.count)
    instancesByID.reserveCapacity(count)
    idSpans.reserveCapacity(count)
  }

  private var document: YAMLDocument { context.document }

  private static let allLayerKeys: [SchemaKey] =
    SpecSchema.layerStructure + LayerProperty.all.map(SpecSchema.propertyKey)
  /// A mask's id is optional: it defaults to `<parent id>-mask`.
  private static let maskKeys: [SchemaKey] = allLayerKeys.map {
    $0.name == "id" ? SchemaKey("id", .name, $0.summary) : $0
  }
  /// The property each key of `allLayerKeys` (and `maskKeys`, in the same order) names, by schema index: a layer's
  /// keys find their property through `Fields.schemaIndices` instead of hashing their text (`LayerProperty.named`).
  private static let keyProperties: [LayerProperty?] = allLayerKeys.map { LayerProperty.named($0.name) }
  private static let allLayerTable = SchemaTable(allLayerKeys)
  private static let maskTable = SchemaTable(maskKeys, sameLayoutAs: allLayerTable)
  /// The keys checking a layer asks for, as keys of both tables: compared as integers, not names.
  private enum Key {
    static let type = allLayerTable.key("type")
    static let id = allLayerTable.key("id")
    static let mask = allLayerTable.key("mask")
    static let `repeat` = allLayerTable.key("repeat")
    static let `as` = allLayerTable.key("as")
    static let sublayers = allLayerTable.key("sublayers")
    static let frame = allLayerTable.key("frame")
    static let position = allLayerTable.key("position")
    static let bounds = allLayerTable.key("bounds")
    static let locations = allLayerTable.key("locations")
    /// What `frame` conflicts with.
    static let placing = [("position", position), ("bounds", bounds)]
  }
  /// Parallel to `keyProperties`: the layer types each key's property belongs to, one bit per `LayerType` case, so
  /// that checking a key against the layer's type tests a bit instead of hashing into the property's set.
  private static let keyTypeBits: [UInt32] = keyProperties.map { property in
    guard let property else { return 0 }
    return LayerType.allCases.indices.reduce(0) { bits, index in
      property.layerTypes.contains(LayerType.allCases[index]) ? bits | 1 << UInt32(index) : bits
    }
  }
  private static func typeBit(_ type: LayerType) -> UInt32 { 1 << UInt32(LayerType.allCases.firstIndex(of: type)!) }

  mutating func checkList(
    _ node: YAMLNode, parent: Int?, suffix: String, replica: ReplicaPlace = .none, depth: Int
  ) {
    guard context.expectSequence(node, what: "a list of layers") else { return }
    if depth > context.limits.maxNesting {
      context.error(
        CheckDiagnostics.nestingTooDeep, "sublayers nested deeper than \(context.limits.maxNesting) levels",
        at: Span(start: context.span(node).start, end: context.span(node).start + 1),
        help: "flatten the layer tree, or raise the limit with --max-nesting")
      return
    }
    for item in document.items(node) {
      checkLayer(item, parent: parent, suffix: suffix, replica: replica, isMask: false, depth: depth)
    }
  }

  /// Checks one layer entry; `suffix` is the instance suffix of the enclosing repeats (`[2]`), `replica` the copy
  /// of the enclosing replicators this visit draws.
  mutating func checkLayer(
    _ node: YAMLNode, parent: Int?, suffix: String, replica: ReplicaPlace = .none, isMask: Bool, depth: Int
  ) {
    guard
      let fields = context.fields(
        of: node, table: isMask ? Self.maskTable : Self.allLayerTable, place: isMask ? "a mask layer" : "a layer")
    else { return }
    var type = LayerType.layer
    if let typeNode = fields.value(Key.type) {
      guard !context.reportUnsupportedLayerType(typeNode),
        let word = context.word(typeNode, cases: LayerType.allCases.map(\.rawValue), what: "a layer type")
      else {
        return
      }
      type = LayerType(rawValue: word) ?? .layer
    }
    var baseID: String
    var idSpan: Span
    if let idNode = fields.value(Key.id) {
      guard let id = context.name(idNode, what: "layer id") else { return }
      baseID = id
      idSpan = context.span(idNode)
    } else if isMask, let parent {
      baseID = "\(layers[parent].baseID)-mask"
      idSpan = context.keyAnchor(node)
    } else {
      return  // `fields(of:)` has reported the missing id.
    }
    // A layer inside a repeated parent is visited once per parent instance, always at the same span. One hash of
    // the id for the lookup and the entry both: the first span is put back in the rare case of a duplicate.
    if let first = idSpans.updateValue(idSpan, forKey: baseID), first != idSpan {
      idSpans[baseID] = first
      context.error(
        CheckDiagnostics.duplicateID, "a layer with id '\(baseID)' already exists", at: idSpan,
        labels: [.init("first defined here", at: first)], help: "give each layer a unique id")
      return
    }
    checkTypeMembership(fields, type: type)
    if isMask, let maskEntry = fields.entry(Key.mask) {
      context.error(
        CheckDiagnostics.maskWithSublayers, "a mask layer cannot have a mask of its own",
        at: context.span(maskEntry.key),
        help: "mask the layer that owns this mask instead, or combine the two shapes in one path")
    }

    var count = 1
    var loopName = "i"
    let repeated = fields.has(Key.`repeat`)
    if let repeatNode = fields.value(Key.`repeat`) {
      if isMask, let repeatEntry = fields.entry(Key.`repeat`) {
        context.error(
          CheckDiagnostics.maskWithSublayers, "a mask layer cannot be repeated", at: context.span(repeatEntry.key),
          help: "a layer has one mask; draw several shapes in the mask's path instead")
        return
      }
      guard let value = context.number(repeatNode, unit: Unit.none) else { return }
      // Compared as a double no larger than 2^52, so the count converts to an Int exactly whatever the limit.
      let limit = Double(min(context.limits.maxRepeat, 1 << 52))
      guard value == value.rounded(), value >= 0, value <= limit else {
        let overLimit = value == value.rounded() && value > limit
        context.error(
          CheckDiagnostics.badRepeat,
          "repeat must be a whole number from 0 to \(context.limits.maxRepeat), found "
            + MessageNumber.text(value, outside: { $0 == $0.rounded() && $0 >= 0 && $0 <= limit }),
          at: context.span(repeatNode),
          help: overLimit
            ? "raise the limit with --max-repeat if the count is meant" : "write a whole number of instances, such as 6"
        )
        return
      }
      count = Int(value)
      if let asNode = fields.value(Key.`as`) {
        guard let name = context.name(asNode, what: "loop variable") else { return }
        guard context.checkNotShadowing(name, at: context.span(asNode)),
          context.checkLetName(name, at: context.span(asNode), what: "the loop variable")
        else { return }
        context.warnIfHidingLet(loopVariable: name, at: context.span(asNode))
        loopName = name
      }
    } else if let asNode = fields.value(Key.`as`) {
      context.error(
        CheckDiagnostics.misplacedKey, "'as' names the loop variable of `repeat`, which this layer lacks",
        at: context.span(asNode), help: "add `repeat: N`, or remove `as`")
    }

    let outerNames = context.environment.names
    defer { context.environment.names = outerNames }
    // A single instance needs no reservation (its first append allocates as much), nor a second hash of the id; a
    // layer repeated 0 times still gets its (empty) entry, which targets of it are told about.
    // Reserved for no more instances than the layer limit leaves room for: a count raised with --max-repeat is
    // still cut there.
    if count != 1 {
      let room = max(0, context.limits.maxLayers - layers.count) + 1
      instancesByID.makeList(for: baseID, reserving: min(count, room))
    }
    for instance in 0..<count {
      if repeated { context.environment.names[loopName] = Quantity(Double(instance), .none) }
      let instanceSuffix = repeated ? suffix + "[\(instance)]" : suffix
      guard layers.count < context.limits.maxLayers else {
        if !reportedLayerLimit {
          reportedLayerLimit = true
          context.error(
            CheckDiagnostics.tooManyLayers, "the scene has more than \(context.limits.maxLayers) layer instances",
            at: idSpan, help: "raise the limit with --max-layers if the scene is meant to be this large")
        }
        return
      }
      // Most layers are neither repeated nor a replicator's copy: their id is the base id, with no string joined.
      let copySuffix = replica.suffix
      let id = instanceSuffix.isEmpty && copySuffix.isEmpty ? baseID : baseID + instanceSuffix + copySuffix
      var layer = LayerInstance(
        id: id, baseID: baseID, instanceIndex: repeated ? instance : nil,
        type: type, parent: parent, isMask: isMask, span: context.span(node), idSpan: idSpan)
      layer.replicaIndex = replica.index
      layer.replicaDelay = replica.delay
      let index = layers.count
      slotValues.append(contentsOf: SlotLayout.defaults)
      applyProperties(fields, to: &layer, values: index * SlotLayout.count)
      layers.append(layer)
      instancesByID.append(index, of: baseID)
      if !replica.path.isEmpty { replicasByID[baseID + instanceSuffix, default: []].append(index) }
      // Kept only when some name is bound: a missing binding reads as none (`bindings[index] ?? [:]`), and most
      // layers bind nothing, so this saves a dictionary and an insertion per layer.
      if !context.environment.names.isEmpty {
        let binding = context.environment.names.filter { outerNames[$0.key] == nil || $0.key == loopName }
        if !binding.isEmpty { bindings[index] = binding }
      }
      // A mask is in its layer's coordinates and time: the same copy, not one of its own.
      if let maskNode = fields.value(Key.mask), !isMask {
        checkLayer(
          maskNode, parent: index, suffix: instanceSuffix, replica: replica.sameCopy, isMask: true, depth: depth + 1)
      }
      guard let sublayers = fields.value(Key.sublayers) else { continue }
      guard type == .replicator else {
        checkList(sublayers, parent: index, suffix: instanceSuffix, replica: replica.sameCopy, depth: depth + 1)
        continue
      }
      // CAReplicatorLayer draws every sublayer once per copy, copy by copy (instance-major order).
      let copies = max(Int(value(SlotLayout.instanceCount, of: index)), builtCounts[layer.id] ?? 0)
      let delay = value(SlotLayout.instanceDelay, of: index)
      // Past the layer limit (reported once) no copy can be added: stop, instead of trying each of a count
      // raised with --max-instance-count.
      for copy in 0..<copies where !reportedLayerLimit {
        checkList(
          sublayers, parent: index, suffix: instanceSuffix, replica: replica.copy(copy, delay: delay),
          depth: depth + 1)
      }
    }
  }

  /// Properties that exist, but not on this layer's type.
  private func checkTypeMembership(_ fields: Fields, type: LayerType) {
    let typeBit = Self.typeBit(type)
    for position in 0..<fields.count where Self.keyTypeBits[fields.schemaIndex(at: position)] & typeBit == 0 {
      guard let property = Self.keyProperties[fields.schemaIndex(at: position)] else { continue }
      let key = fields.key(at: position)
      let entry = fields.entry(at: fields.lastPosition(sameAs: position))
      let owner = property.layerTypes.sorted { $0.rawValue < $1.rawValue }.map(\.rawValue).joined(separator: " or ")
      context.error(
        CheckDiagnostics.wrongLayerType, "'\(key)' is a property of \(owner) layers, and this is \(type.phrase)",
        at: context.span(entry.key), help: "add `type: \(owner.split(separator: " ").first ?? "")`, or remove '\(key)'")
    }
  }

  /// One slot of layer `index`'s model values.
  func value(_ slot: Int, of index: Int) -> Double { slotValues[index * SlotLayout.count + slot] }

  /// The components of an animatable property or key path of layer `index`, as `Scene.value(of:layer:)` reads
  /// them.
  func value(of keyPath: AnimatableKeyPath, layer index: Int) -> [Double] {
    Scene.value(of: keyPath, layer: layers[index], values: slotValues, at: index * SlotLayout.count)
  }

  /// Evaluates the layer's properties (in the current loop binding) into its model values, which start at
  /// `base` in `slotValues`.
  private mutating func applyProperties(_ fields: Fields, to layer: inout LayerInstance, values base: Int) {
    // A list already reported is not compared with the other (E0230 would only repeat the error).
    var stopsUnread = false
    let typeBit = Self.typeBit(layer.type)
    for position in 0..<fields.count where Self.keyTypeBits[fields.schemaIndex(at: position)] & typeBit != 0 {
      guard let property = Self.keyProperties[fields.schemaIndex(at: position)] else { continue }
      let node = fields.entry(at: fields.lastPosition(sameAs: position)).value
      switch property.kind {
      case .path:
        guard let path = context.pathValue(node) else { continue }
        if property.key == .shadowPath { layer.style.shadowPath = path } else { layer.path = path }
      case .enumeration:
        let key = fields.key(at: position)  // for the message only: a string retained per key otherwise
        guard let word = context.word(node, cases: property.cases, what: "a value of \(key)") else { continue }
        layer.style.setWord(word, of: property.key)
      case .string:
        if let text = context.text(node) { layer.style.string = text }
      case .font:
        if let font = context.font(node) {
          layer.style.fontFamily = font.0
          layer.style.fontWeight = FontWeight(rawValue: font.1) ?? .regular
        }
      case .numberList:
        if let list = context.numberList(node) { layer.style.lineDashPattern = list }
      case .colorList, .locationList:
        guard let list = context.components(node, kind: property.kind) else {
          stopsUnread = true
          continue
        }
        if property.key == .colors { layer.colors = list } else { layer.locations = list }
      default:
        // One bounded number (most of a layer's keys): written into its slot, with no array per value.
        if property.key != .instanceCount, let range = CheckContext.numberRange(of: property) {
          if let value = context.number(node, property: property, range: range), let slot = property.slot {
            slotValues[base + slot] = value
          }
          continue
        }
        if let slot = property.slot, context.writeLiteral(node, property: property, into: &slotValues, at: base + slot)
        {
          continue
        }
        let value =
          property.key == .instanceCount
          ? context.instanceCount(node).map { [$0] } : context.propertyValue(node, property: property)
        guard let slot = property.slot, let value else { continue }
        slotValues.replaceSubrange(base + slot..<base + slot + value.count, with: value)
      }
    }
    applyFrame(fields, values: base)
    if layer.type == .gradient {
      context.finishGradient(&layer, fields: fields, locationsGiven: fields.has(Key.locations), compare: !stopsUnread)
    }
  }

  /// `frame` sets position and bounds as CALayer.frame does with an identity transform.
  private mutating func applyFrame(_ fields: Fields, values base: Int) {
    guard let frameNode = fields.value(Key.frame) else { return }
    for (other, key) in Key.placing {
      if let entry = fields.entry(key) {
        context.error(
          CheckDiagnostics.conflictingKeys, "'\(other)' and 'frame' both place the layer", at: context.span(entry.key),
          labels: [.init("frame given here", at: context.span(frameNode))],
          help: "give either frame, or position and bounds")
        return
      }
    }
    guard
      let frame = context.literalVector(frameNode, count: 4) ?? context.vector(frameNode, kind: .rect).map(SIMD4.init)
    else { return }
    guard frame[2] >= 0, frame[3] >= 0 else {
      context.error(CheckDiagnostics.outOfRange, "a frame's width and height must be ≥ 0", at: context.span(frameNode))
      return
    }
    let anchorX = slotValues[base + SlotLayout.anchorPoint]
    let anchorY = slotValues[base + SlotLayout.anchorPoint + 1]
    let position = [frame[0] + anchorX * frame[2], frame[1] + anchorY * frame[3]]
    // Finite numbers whose position is not: a plan cannot hold it (E0309).
    for (axis, value) in position.enumerated() where !value.isFinite {
      let (name, size) = axis == 0 ? ("x", "width") : ("y", "height")
      let terms = [frame[axis], slotValues[base + SlotLayout.anchorPoint + axis], frame[2 + axis]]
        .map(MessageNumber.text)
      context.error(
        CheckDiagnostics.valueOverflows,
        "the frame's position.\(name) overflows: \(name) + anchorPoint.\(name) × \(size) = \(terms[0]) + "
          + "\(terms[1]) × \(terms[2]) is \(MessageNumber.text(value)), beyond ±1.8e308",
        at: context.span(frameNode), help: "use smaller numbers in the frame (or the anchorPoint)")
      return
    }
    slotValues[base + SlotLayout.bounds + 2] = frame[2]
    slotValues[base + SlotLayout.bounds + 3] = frame[3]
    slotValues[base + SlotLayout.position] = position[0]
    slotValues[base + SlotLayout.position + 1] = position[1]
  }
}

extension CheckContext {
  /// A layer property's value, within the range the property table gives it.
  func propertyValue(_ node: YAMLNode, property: LayerProperty) -> [Double]? {
    if let range = Self.numberRange(of: property) {
      return number(node, property: property, range: range).map { [$0] }
    }
    guard let value = components(node, kind: property.kind) else { return nil }
    if property.kind == .rect, let range = property.range,
      !(range.contains(value[2]) && range.contains(value[3]))
    {
      error(
        CheckDiagnostics.outOfRange, "\(property.name)' width and height \(Self.rangePhrase(range))", at: span(node))
      return nil
    }
    return value
  }

  /// The range of a property that is one bounded number; nil for the others.
  static func numberRange(of property: LayerProperty) -> ValueRange? {
    guard property.kind.componentCount == 1, property.kind != .bool else { return nil }
    return property.range
  }

  /// "goes from 0 to 1", "must be ≥ 0", "must be a whole number ≥ 1".
  static func rangePhrase(_ range: ValueRange) -> String {
    let whole = range.integer ? " a whole number" : ""
    if range.isBoundedAbove {
      return range.integer
        ? "must be\(whole) from \(NumberFormatting.shortest(range.lowerBound)) to "
          + NumberFormatting.shortest(range.upperBound)
        : "goes from \(NumberFormatting.shortest(range.lowerBound)) to \(NumberFormatting.shortest(range.upperBound))"
    }
    return "must be\(whole) ≥ \(NumberFormatting.shortest(range.lowerBound))"
  }

  /// One number of `property`, refused outside `range` (and when not whole, for an integer range).
  func number(_ node: YAMLNode, property: LayerProperty, range: ValueRange) -> Double? {
    // Built only for a message: formatting the range's numbers cost more than reading the value.
    func rangeText() -> String { "\(property.name) \(Self.rangePhrase(range))" }
    guard let value = number(node, unit: Unit.none, in: range.closedRange, rangeText: rangeText()) else { return nil }
    guard range.contains(value) else {
      let text = rangeText()
      error(
        CheckDiagnostics.outOfRange, "\(MessageNumber.text(value, outside: range.contains)) is out of range: \(text)",
        at: span(node), help: "give a value where \(text)")
      return nil
    }
    return value
  }

  /// Reads a one-number key path's value as `keyPathValue` does, but as a number rather than a one-element array
  /// (keyframe lists hold millions of them); nil when the key path's values are not single numbers.
  func singleNumberReader(keyPath: AnimatableKeyPath, rangeProperty: LayerProperty?) -> ((YAMLNode) -> Double?)? {
    if keyPath.kind == .angle { return { self.angle($0) } }
    if rangeProperty?.key == .instanceCount { return { self.instanceCount($0) } }
    if let property = rangeProperty, let range = Self.numberRange(of: property) {
      return { self.number($0, property: property, range: range) }
    }
    switch rangeProperty?.kind ?? keyPath.kind {
    case .number: return { self.number($0, unit: Unit.none) }
    case .duration: return { self.number($0, unit: .time, what: "a duration") }
    default: return nil
    }
  }

  /// Names that a `let` or a loop variable may not take: built-in names, functions and colour names.
  func checkNotShadowing(_ name: String, at span: Span) -> Bool {
    let builtIn = ["pi", "width", "height"].contains(name) || Expression.functionNames.contains(name)
    let colour = NamedColors.names.contains(name)
    guard builtIn || colour else { return true }
    error(
      CheckDiagnostics.shadowedName, "'\(name)' would hide the \(colour ? "colour" : "built-in name") '\(name)'",
      at: span,
      help: "choose another name")
    return false
  }
}
