/// Generates synthetic specs of a chosen size for the benchmark: `layers` layers, each with `properties` animated
/// properties of `keyframes` keyframes, under nested groups and sequences, with a mix of linear, bézier (eased and
/// cubic), spring and hold segments and repeats. Deterministic for a seed, and always valid (a test checks it).
///
/// ```
/// main (group, autoplay)
/// ├─ block 0 (group, beginTime)        8 layers per block
/// │  ├─ layer 0 (group)                 every property of the layer at once
/// │  ├─ layer 1 (sequence)              its properties one after the other
/// │  └─ …
/// └─ block 1 …
/// ```
public struct SyntheticScene: Sendable {
  public var layers: Int
  public var properties: Int
  public var keyframes: Int
  public var seed: UInt64

  public init(layers: Int, properties: Int, keyframes: Int, seed: UInt64 = 0x5CE4E) {
    self.layers = layers
    self.properties = properties
    self.keyframes = max(2, keyframes)
    self.seed = seed
  }

  /// Animated properties (tracks) in the compiled plan.
  public var trackCount: Int { layers * properties }

  /// The kinds of animation cycled through, one per property: each names the segments it compiles to.
  enum Flavor: CaseIterable {
    case linear, eased, cubic, hold, spring, namedEase
  }

  /// The key paths cycled through, with the number of components a value has.
  static let keyPaths: [(name: String, components: Int)] = [
    ("position", 2), ("opacity", 1), ("transform.rotation.z", 1), ("backgroundColor", 4), ("transform.scale", 1),
    ("cornerRadius", 1), ("bounds", 4), ("borderWidth", 1), ("transform.translation", 2), ("zPosition", 1),
  ]

  static let namedCurves = ["easeIn", "easeOut", "easeInEaseOut", "default", "linear"]

  /// The spec's text.
  public func text() -> String {
    var random = SplitMix(seed: seed)
    var out = ""
    out.reserveCapacity(estimatedBytes)
    out += "# Synthetic benchmark scene: \(layers) layers × \(properties) properties × \(keyframes) keyframes.\n"
    out += "scene: synthetic\nversion: 1\nsize: [1000, 1000]\n\nlet:\n  unit: 10\n  half: width / 2\n\nlayers:\n"
    for layer in 0..<layers {
      out += "  - id: l\(layer)\n"
      out += "    frame: [\(layer % 40 * 25), \(layer / 40 % 40 * 25), 20, 20]\n"
      out += "    backgroundColor: \"#\(hex(layer &* 2_654_435_761))\"\n"
      if layer % 3 == 0 { out += "    cornerRadius: unit / 2\n" }
    }
    out += "\ntimelines:\n  main:\n    autoplay: true\n    fillMode: both\n    removedOnCompletion: false\n    group:\n"
    let blockSize = 8
    var block = 0
    while block * blockSize < layers {
      out += "      - beginTime: \(Double(block % 5) * 0.1)\n"
      out += "        group:\n"
      for layer in (block * blockSize)..<min(layers, (block + 1) * blockSize) {
        let sequence = layer % 4 == 1
        out += "          - target: l\(layer)\n"
        if layer % 7 == 3 { out += "            repeatCount: 2\n            autoreverses: true\n" }
        out += "            \(sequence ? "sequence" : "group"):\n"
        for property in 0..<properties {
          animation(layer: layer, property: property, in: sequence, random: &random, into: &out)
        }
      }
      block += 1
    }
    return out
  }

  /// A rough size, to reserve the string once.
  var estimatedBytes: Int { 200 + layers * 100 + trackCount * (200 + keyframes * 22) }

  private func animation(layer: Int, property: Int, in sequence: Bool, random: inout SplitMix, into out: inout String) {
    let indent = "                "
    let keyPath = Self.keyPaths[(property + layer) % Self.keyPaths.count]
    let flavor = Flavor.allCases[(property * 5 + layer) % Flavor.allCases.count]
    out += "              - keyPath: \(keyPath.name)\n"
    let duration = sequence ? 0.5 + Double(property % 3) * 0.25 : 1.5 + Double((layer + property) % 4) * 0.5
    out += "\(indent)duration: \(duration)\n"
    if property % 3 == 2 { out += "\(indent)repeatCount: \(property % 2 == 0 && !sequence ? "inf" : "2.5")\n" }
    if property % 5 == 4 { out += "\(indent)autoreverses: true\n" }
    if property % 4 == 0 { out += "\(indent)fillMode: both\n" }
    func value() -> String { Self.value(for: keyPath.name, random: &random) }
    switch flavor {
    case .spring:
      out += "\(indent)from: \(value())\n\(indent)to: \(value())\n"
      out += "\(indent)spring: {mass: 1, stiffness: \(100 + property % 7 * 20), damping: \(8 + layer % 5)}\n"
      return
    case .linear, .eased, .namedEase, .cubic, .hold:
      break
    }
    let valueCount = keyframes
    out += "\(indent)values: ["
    for index in 0..<valueCount {
      if index > 0 { out += ", " }
      out += value()
    }
    out += "]\n"
    switch flavor {
    case .hold:
      out += "\(indent)calculationMode: discrete\n"
    case .cubic:
      out += "\(indent)calculationMode: cubic\n"
    case .eased:
      out += "\(indent)timingFunctions: ["
      for index in 0..<(valueCount - 1) {
        if index > 0 { out += ", " }
        let x1 = Double(random.int(0...10)) / 10
        let x2 = Double(random.int(0...10)) / 10
        out += "[\(x1), \(Double(random.int(-3...13)) / 10), \(x2), \(Double(random.int(-3...13)) / 10)]"
      }
      out += "]\n"
    case .namedEase:
      out += "\(indent)keyTimes: ["
      for index in 0..<valueCount {
        if index > 0 { out += ", " }
        out += index == valueCount - 1 ? "1" : Self.decimal(Double(index) / Double(valueCount - 1), places: 4)
      }
      out += "]\n\(indent)timingFunctions: ["
      for index in 0..<(valueCount - 1) {
        if index > 0 { out += ", " }
        out += Self.namedCurves[random.int(0...(Self.namedCurves.count - 1))]
      }
      out += "]\n"
    case .linear, .spring:
      break
    }
  }

  static func value(for keyPath: String, random: inout SplitMix) -> String {
    switch keyPath {
    case "position": return "[\(random.int(0...999)), \(random.int(0...999))]"
    case "transform.translation": return "[\(random.int(-50...50)), \(random.int(-50...50))]"
    case "opacity": return decimal(Double(random.int(0...100)) / 100, places: 2)
    case "transform.rotation.z": return "\(random.int(-180...180))deg"
    case "transform.scale": return decimal(0.5 + Double(random.int(0...100)) / 100, places: 2)
    case "backgroundColor": return "\"#\(hex(UInt64(random.int(0...0xFFFFFF))))\""
    case "bounds": return "[0, 0, \(random.int(1...40)), \(random.int(1...40))]"
    case "zPosition": return "\(random.int(-10...10))"
    default: return "\(random.int(0...20))"
    }
  }

  static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(abs(scaled) % Int(scale))
    while fraction.count < places { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let sign = scaled < 0 && whole == 0 ? "-" : ""
    return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  private func hex(_ value: Int) -> String { Self.hex(UInt64(truncatingIfNeeded: value)) }

  static func hex(_ value: UInt64) -> String {
    let digits = Array("0123456789abcdef")
    var text = ""
    for shift in stride(from: 20, through: 0, by: -4) { text.append(digits[Int((value >> UInt64(shift)) & 0xF)]) }
    return text
  }
}
