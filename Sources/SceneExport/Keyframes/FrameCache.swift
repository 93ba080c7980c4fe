import SceneCore

/// Frames of the scene by time, sampled once each.
///
/// A layer's path (its list numbers) that is the same as in the frames sampled before shares their storage: a
/// static path of 60,000 coordinates over 3,600 frames was otherwise held 3,600 times (3.4 GB for a 236 KB Lottie
/// file). Comparing costs what the sampler's copy of it did; memory grows only with the paths that change.
public final class FrameCache {
  private let sample: (Double) -> [LayerFrame]
  private var cache: [Double: [LayerFrame]] = [:]
  private var previous: [LayerFrame] = []

  public init(_ sample: @escaping (Double) -> [LayerFrame]) { self.sample = sample }

  public func frames(at time: Double) -> [LayerFrame] {
    if let frames = cache[time] { return frames }
    var frames = sample(time)
    if previous.count == frames.count {
      for layer in frames.indices where !frames[layer].path.isEmpty && frames[layer].path == previous[layer].path {
        frames[layer].path = previous[layer].path
      }
    }
    previous = frames
    cache[time] = frames
    return frames
  }
}
