/// The second compile row's spec: many small layers and timelines (five layers to every two timelines, each
/// timeline four short animations of its own layers; about 40,000 layers and 16,000 timelines in 20 MB, the
/// shape issue 14 measured), the shape of a big hand-written file of many controls,
/// where the synthetic scene is few timelines of many keyframes. Deterministic, valid (a test checks it).
public struct ManySmallScene: Sendable {
  /// Groups of five layers and two timelines.
  public var groups: Int

  public init(groups: Int) { self.groups = max(1, groups) }

  public var layers: Int { groups * 5 }
  public var timelines: Int { groups * 2 }

  /// A scene of about `megabytes` of spec.
  public static func sized(megabytes: Double) -> ManySmallScene {
    let perGroup = Double(ManySmallScene(groups: 100).text().utf8.count) / 100
    return ManySmallScene(groups: Int((megabytes * 1e6 / perGroup).rounded()))
  }

  public func text() -> String {
    var random = SplitMix(seed: 0x5A11)
    var out = "# Many small layers and timelines: \(layers) layers, \(timelines) timelines.\n"
    out += "scene: manySmall\nversion: 1\nsize: [1000, 1000]\n\nlayers:\n"
    out.reserveCapacity(groups * 1600)
    for layer in 0..<layers {
      out += "  - id: c\(layer)\n"
      out += "    frame: [\(layer % 50 * 20), \(layer / 50 % 50 * 20), \(8 + layer % 9), \(8 + layer % 5)]\n"
      out += "    backgroundColor: \"#\(SyntheticScene.hex(UInt64(random.int(0...0xFFFFFF))))\"\n"
      if layer % 2 == 0 { out += "    cornerRadius: \(layer % 6)\n" }
      if layer % 5 == 4 { out += "    opacity: 0.\(1 + layer % 9)\n" }
      out += "    borderColor: \"#\(SyntheticScene.hex(UInt64(random.int(0...0xFFFFFF))))\"\n"
      out += "    borderWidth: \(layer % 3)\n    zPosition: \(layer % 4)\n    anchorPoint: [0.5, 0.5]\n"
    }
    out += "\ntimelines:\n"
    for timeline in 0..<timelines {
      let first = timeline / 2 * 5 + (timeline % 2) * 2
      out += "  t\(timeline):\n"
      if timeline % 3 == 0 { out += "    autoplay: true\n" }
      out += "    fillMode: both\n    removedOnCompletion: false\n    group:\n"
      for (offset, keyPath) in ["position.x", "opacity", "transform.scale", "cornerRadius"].enumerated() {
        out += "      - target: c\(first + offset % 3)\n        keyPath: \(keyPath)\n"
        out += "        duration: \(1 + (timeline + offset) % 3)\n"
        let values = (0..<16).map { _ -> String in
          keyPath == "position.x" || keyPath == "cornerRadius"
            ? String(random.int(0...999)) : SyntheticScene.decimal(0.2 + Double(random.int(0...80)) / 100, places: 2)
        }
        out += "        values: [\(values.joined(separator: ", "))]\n"
        if offset == 1 { out += "        timingFunction: easeInEaseOut\n" }
      }
    }
    return out
  }
}
