/// Bounds on what one spec may make the checker build, so a hostile spec cannot exhaust memory or time.
/// Documented in Grammar.md with the flags that change them.
public struct CheckLimits: Sendable, Hashable {
  /// Largest `repeat` count of one layer.
  public var maxRepeat: Int
  /// Most layer instances in a scene, after repeats are expanded.
  public var maxLayers: Int
  /// Most keyframes (values) in one animation.
  public var maxKeyframes: Int
  /// Most animations in a scene, after repeats are expanded.
  public var maxAnimations: Int
  /// Deepest nesting of sublayers and of timeline groups.
  public var maxNesting: Int
  /// Most keyframe numbers in a scene (each animation's keyframes × components, after repeats): what the plan's
  /// size grows with, so a short spec fanning a long animation over many instances stays cheap to compile.
  public var maxKeyframeValues: Int
  /// Largest `instanceCount` of one replicator.
  public var maxInstanceCount: Int = 10_000
  /// Most numbers in the state machine's table: each state keeps every layer instance's values (its slots and list
  /// numbers), so the table grows with states × layers, which a short spec can make large (1,000 of each: 91
  /// million numbers).
  public var maxStateValues: Int = 10_000_000

  public init(
    maxRepeat: Int = 10_000, maxLayers: Int = 100_000, maxKeyframes: Int = 100_000, maxAnimations: Int = 100_000,
    maxNesting: Int = 64, maxKeyframeValues: Int = 2_000_000
  ) {
    self.maxRepeat = maxRepeat
    self.maxLayers = maxLayers
    self.maxKeyframes = maxKeyframes
    self.maxAnimations = maxAnimations
    self.maxNesting = maxNesting
    self.maxKeyframeValues = maxKeyframeValues
  }

  public static let `default` = CheckLimits()
}
