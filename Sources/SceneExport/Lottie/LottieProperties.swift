import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  enum Input: Hashable {
    case slots(Int, Range<Int>)
    case path(Int)

    /// The layer it reads.
    var layer: Int {
      switch self {
      case .path(let layer), .slots(let layer, _): return layer
      }
    }
  }

  mutating func pieces(_ track: Int) -> [TimingPiece] {
    if let cached = pieceCache[track] { return cached }
    var result = TrackTiming.pieces(plan: plan, track: track, end: end, limit: pieceLimit)
    // A replicator's count shows only through which copies are drawn: their opacities hold between the frames
    // where the truncated count changes, found by sampling as a boolean's switches are.
    if plan.tracks.slots[track] == S.instanceCount {
      result = result.map { $0.isMoving ? TimingPiece(start: $0.start, end: $0.end, kind: .step) : $0 }
    }
    pieceCache[track] = result
    return result
  }

  /// The tracks that write any of `inputs`.
  func driverTracks(_ inputs: [Input]) -> [Int] {
    let tracks = plan.tracks
    let layers = Set(inputs.map(\.layer))
    // In `playingTracks` order, as a filter of the whole list would give.
    let positions = layers.flatMap { playingPositionsByLayer[$0] ?? [] }.sorted()
    return positions.map { playingTracks?[$0] ?? $0 }.filter { track in
      let layer = tracks.layers[track]
      let slot = tracks.slots[track]
      let count = tracks.flags[track].contains(.broadcast) ? 3 : tracks.components[track]
      let rotates = !tracks.flags[track].isDisjoint(with: [.rotateAuto, .rotateAutoReverse])
      return inputs.contains { input in
        switch input {
        // Lottie's drop shadow has no shape (W0926), so a shadowPath track drives nothing here.
        case .path(let l): return l == layer && slot < 0 && tracks.keyPaths[track] != PropertyName.shadowPath.rawValue
        case .slots(let l, let range):
          guard l == layer, slot >= 0 else { return false }
          if range.overlaps(slot..<(slot + count)) { return true }
          return rotates && range.contains(S.rotation + 2)
        }
      }
    }
  }

  /// The keyframes of a value of the scene; warns when parts of it had to be sampled.
  mutating func animate(_ inputs: [Input], layer: Int, name: String, _ value: @escaping ([LayerFrame]) -> [Double])
    -> AnimatedValue
  {
    let cache = self.cache
    let overflow = OverflowFlag()
    // Lottie has no number for an overflow: the nearest finite value, with a warning (never a silent 0).
    let finiteValue: ([LayerFrame]) -> [Double] = { frames in
      value(frames).map { component in
        guard !component.isFinite else { return component }
        overflow.seen = true
        return component.isNaN ? 0 : component > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
      }
    }
    defer {
      if overflow.seen {
        warnings.add(
          ExportDiagnostics.notFinite, layer: tree.id(layer), keyPath: "",
          "\(name) overflows (is not a finite number) during the export; the nearest finite value is written")
      }
    }
    // The value at time 0, unanimated.
    let still = { AnimatedValue(initial: finiteValue(cache.frames(at: 0)), keyframes: [], bakedReasons: []) }
    guard !keyframesOverLimit else { return still() }
    // Between frames only the layers of `inputs` are read (`FrameCache`).
    let layers = Array(Set(inputs.map(\.layer)))
    let builder = KeyframeBuilder(
      end: end, evaluate: { finiteValue(cache.frames(at: $0, layers: layers)) }, frameRate: frameRate)
    var drivers: [[TimingPiece]] = []
    var names: [String] = []
    if playingTracks == nil {
      if !driverTracks(inputs).isEmpty || statesDiffer(inputs) {
        drivers = [[TimingPiece(start: 0, end: end, kind: .complex("the states' transitions"))]]
        names = ["states"]
      }
    } else {
      for track in driverTracks(inputs) {
        drivers.append(pieces(track))
        names.append(plan.tracks.keyPaths[track])
      }
    }
    // Nothing that plays writes the value: it is the same at every frame, so it is read once instead of at each
    // of them (a static path of 60,000 coordinates over 3,600 frames was 1.7 GB of frame values).
    guard !drivers.isEmpty else { return still() }
    let result = builder.build(drivers: drivers, driverNames: names)
    keyframeCount += result.keyframes.count
    if result.isAnimated && !result.bakedReasons.isEmpty {
      // A replay's one driver is the states: the warning names the tracks that write the value instead.
      let keyPaths = playingTracks == nil ? animatedKeyPaths(inputs) : Set(names).sorted().joined(separator: ", ")
      let reasons = Set(result.bakedReasons).sorted().joined(separator: "; ")
      warnings.add(
        ExportDiagnostics.baked, layer: tree.id(layer), keyPath: keyPaths.isEmpty ? name : keyPaths,
        "\(name) is sampled every frame and simplified to within 1/1000 of its range (\(reasons))")
    }
    return result
  }

  /// Whether some state's model gives `inputs` other values than the first state's: a replay can then change them
  /// with no track writing them (a pose).
  func statesDiffer(_ inputs: [Input]) -> Bool {
    guard let states = plan.machine?.states, let first = states.first else { return false }
    let layers = plan.layers
    return inputs.contains { input in
      switch input {
      case .slots(let layer, let range):
        let slots = (layer * S.count + range.lowerBound)..<(layer * S.count + range.upperBound)
        return states.contains { $0.values[slots] != first.values[slots] }
      case .path(let layer):
        let coordinates = layers.pathCoordinateStarts[layer]..<layers.pathCoordinateStarts[layer + 1]
        return states.contains { $0.pathCoordinates[coordinates] != first.pathCoordinates[coordinates] }
      }
    }
  }

  /// The key paths of the tracks that write `inputs` in this export, for a warning to name what really animates.
  func animatedKeyPaths(_ inputs: [Input]) -> String {
    Set(driverTracks(inputs).map { plan.tracks.keyPaths[$0] }).sorted().joined(separator: ", ")
  }

  /// Whether `predicate` holds at some check time.
  func ever(_ predicate: ([LayerFrame]) -> Bool) -> Bool {
    checkTimes.contains { predicate(cache.frames(at: $0)) }
  }

  func values(_ frames: [LayerFrame], _ layer: Int) -> LayerValues { LayerValues(frames[layer]) }
}
