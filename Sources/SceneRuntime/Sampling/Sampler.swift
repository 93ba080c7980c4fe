import Foundation
import SceneCore

/// Samples a plan: the presentation state of every layer at one scene time, written into a caller-owned buffer.
///
/// The sampler turns the plan into read-only tables once (`SamplerProgram`: one allocation holding one record per
/// track, the tracks' timing stages merged into a tree of shared nodes, spring constants and timing-curve
/// polynomials solved) and keeps its mutable state in a workspace of one allocation (`SamplerWorkspace`); each is
/// owned by its object and freed once with it (`TableArena`). `plan` shares the caller's arrays (copy on write).
/// A sample copies the model values into `frames`, evaluates each timing node once, and composes every track
/// through pointers into the frames from the track's
/// hot record (`HotSegment`: its current segment's numbers, refilled from the plan only when the progress leaves
/// the segment, by the segment cursor and then binary search). After the first call (which sizes the buffer) a
/// sample allocates nothing and retains nothing per track.
public struct Sampler: Sendable {
  public let plan: Plan
  let program: SamplerProgram
  var workspace: SamplerWorkspace
  /// The copies of replicators, for leaving out those past the presentation count (nothing without replicators).
  let visibility: ReplicaVisibility

  public init(plan: Plan) {
    self.plan = plan
    program = SamplerProgram(plan: plan)
    workspace = SamplerWorkspace(program: program)
    visibility = ReplicaVisibility(layers: plan.layers)
  }

  /// Fills `frames` (one per layer, paint order) with the state at scene time `time` when the timelines
  /// `timelines` (indices into the plan's timeline table) play from scene time 0. Animations compose in document
  /// order whatever the order of `timelines`.
  public mutating func sample(at time: Double, playing timelines: [Int], into frames: inout [LayerFrame]) {
    let workspace = uniqueWorkspace()
    let program = self.program
    resetToModel(&frames, workspace: workspace)
    // Tracks compose straight into the caller's frames (one copy of the model values per sample, no other),
    // through the per-layer pointers `resetToModel` took: the frames are not otherwise touched until we return.
    let slots = workspace.layerSlots.base
    let paths = workspace.layerPaths.base
    let nodeTimes = workspace.nodeTimes.base
    // A strictly increasing list (the usual case: autoplay timelines, one timeline) is walked as it is, so the cost
    // is linear in the timelines that play; any other list is looked up per timeline, in document order.
    var increasing = true
    for index in timelines.indices.dropFirst() where timelines[index] <= timelines[index - 1] {
      increasing = false
      break
    }
    let count = plan.timelines.count
    var position = 0
    var candidate = 0
    while true {
      let timeline: Int
      if increasing {
        while position < timelines.count && timelines[position] < 0 { position += 1 }
        guard position < timelines.count, timelines[position] < count else { break }
        timeline = timelines[position]
        position += 1
      } else {
        while candidate < count && !timelines.contains(candidate) { candidate += 1 }
        guard candidate < count else { break }
        timeline = candidate
        candidate += 1
      }
      program.evaluateNodes(timeline: timeline, sceneTime: time, into: nodeTimes)
      for track in program.trackStarts[timeline]..<program.trackStarts[timeline + 1] {
        let hot = workspace.hot.base + track
        let node = Int(hot.pointee.node)
        guard node >= 0, nodeTimes[node].inEffect else { continue }
        let slot = Int(hot.pointee.slot)
        let layer = Int(hot.pointee.layer)
        // A negative slot writes the layer's list numbers from −1 − slot on (ListLayout).
        let target = slot < 0 ? paths[layer] + (-1 - slot) : slots[layer] + slot
        program.compose(track: track, leaf: nodeTimes[node], target: target, workspace: workspace)
      }
    }
    visibility.hideUndrawn(&frames)
  }

  /// Composes timeline `timeline`, at `localTime` of its own clock (scene time since its root was added), onto
  /// `frames` as they stand (sized for the plan): relative animations start from what is already there.
  mutating func compose(timeline: Int, at localTime: Double, onto frames: inout [LayerFrame]) {
    let workspace = uniqueWorkspace()
    let program = self.program
    program.evaluateNodes(timeline: timeline, sceneTime: localTime, into: workspace.nodeTimes.base)
    for track in program.trackStarts[timeline]..<program.trackStarts[timeline + 1] {
      let node = program.tracks[track].node
      guard node >= 0, workspace.nodeTimes[node].inEffect else { continue }
      apply(track: track, leaf: workspace.nodeTimes[node], to: &frames)
    }
  }

  /// Applies one track at `leaf` (from `TrackTable.leafTime`) onto `frames` as they stand.
  mutating func apply(track: Int, leaf: LeafTime, to frames: inout [LayerFrame]) {
    let workspace = uniqueWorkspace()
    let record = program.tracks[track]
    if record.slot < 0 {
      frames[record.layer].path.withUnsafeMutableBufferPointer { path in
        program.compose(
          track: track, leaf: leaf, target: path.baseAddress! + ListLayout.offset(ofTrackSlot: record.slot),
          workspace: workspace)
      }
    } else {
      frames[record.layer].values.withUnsafeMutableBufferPointer { slots in
        program.compose(track: track, leaf: leaf, target: slots.baseAddress! + record.slot, workspace: workspace)
      }
    }
  }

  /// The workspace, copied first if another sampler (a copy of this one) shares it.
  private mutating func uniqueWorkspace() -> SamplerWorkspace {
    if !isKnownUniquelyReferenced(&workspace) { workspace = workspace.copy(program: program) }
    return workspace
  }

  /// Copies the model values into `frames`, sizing it on the first call only, and notes where each layer's
  /// values and path are in `workspace`.
  private func resetToModel(_ frames: inout [LayerFrame], workspace: SamplerWorkspace) {
    // Everything the per-layer loops read is a raw buffer or a local: no array of the plan (and no global of
    // another module, such as `SlotLayout.count`) is touched per layer, so the loops retain nothing.
    let layerCount = plan.layers.count
    let stride = SlotLayout.count
    let slots = program.slotValues.base
    let path = program.pathCoordinates.base
    let starts = program.pathCoordinateStarts.base
    let fits =
      frames.count == layerCount
      && frames.indices.allSatisfy { index in
        frames[index].values.count == stride && frames[index].path.count == starts[index + 1] - starts[index]
      }
    if !fits {
      frames = (0..<layerCount).map { index in
        LayerFrame(
          values: Array(UnsafeBufferPointer(start: slots + index * stride, count: stride)),
          path: Array(UnsafeBufferPointer(start: path + starts[index], count: starts[index + 1] - starts[index])))
      }
    }
    let layerSlots = workspace.layerSlots.base
    let layerPaths = workspace.layerPaths.base
    let noPath = workspace.end.base
    frames.withUnsafeMutableBufferPointer { frames in
      for layer in 0..<frames.count {
        layerSlots[layer] = frames[layer].values.withUnsafeMutableBufferPointer {
          $0.baseAddress!.update(from: slots + layer * stride, count: stride)
          return $0.baseAddress!
        }
        let count = starts[layer + 1] - starts[layer]
        if count > 0 {
          layerPaths[layer] = frames[layer].path.withUnsafeMutableBufferPointer {
            $0.baseAddress!.update(from: path + starts[layer], count: count)
            return $0.baseAddress!
          }
        } else {
          layerPaths[layer] = noPath  // no path: nothing is written there
        }
      }
    }
  }
}
