import SceneCore

/// Chosen layers of a plan sampled at a time, at the cost of their own tracks alone: for a caller that needs a few
/// layers at many times (the Lottie exporter locating, for every copy of a replicator, where its count switches it
/// between two frames), where `Sampler.sample` costs every layer of the scene each time.
///
/// A chosen layer's frame is what `Sampler.sample` gives it: its model values, then each track of the playing
/// timelines that writes it, in document order, at its own stages' time (`TrackTable.leafTime`); a replicator's
/// copy is hidden as `ReplicaVisibility` hides it (its replicator is sampled with it). Every other layer's numbers
/// are NaN, so that a reader of a layer it did not choose gets no number rather than another time's.
package struct LayerSampler {
  private var sampler: Sampler
  /// The tracks of the playing timelines, by the layer they write, in document order.
  private let tracksByLayer: [Int: [Int]]
  private var frames: [LayerFrame]
  /// The layers the last sample wrote, blanked again before the next.
  private var written: [Int] = []

  package init(plan: Plan, playing timelines: [Int]) {
    sampler = Sampler(plan: plan)
    var byLayer: [Int: [Int]] = [:]
    for timeline in Set(timelines).sorted() where timeline >= 0 && timeline < plan.timelines.count {
      for track in plan.timelines.trackStarts[timeline]..<plan.timelines.trackStarts[timeline + 1] {
        byLayer[plan.tracks.layers[track], default: []].append(track)
      }
    }
    tracksByLayer = byLayer
    let starts = plan.layers.pathCoordinateStarts
    frames = (0..<plan.layers.count).map { layer in
      LayerFrame(
        values: [Double](repeating: .nan, count: SlotLayout.count),
        path: [Double](repeating: .nan, count: starts[layer + 1] - starts[layer]))
    }
  }

  /// The frames at scene time `time`, `layers` (and the replicators of copies among them) sampled, the rest NaN.
  package mutating func frames(at time: Double, layers: [Int]) -> [LayerFrame] {
    let table = sampler.plan.layers
    for layer in written {
      frames[layer].values.withUnsafeMutableBufferPointer { $0.update(repeating: .nan) }
      frames[layer].path.withUnsafeMutableBufferPointer { $0.update(repeating: .nan) }
    }
    var chosen = Set(layers.filter { $0 >= 0 && $0 < table.count })
    for layer in chosen where Self.isCopy(layer, table) { chosen.insert(table.parents[layer]) }
    written = chosen.sorted()
    let stride = SlotLayout.count
    for layer in written {
      frames[layer].values.withUnsafeMutableBufferPointer { values in
        table.values.withUnsafeBufferPointer { model in
          _ = values.update(fromContentsOf: model[(layer * stride)..<((layer + 1) * stride)])
        }
      }
      let start = table.pathCoordinateStarts[layer]
      let end = table.pathCoordinateStarts[layer + 1]
      if end > start {
        frames[layer].path.withUnsafeMutableBufferPointer { path in
          table.pathCoordinates.withUnsafeBufferPointer { model in
            _ = path.update(fromContentsOf: model[start..<end])
          }
        }
      }
      for track in tracksByLayer[layer] ?? [] {
        guard let leaf = sampler.plan.tracks.leafTime(track: track, sceneTime: time) else { continue }
        sampler.apply(track: track, leaf: leaf, to: &frames)
      }
    }
    for layer in written where Self.isCopy(layer, table) {
      let count = frames[table.parents[layer]].values[SlotLayout.instanceCount]
      if !ReplicaVisibility.draws(copy: table.replicas[layer], count: count) {
        frames[layer].values[SlotLayout.hidden] = 1
      }
    }
    return frames
  }

  private static func isCopy(_ layer: Int, _ table: LayerTable) -> Bool {
    let parent = table.parents[layer]
    return parent >= 0 && table.types[parent] == .replicator && !table.isMask[layer]
  }
}
