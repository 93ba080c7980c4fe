import SceneCore

/// Frames of the scene by time: the export's frames sampled once each and kept, any other time sampled when asked.
///
/// A layer's path (its list numbers) that is the same as in the frames sampled before shares their storage: a
/// static path of 60,000 coordinates over 3,600 frames was otherwise held 3,600 times (3.4 GB for a 236 KB Lottie
/// file). Comparing costs what the sampler's copy of it did; memory grows only with the paths that change.
///
/// Only the frames in `kept` are held: a time between frames (a switch located by bisection, the two sides of a
/// jump) is asked for once or a few times, and by one property each, so keeping the whole scene at each of them
/// made memory grow with the square of a replicator's copies (each copy's switches are its own times). Such a time
/// is sampled for the layers the property reads when `sampleLayers` can (at the cost of those layers), else
/// whole, the last few of them kept.
public final class FrameCache {
  private let sample: (Double) -> [LayerFrame]
  private let sampleLayers: ((Double, [Int]) -> [LayerFrame])?
  private let kept: Set<Double>
  private var cache: [Double: [LayerFrame]] = [:]
  private var recent: [(time: Double, frames: [LayerFrame])] = []
  private var previous: [LayerFrame] = []
  /// How many whole samples between frames are kept.
  static let recentCount = 8

  /// - Parameters:
  ///   - kept: the times whose frames are held once sampled (nil: every time asked for).
  ///   - sampleLayers: frames at a time with only the listed layers sampled (`LayerSampler`).
  public init(
    _ sample: @escaping (Double) -> [LayerFrame], kept: [Double]? = nil,
    sampleLayers: ((Double, [Int]) -> [LayerFrame])? = nil
  ) {
    self.sample = sample
    self.sampleLayers = sampleLayers
    self.kept = kept.map(Set.init) ?? []
    keepsEveryTime = kept == nil
  }

  private let keepsEveryTime: Bool

  /// Every layer's frame at `time`.
  public func frames(at time: Double) -> [LayerFrame] {
    if let frames = cache[time] { return frames }
    if let index = recent.firstIndex(where: { $0.time == time }) { return recent[index].frames }
    var frames = sample(time)
    if previous.count == frames.count {
      for layer in frames.indices where !frames[layer].path.isEmpty && frames[layer].path == previous[layer].path {
        frames[layer].path = previous[layer].path
      }
    }
    previous = frames
    if keepsEveryTime || kept.contains(time) {
      cache[time] = frames
    } else {
      if recent.count == Self.recentCount { recent.removeFirst() }
      recent.append((time, frames))
    }
    return frames
  }

  /// The frames at `time` of which `layers` are right: every layer's at a kept time, else (when it can) only theirs.
  public func frames(at time: Double, layers: [Int]) -> [LayerFrame] {
    guard let sampleLayers, !keepsEveryTime, !kept.contains(time), cache[time] == nil else {
      return frames(at: time)
    }
    return sampleLayers(time, layers)
  }
}
