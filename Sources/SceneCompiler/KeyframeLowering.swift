import SceneCore
import SceneFrontEnd
import SceneModel
import SceneRuntime

/// CAKeyframeAnimation with `values`: key times resolved (default, given or paced), one segment per pair.
enum KeyframeLowering {
  static func table(_ keyframes: Keyframes) -> KeyframeTable {
    let values = keyframes.values
    let count = values.count
    let components = values.width
    let flat = values.flat
    let mode = keyframes.calculationMode
    if mode == .discrete {
      let times = keyframes.keyTimes ?? (0...count).map { Double($0) / Double(count) }
      return KeyframeTable(
        components: components, keyTimes: times, values: flat, kinds: Array(repeating: SegmentKind.hold, count: count),
        coefficients: [])
    }
    // One value holds for the whole animation.
    guard count >= 2 else {
      return KeyframeTable(
        components: components, keyTimes: [0, 1], values: flat, kinds: [SegmentKind.hold], coefficients: [])
    }
    let segments = count - 1
    var even: [Double] { (0..<count).map { Double($0) / Double(segments) } }
    var kinds: [UInt8] = []
    kinds.reserveCapacity(segments)
    var coefficients: [Double] = []
    let functions = isPaced(keyframes.calculationMode) ? nil : keyframes.timingFunctions
    let cubic = mode == .cubic || mode == .cubicPaced
    let tangents =
      cubic
      ? KochanekBartels.segmentTangents(
        flat: flat, count: count, dimension: components, tension: keyframes.tension ?? [],
        continuity: keyframes.continuity ?? [],
        bias: keyframes.bias ?? [])
      : []
    for segment in 0..<segments {
      var kind = cubic ? SegmentKind.hermite : SegmentKind.linear
      if let functions, segment < functions.count, !functions[segment].isLinear {
        let function = functions[segment]
        kind |= SegmentKind.eased
        coefficients += [function.x1, function.y1, function.x2, function.y2]
      }
      if cubic { coefficients += tangents[segment * 2 * components..<(segment + 1) * 2 * components] }
      kinds.append(kind)
    }
    var times = keyframes.keyTimes ?? even
    if mode == .paced {
      times = PacedKeyTimes.proportional(to: (0..<segments).map { distance(values[$0], values[$0 + 1]) }) ?? even
    } else if mode == .cubicPaced {
      let lengths = (0..<segments).map { segment in
        PacedKeyTimes.hermiteLength(
          from: values[segment], to: values[segment + 1],
          tangents: Array(tangents[segment * 2 * components..<(segment + 1) * 2 * components]))
      }
      times = PacedKeyTimes.proportional(to: lengths) ?? even
    }
    return KeyframeTable(
      components: components, keyTimes: times, values: flat, kinds: kinds, coefficients: coefficients)
  }

  static func isPaced(_ mode: CalculationMode) -> Bool { mode == .paced || mode == .cubicPaced }

  /// Linear keyframes (two or more) whose segments all run at an even pace: `table` gives them their key times (or
  /// even ones), a plain linear segment each and no coefficients, which `TrackTable.appendLinear` appends directly.
  static func isPlainLinear(_ keyframes: Keyframes) -> Bool {
    keyframes.calculationMode == .linear && keyframes.values.count >= 2
      && (keyframes.timingFunctions?.allSatisfy(\.isLinear) ?? true)
  }

  /// The Euclidean distance; for values so far apart that it overflows, the largest finite number (paced times
  /// over such values are then proportional to what `PacedKeyTimes.proportional` can still tell apart).
  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    let direct = zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    if direct.isFinite { return direct }
    // Halves cannot overflow; the norm is taken relative to the largest so that no square does.
    let halves = zip(a, b).map { abs($0.1 / 2 - $0.0 / 2) }
    let largest = halves.max() ?? 0
    guard largest > 0 else { return 0 }
    let norm = halves.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }.squareRoot() * largest
    return min(2 * norm, Double.greatestFiniteMagnitude)
  }
}
