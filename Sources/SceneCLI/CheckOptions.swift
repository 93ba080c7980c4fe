import SceneChecker
import SceneYAML

/// The limit flags every command that reads a spec accepts; Grammar.md documents them.
enum CheckOptions {
  /// A flag, the most it accepts, and the limit it sets.
  struct Flag: Sendable {
    let name: String
    let ceiling: Int
    let limit: WritableKeyPath<SpecChecker.Options, Int> & Sendable
  }

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
  static let countCeiling = 1_000_000

  static let flags = [
    Flag(name: "--max-input-bytes", ceiling: bytesCeiling, limit: \.yamlLimits.maxInputBytes),
    Flag(name: "--max-depth", ceiling: yamlDepthCeiling, limit: \.yamlLimits.maxDepth),
    Flag(name: "--max-scalar-bytes", ceiling: bytesCeiling, limit: \.yamlLimits.maxScalarBytes),
    Flag(name: "--max-repeat", ceiling: countCeiling, limit: \.limits.maxRepeat),
    Flag(name: "--max-layers", ceiling: countCeiling, limit: \.limits.maxLayers),
    Flag(name: "--max-keyframes", ceiling: 10 * countCeiling, limit: \.limits.maxKeyframes),
    Flag(name: "--max-nesting", ceiling: nestingCeiling, limit: \.limits.maxNesting),
    Flag(name: "--max-animations", ceiling: countCeiling, limit: \.limits.maxAnimations),
    Flag(name: "--max-keyframe-values", ceiling: 100 * countCeiling, limit: \.limits.maxKeyframeValues),
    Flag(name: "--max-instance-count", ceiling: countCeiling, limit: \.limits.maxInstanceCount),
    Flag(name: "--max-state-values", ceiling: 100 * countCeiling, limit: \.limits.maxStateValues),
  ]

  static let names = flags.map(\.name)

  static func options(from arguments: Arguments) throws(CommandFailure) -> SpecChecker.Options {
    var options = SpecChecker.Options()
    for flag in flags {
      if let value = try arguments.integer(flag.name, atMost: flag.ceiling) { options[keyPath: flag.limit] = value }
    }
    return options
  }
}
