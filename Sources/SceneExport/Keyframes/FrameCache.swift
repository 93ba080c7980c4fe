import SceneCore

/// Frames of the scene by time, sampled once each.
public final class FrameCache {
  private let sample: (Double) -> [LayerFrame]
  private var cache: [Double: [LayerFrame]] = [:]

  public init(_ sample: @escaping (Double) -> [LayerFrame]) { self.sample = sample }

  public func frames(at time: Double) -> [LayerFrame] {
    if let frames = cache[time] { return frames }
    let frames = sample(time)
    cache[time] = frames
    return frames
  }
}
