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

  static func options(from arguments: Arguments) throws(CommandFailure) -> SpecChecker.Options {
    var options = SpecChecker.Options()
    if let value = try arguments.integer("--max-input-bytes") { options.yamlLimits.maxInputBytes = value }
    if let value = try arguments.integer("--max-depth", atMost: yamlDepthCeiling) {
      options.yamlLimits.maxDepth = value
    }
    if let value = try arguments.integer("--max-scalar-bytes") { options.yamlLimits.maxScalarBytes = value }
    if let value = try arguments.integer("--max-repeat") { options.limits.maxRepeat = value }
    if let value = try arguments.integer("--max-layers") { options.limits.maxLayers = value }
    if let value = try arguments.integer("--max-keyframes") { options.limits.maxKeyframes = value }
    if let value = try arguments.integer("--max-nesting", atMost: nestingCeiling) { options.limits.maxNesting = value }
    if let value = try arguments.integer("--max-animations") { options.limits.maxAnimations = value }
    if let value = try arguments.integer("--max-keyframe-values") { options.limits.maxKeyframeValues = value }
    if let value = try arguments.integer("--max-instance-count") { options.limits.maxInstanceCount = value }
    return options
  }
}
