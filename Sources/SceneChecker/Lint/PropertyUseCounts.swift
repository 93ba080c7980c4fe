import SceneCore

extension Linter {
  /// For each (layer, property) pair, how many timelines animate it: counted once, so that "animated by another
  /// timeline" is a lookup (`> 1`) rather than a union of every other timeline's pairs (quadratic in timelines).
  ///
  /// A short list per layer rather than a dictionary: a layer has few animated properties (at most one entry per
  /// property name), and hashing every use twice, into a table the size of the uses, was most of the lint's time
  /// on a spec of many small timelines (cache misses, not instructions).
  struct PropertyUseCounts {
    private struct Entry {
      let property: PropertyName?
      var count: Int32
      var lastTimeline: Int32
      /// The layer's next entry, or −1.
      var next: Int32
    }

    /// Per layer, its first entry, or −1.
    private var heads: [Int32]
    private var entries: [Entry] = []

    init(layerCount: Int, uses: [TimelineUse]) {
      heads = Array(repeating: -1, count: layerCount)
      for use in uses {
        let layer = use.use.layer
        var index = heads[layer]
        while index >= 0, entries[Int(index)].property != use.use.property { index = entries[Int(index)].next }
        if index < 0 {
          entries.append(
            Entry(property: use.use.property, count: 1, lastTimeline: Int32(use.timeline), next: heads[layer]))
          heads[layer] = Int32(entries.count - 1)
        } else if entries[Int(index)].lastTimeline != Int32(use.timeline) {
          // Uses come timeline by timeline, so a timeline is counted once however many of its leaves write the pair.
          entries[Int(index)].count += 1
          entries[Int(index)].lastTimeline = Int32(use.timeline)
        }
      }
    }

    /// How many timelines animate `property` of `layer`.
    func count(layer: Int, property: PropertyName?) -> Int {
      var index = heads[layer]
      while index >= 0 {
        if entries[Int(index)].property == property { return Int(entries[Int(index)].count) }
        index = entries[Int(index)].next
      }
      return 0
    }
  }
}
