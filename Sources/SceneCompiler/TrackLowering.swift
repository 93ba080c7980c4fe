import SceneCore
import SceneModel
import SceneRuntime

/// One animation leaf → one track: destination, flags and keyframe table.
enum TrackLowering {
  /// Appends the track of `animation` to `tracks`. `shadowOffset`: where the layer's shadowPath coordinates start
  /// in its list numbers (`ListLayout`).
  static func append(
    _ animation: Animation, stages: [TimeStage], shadowOffset: Int, to tracks: inout TrackTable
  ) {
    let keyPath = animation.keyPath
    var flags = TrackFlags()
    if keyPath.broadcast { flags.insert(.broadcast) }
    if animation.additive { flags.insert(.additive) }
    if animation.cumulative { flags.insert(.cumulative) }
    if keyPath.isDiscrete { flags.insert(.discrete) }
    var table: KeyframeTable
    switch animation.content {
    case .basic(let values):
      table = endpoints(values, flags: &flags, kind: SegmentKind.basic, coefficients: [])
    case .spring(let spring, let values):
      let numbers = [
        spring.mass, spring.stiffness, spring.damping, spring.initialVelocity, spring.allowsOverdamping ? 1 : 0,
      ]
      table = endpoints(values, flags: &flags, kind: SegmentKind.spring, coefficients: numbers)
    case .keyframes(let keyframes):
      if KeyframeLowering.isPlainLinear(keyframes), let slot = keyPath.slot {
        tracks.appendLinear(
          keyPath: keyPath.name, layer: animation.layer, slot: slot, components: keyframes.values.width, flags: flags,
          stages: stages, keyTimes: keyframes.keyTimes, keyCount: keyframes.values.count,
          values: keyframes.values.flat)
        return
      }
      table = KeyframeLowering.table(keyframes)
    case .motion(let motion):
      table = MotionLowering.table(motion)
      switch motion.rotationMode {
      case .auto: flags.insert(.rotateAuto)
      case .autoReverse: flags.insert(.rotateAutoReverse)
      case nil: break
      }
    }
    // A list key path writes from its offset into the layer's list numbers (ListLayout): a gradient's colours
    // (4 numbers per stop) follow its locations, one per stop; a shadowPath's follow the path or the stops.
    let listOffset =
      keyPath.property == PropertyName.shadowPath.rawValue
      ? shadowOffset : keyPath.kind == .colorList ? table.components / 4 : 0
    tracks.append(
      keyPath: keyPath.name, layer: animation.layer,
      slot: keyPath.slot ?? ListLayout.trackSlot(offset: listOffset), components: table.components,
      flags: flags, stages: stages, keyTimes: table.keyTimes, segmentKinds: table.kinds,
      coefficients: table.coefficients, values: table.values)
  }

  /// Core Animation's from/to/by combinations as two values, marking the ends read from the running value.
  private static func endpoints(
    _ values: FromToBy, flags: inout TrackFlags, kind: UInt8, coefficients: [Double]
  ) -> KeyframeTable {
    let first: [Double]
    let second: [Double]
    switch (values.from, values.to, values.by) {
    case (let from?, let to?, _):
      (first, second) = (from, to)
    case (let from?, nil, let by?):
      (first, second) = (from, zip(from, by).map { $0 + $1 })
    case (nil, let to?, let by?):
      (first, second) = (zip(to, by).map { $0 - $1 }, to)
    case (let from?, nil, nil):
      flags.insert(.endAtBase)
      (first, second) = (from, from)
    case (nil, let to?, nil):
      flags.insert(.startFromBase)
      (first, second) = (to, to)
    case (nil, nil, let by?):
      flags.formUnion([.startFromBase, .endAddsBase])
      (first, second) = (by, by)
    case (nil, nil, nil):
      preconditionFailure("the checker guarantees one of from, to, by")
    }
    return KeyframeTable(
      components: first.count, keyTimes: [0, 1], values: first + second, kinds: [kind], coefficients: coefficients)
  }
}

/// A keyframe table before it is appended to the plan.
struct KeyframeTable {
  var components: Int
  var keyTimes: [Double]
  var values: [Double]
  var kinds: [UInt8]
  /// Every segment's coefficients, concatenated in segment order.
  var coefficients: [Double]
}
