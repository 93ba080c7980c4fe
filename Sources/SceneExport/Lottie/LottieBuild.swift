import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// Set when a value had to be made finite.
final class OverflowFlag {
  var seen = false
}

/// One Lottie export in the making: the scene, its frames, the warnings so far, and the layers and assets built.
/// Its parts live by concern in the files beside this one (properties, transforms, shapes, text, layers, masks,
/// document, warnings); the state they share is internal for that reason, not for use outside the exporter.
struct LottieBuild {
  typealias S = SlotLayout

  let plan: Plan
  let tree: SceneTree
  let cache: FrameCache
  /// The scene time of the document's first frame (`ip`): the loop point of endless content (`ExportSpan.start`).
  let start: Double
  let end: Double
  /// Frames per second of the document (`fr`): its keyframe times, its checks and its last frame count in them.
  let frameRate: Double
  /// Track indices of the playing timelines; nil for a state-machine replay.
  let playingTracks: [Int]?
  /// For each layer, the positions in `playingTracks` of the tracks that write it (so finding a property's
  /// drivers costs its layers' tracks, not every track of the scene); for a replay, of every track (any timeline
  /// may play), by track index.
  let playingPositionsByLayer: [Int: [Int]]
  var warnings = ExportWarnings()
  var pieceCache: [Int: [TimingPiece]] = [:]
  /// Sample times for checks (every frame and the end).
  let checkTimes: [Double]
  let maxKeyframes: Int
  /// Keyframes written so far; past `maxKeyframes` the build stops animating and the export fails.
  var keyframeCount = 0
  var keyframesOverLimit: Bool { keyframeCount > maxKeyframes }
  /// The most timing pieces one track may have: 4 per exported frame (and a few), so the keyframes of a track
  /// that repeats faster than that grow with the frames exported, not with its repeats (it is sampled instead).
  let pieceLimit: Int

  init(
    plan: Plan, cache: FrameCache, playing: [Int]?, start: Double = 0, end: Double, maxKeyframes: Int,
    frameRate: Double
  ) {
    self.plan = plan
    self.frameRate = frameRate
    self.maxKeyframes = maxKeyframes
    self.tree = SceneTree(plan: plan)
    self.cache = cache
    self.end = max(end, 0)
    self.start = min(max(start, 0), self.end)
    var byLayer: [Int: [Int]] = [:]
    if let playing {
      var tracks: [Int] = []
      for timeline in playing.sorted() where timeline >= 0 && timeline < plan.timelines.count {
        tracks += Array(plan.timelines.trackStarts[timeline]..<plan.timelines.trackStarts[timeline + 1])
      }
      playingTracks = tracks
      for (position, track) in tracks.enumerated() { byLayer[plan.tracks.layers[track], default: []].append(position) }
    } else {
      playingTracks = nil
      for track in 0..<plan.tracks.count { byLayer[plan.tracks.layers[track], default: []].append(track) }
    }
    playingPositionsByLayer = byLayer
    let times = KeyframeBuilder.frameTimes(end: self.end, frameRate: frameRate)
    checkTimes = times
    pieceLimit = min(TrackTiming.pieceLimit, 4 * times.count + 64)
  }

  /// One Lottie layer before `ind` numbers are given.
  struct Item {
    var key: Int
    var name: String
    var type: Int
    var parent: Int?
    var transform: JSONValue
    var shapes: [JSONValue] = []
    /// Precomposition layers: the asset, its clip size, and the layer masks.
    var reference: String?
    var size: (width: Double, height: Double)?
    var masks: [JSONValue] = []
    /// Layer effects (`ef`): a precomposition's drop shadow.
    var effects: [JSONValue] = []
    /// The CA layer it draws for, and whether it draws in a frame (for the group-opacity check).
    var owner: Int
    var draws: (([LayerFrame]) -> Bool)?
  }

  var nextKey = 0
  var assets: [JSONValue] = []
  /// Per composition (nil: the root), the flat layers drawn in it, for the group-opacity check.
  var drawnItems: [(context: Int?, item: Item)] = []
}
