import SceneCore

/// Sampling with timelines started at given scene times, over given model values: what a state machine needs
/// (a transition's timeline starts at the event, a loop at the transition's completion, and each state has its
/// own model). Built on the sampler's own track composition (`compose(timeline:at:onto:)`), so a timeline started
/// at 0 over the layers' own values gives exactly what `sample(at:playing:into:)` gives.
extension Sampler {
  /// A timeline and the scene time its root was added at.
  package struct Playback: Sendable, Hashable {
    /// Index into the plan's timelines.
    package var timeline: Int
    package var start: Double

    package init(timeline: Int, start: Double) {
      self.timeline = timeline
      self.start = start
    }
  }

  /// Fills `frames` with `playbacks` at scene time `time`, composed in the order given (each replaces or adds to
  /// what the ones before left), over the model `values` (`SlotLayout.count` per layer, in paint order) and
  /// `pathCoordinates` (concatenated as `LayerTable.pathCoordinates`). Allocates only on the first call.
  package mutating func sample(
    at time: Double, playing playbacks: [Playback], values: [Double], pathCoordinates: [Double],
    into frames: inout [LayerFrame]
  ) {
    reset(&frames, values: values, pathCoordinates: pathCoordinates)
    for playback in playbacks { compose(playback, at: time, onto: &frames) }
  }

  /// Sets `frames` to the model `values` and `pathCoordinates` (laid out as for `sample(at:playing:values:…)`),
  /// sizing the buffer on the first call only.
  package func reset(_ frames: inout [LayerFrame], values: [Double], pathCoordinates: [Double]) {
    let layers = plan.layers
    precondition(values.count == layers.count * SlotLayout.count, "one value per slot of every layer")
    precondition(pathCoordinates.count == layers.pathCoordinates.count, "every layer's path coordinates")
    let fits =
      frames.count == layers.count
      && frames.indices.allSatisfy {
        frames[$0].values.count == SlotLayout.count
          && frames[$0].path.count == layers.pathCoordinateStarts[$0 + 1] - layers.pathCoordinateStarts[$0]
      }
    if !fits {
      frames = (0..<layers.count).map { index in
        LayerFrame(
          values: Array(values[index * SlotLayout.count..<(index + 1) * SlotLayout.count]),
          path: Array(pathCoordinates[layers.pathCoordinateStarts[index]..<layers.pathCoordinateStarts[index + 1]]))
      }
      return
    }
    for layer in 0..<layers.count {
      let base = layer * SlotLayout.count
      for slot in 0..<SlotLayout.count { frames[layer].values[slot] = values[base + slot] }
      let pathBase = layers.pathCoordinateStarts[layer]
      for index in 0..<(layers.pathCoordinateStarts[layer + 1] - pathBase) {
        frames[layer].path[index] = pathCoordinates[pathBase + index]
      }
    }
  }

  /// Composes one timeline, its root added at `playback.start`, onto `frames` as they stand: relative animations
  /// (to-only, by-only) start from whatever is already there, as Core Animation's render tree does.
  package mutating func compose(_ playback: Playback, at time: Double, onto frames: inout [LayerFrame]) {
    // The timeline's own clock: scene time since its root was added, docs/semantics.md's parent time.
    compose(timeline: playback.timeline, at: time - playback.start, onto: &frames)
  }
}
