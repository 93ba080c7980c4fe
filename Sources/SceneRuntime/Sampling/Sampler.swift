import Foundation
import SceneCore

/// Samples a plan: the presentation state of every layer at one scene time, written into a caller-owned buffer.
///
/// After the first call (which sizes the buffer) a sample allocates nothing: model values are copied element by
/// element into the existing arrays, and every track writes through two scratch buffers sized once here.
public struct Sampler: Sendable {
  public let plan: Plan
  /// Per track, the segment it used last; tried first, as playback mostly stays in or moves to the next one.
  var cursors: [Int]
  /// One value of the current track.
  var value: [Double]
  /// The track's start and end values when they depend on the running value.
  var start: [Double]
  var end: [Double]

  public init(plan: Plan) {
    self.plan = plan
    cursors = [Int](repeating: 0, count: plan.tracks.count)
    let width = max(plan.tracks.maxComponents, 3)
    value = [Double](repeating: 0, count: width)
    start = [Double](repeating: 0, count: width)
    end = [Double](repeating: 0, count: width)
  }

  /// Fills `frames` (one per layer, paint order) with the state at scene time `time` when the timelines
  /// `timelines` (indices into the plan's timeline table) play from scene time 0. Animations compose in document
  /// order whatever the order of `timelines`.
  public mutating func sample(at time: Double, playing timelines: [Int], into frames: inout [LayerFrame]) {
    resetToModel(&frames)
    let table = plan.timelines
    for timeline in 0..<table.count where timelines.contains(timeline) {
      for track in table.trackStarts[timeline]..<table.trackStarts[timeline + 1] {
        guard let leaf = plan.tracks.leafTime(track: track, sceneTime: time) else { continue }
        apply(track: track, leaf: leaf, to: &frames)
      }
    }
  }

  /// Copies the model state into `frames`, sizing it on the first call only.
  private func resetToModel(_ frames: inout [LayerFrame]) {
    let layers = plan.layers
    if frames.count != layers.count || !frames.indices.allSatisfy({ frameFits(frames[$0], layer: $0) }) {
      frames = (0..<layers.count).map { index in
        LayerFrame(
          values: Array(layers.modelValues(of: index)),
          path: Array(layers.pathCoordinates[layers.pathCoordinateStarts[index]..<layers.pathCoordinateStarts[index + 1]]))
      }
      return
    }
    for layer in 0..<layers.count {
      let base = layer * SlotLayout.count
      for slot in 0..<SlotLayout.count { frames[layer].values[slot] = layers.values[base + slot] }
      let pathBase = layers.pathCoordinateStarts[layer]
      for index in 0..<(layers.pathCoordinateStarts[layer + 1] - pathBase) {
        frames[layer].path[index] = layers.pathCoordinates[pathBase + index]
      }
    }
  }

  private func frameFits(_ frame: LayerFrame, layer: Int) -> Bool {
    frame.values.count == SlotLayout.count
      && frame.path.count == plan.layers.pathCoordinateStarts[layer + 1] - plan.layers.pathCoordinateStarts[layer]
  }
}
