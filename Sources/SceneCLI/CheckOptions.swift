import SceneChecker
import SceneYAML

/// The limit flags every command that reads a spec accepts; Grammar.md documents them.
enum CheckOptions {
  static let names = [
    "--max-input-bytes", "--max-depth", "--max-scalar-bytes", "--max-repeat", "--max-layers", "--max-keyframes",
    "--max-nesting", "--max-animations", "--max-keyframe-values", "--max-instance-count",
  ]

  /// The most `--max-depth` and `--max-nesting` accept. The checker recurses once per level (up to about 20 KiB of
  /// stack a level in a debug build): at these ceilings a spec stays within the command thread's 1 GiB stack
  /// (Sources/scenec) with room to spare, and takes seconds, not minutes (libyaml's flow parse is superlinear in
  /// depth).
  static let yamlDepthCeiling = 20_000
  static let nestingCeiling = 10_000
  /// The most the size flags accept: a 1 GiB spec is read in seconds and about 8 GiB (Grammar.md, Limits).
  static let bytesCeiling = 1 << 30
  /// The most the count flags accept, ten times their defaults or more: a limit exists to keep a spec's cost
  /// bounded, and a count past these (`--max-repeat 1e12`) would be asked of the machine, not met by it. Counts
  /// converted from a spec's numbers stay far below 2^53 (exact as doubles).
  static let repeatCeiling = 1_000_000
  static let layersCeiling = 1_000_000
  static let instanceCountCeiling = 1_000_000
  static let animationsCeiling = 1_000_000
  static let keyframesCeiling = 10_000_000
  static let keyframeValuesCeiling = 100_000_000

  static func options(from arguments: Arguments) throws(CommandFailure) -> SpecChecker.Options {
    var options = SpecChecker.Options()
    if let value = try arguments.integer("--max-input-bytes", atMost: bytesCeiling) {
      options.yamlLimits.maxInputBytes = value
    }
    if let value = try arguments.integer("--max-depth", atMost: yamlDepthCeiling) {
      options.yamlLimits.maxDepth = value
    }
    if let value = try arguments.integer("--max-scalar-bytes", atMost: bytesCeiling) {
      options.yamlLimits.maxScalarBytes = value
    }
    if let value = try arguments.integer("--max-repeat", atMost: repeatCeiling) { options.limits.maxRepeat = value }
    if let value = try arguments.integer("--max-layers", atMost: layersCeiling) { options.limits.maxLayers = value }
    if let value = try arguments.integer("--max-keyframes", atMost: keyframesCeiling) {
      options.limits.maxKeyframes = value
    }
    if let value = try arguments.integer("--max-nesting", atMost: nestingCeiling) { options.limits.maxNesting = value }
    if let value = try arguments.integer("--max-animations", atMost: animationsCeiling) {
      options.limits.maxAnimations = value
    }
    if let value = try arguments.integer("--max-keyframe-values", atMost: keyframeValuesCeiling) {
      options.limits.maxKeyframeValues = value
    }
    if let value = try arguments.integer("--max-instance-count", atMost: instanceCountCeiling) {
      options.limits.maxInstanceCount = value
    }
    return options
  }
}
