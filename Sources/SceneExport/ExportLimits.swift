/// How much an export may produce (docs/exports.md, "Limits"; the `--max-export-*` flags). Each limit keeps an
/// export of a spec that lints clean to seconds and well under 1 GiB on a small machine, whatever its timing
/// says (`repeatCount: 1e6`, `beginTime: 1e20`, `--events tap@1e300`).
public struct ExportLimits: Sendable, Hashable {
  /// The longest export, in frames at 60 fps (Lottie's frame rate): 6,000 frames = 100 s. A span the timelines
  /// make longer is cut there with a warning (W0912); `--duration` longer than it is an error.
  public var maxFrames: Int
  /// The most keyframes a Lottie export may write, over all its properties; more is an error (nothing written).
  public var maxKeyframes: Int
  /// The most layer states an export may hold: frames × layers (each state about 0.6 KB, and a Lottie export
  /// keeps every frame of every layer). A scene of many layers gets fewer frames: 500,000 = 10,000 layers for
  /// 50 frames, or 1 layer for the whole frame limit.
  public var maxSamples: Int

  /// The most layer instances a Lottie export takes (each costs about 13 KB of JSON tree while it is built, so
  /// 40,000 stay near 600 MB); more is an error. SVG and filmstrip exports have no such limit.
  public var maxLayers: Int

  public static let defaultMaxFrames = 6_000
  public static let defaultMaxLayers = 40_000
  public static let defaultMaxKeyframes = 200_000
  public static let defaultMaxSamples = 500_000
  public static let frameRate = 60.0

  public init(
    maxFrames: Int = defaultMaxFrames, maxKeyframes: Int = defaultMaxKeyframes, maxSamples: Int = defaultMaxSamples,
    maxLayers: Int = defaultMaxLayers
  ) {
    self.maxLayers = maxLayers
    self.maxFrames = maxFrames
    self.maxKeyframes = maxKeyframes
    self.maxSamples = maxSamples
  }

  /// The longest span in seconds by the frame limit alone.
  public var longestSpan: Double { Double(max(maxFrames, 0)) / Self.frameRate }

  /// The most frames an export of a scene of `layers` layers may have: the frame limit, fewer when the samples
  /// limit binds (at least 1).
  public func frames(layers: Int) -> Int { max(1, min(maxFrames, maxSamples / max(layers, 1))) }

  /// The longest span in seconds for a scene of `layers` layers.
  public func longestSpan(layers: Int) -> Double { Double(frames(layers: layers)) / Self.frameRate }

  /// `reason(layers:)` for a frame of `states` layer states drawn from `layers` layers (SVG draws a conic gradient
  /// as its sectors, `SVGLayerStates`).
  public func reason(layerStates states: Int, layers: Int) -> String {
    guard states != layers, frames(layers: states) < maxFrames else { return reason(layers: states) }
    return "the limit of \(maxSamples) layer states (--max-export-samples) over \(layers) layers, \(states) layer "
      + "states a frame (a conic gradient counts as its sectors)"
  }

  /// Which limit cuts an export of `layers` layers, for messages.
  public func reason(layers: Int) -> String {
    frames(layers: layers) < maxFrames
      ? "the limit of \(maxSamples) layer states (--max-export-samples) over \(layers) layers"
      : "the limit of \(maxFrames) frames (--max-export-frames)"
  }
}
