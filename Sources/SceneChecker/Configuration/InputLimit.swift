/// The input limits a user can raise or lower: `--max-layers 5000` on the command line, `max-layers: 5000` in
/// `.scenec.yml`. This table is the one place their names and ceilings live; Grammar.md ("Limits") documents them.
public struct InputLimit: Sendable {
  /// `max-layers`: the config key, and the flag without its dashes.
  public let name: String
  /// The most the flag and the key accept.
  public let ceiling: Int
  public let limit: WritableKeyPath<SpecChecker.Options, Int> & Sendable

  public var flag: String { "--" + name }

  /// The most `max-depth` and `max-nesting` accept. The checker recurses once per level (up to about 20 KiB of
  /// stack a level in a debug build): at these ceilings a spec stays within the command thread's 1 GiB stack
  /// (Sources/scenec) with room to spare, and takes seconds, not minutes (libyaml's flow parse is superlinear in
  /// depth).
  public static let yamlDepthCeiling = 20_000
  public static let nestingCeiling = 10_000
  /// The most the size limits accept: a 1 GiB spec is read in seconds and about 8 GiB (Grammar.md, Limits).
  public static let bytesCeiling = 1 << 30
  /// The most the count limits accept, ten times their defaults or more: a limit exists to keep a spec's cost
  /// bounded, and a count past these (`--max-repeat 1e12`) would be asked of the machine, not met by it. Counts
  /// converted from a spec's numbers stay far below 2^53 (exact as doubles).
  public static let countCeiling = 1_000_000

  public static let all = [
    InputLimit(name: "max-input-bytes", ceiling: bytesCeiling, limit: \.yamlLimits.maxInputBytes),
    InputLimit(name: "max-depth", ceiling: yamlDepthCeiling, limit: \.yamlLimits.maxDepth),
    InputLimit(name: "max-scalar-bytes", ceiling: bytesCeiling, limit: \.yamlLimits.maxScalarBytes),
    InputLimit(name: "max-repeat", ceiling: countCeiling, limit: \.limits.maxRepeat),
    InputLimit(name: "max-layers", ceiling: countCeiling, limit: \.limits.maxLayers),
    InputLimit(name: "max-keyframes", ceiling: 10 * countCeiling, limit: \.limits.maxKeyframes),
    InputLimit(name: "max-nesting", ceiling: nestingCeiling, limit: \.limits.maxNesting),
    InputLimit(name: "max-animations", ceiling: countCeiling, limit: \.limits.maxAnimations),
    InputLimit(name: "max-keyframe-values", ceiling: 100 * countCeiling, limit: \.limits.maxKeyframeValues),
    InputLimit(name: "max-instance-count", ceiling: countCeiling, limit: \.limits.maxInstanceCount),
    InputLimit(name: "max-state-values", ceiling: 100 * countCeiling, limit: \.limits.maxStateValues),
  ]

  public static func named(_ name: String) -> InputLimit? { all.first { $0.name == name } }

  /// A positive whole number as written (`5000`, `5_000`), or nil; the ceiling is the caller's to check.
  public static func number(_ text: String) -> Int? {
    guard let number = Int(String(text.filter { $0 != "_" })), number > 0 else { return nil }
    return number
  }
}

extension SpecChecker.Options {
  /// These options with `values` (limit name → value) set; names not in the table are left alone.
  public func setting(_ values: [String: Int]) -> SpecChecker.Options {
    var options = self
    for limit in InputLimit.all {
      if let value = values[limit.name] { options[keyPath: limit.limit] = value }
    }
    return options
  }
}
