/// How much an export may produce (docs/exports.md, "Limits"; the `--max-export-*` flags). Each limit keeps an
/// export of a spec that lints clean to seconds and well under 1 GiB on a small machine, whatever its timing
/// says (`repeatCount: 1e6`, `beginTime: 1e20`, `--events tap@1e300`).
public struct ExportLimits: Sendable, Hashable {
  /// The longest export, in frames at 60 fps (Lottie's frame rate): 6,000 frames = 100 s. A span the timelines
  /// make longer is cut there with a warning (W0912); `--duration` longer than it is an error.
  public var maxFrames: Int
  /// The most keyframes a Lottie export may write, over all its properties; more is an error (nothing written).
  public var maxKeyframes: Int

  public static let defaultMaxFrames = 6_000
  public static let defaultMaxKeyframes = 200_000
  public static let frameRate = 60.0

  public init(maxFrames: Int = defaultMaxFrames, maxKeyframes: Int = defaultMaxKeyframes) {
    self.maxFrames = maxFrames
    self.maxKeyframes = maxKeyframes
  }

  /// The longest span in seconds.
  public var longestSpan: Double { Double(max(maxFrames, 0)) / Self.frameRate }
}
