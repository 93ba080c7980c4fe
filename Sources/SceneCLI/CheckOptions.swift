import SceneChecker
import SceneYAML

/// The limit flags every command that reads a spec accepts (`InputLimit`'s table); Grammar.md documents them.
enum CheckOptions {
  static let names = InputLimit.all.map(\.flag)

  /// The limits given as flags, by name (`max-layers`): they win over `.scenec.yml`'s.
  static func values(from arguments: Arguments) throws(CommandFailure) -> [String: Int] {
    var values: [String: Int] = [:]
    for limit in InputLimit.all {
      if let value = try arguments.integer(limit.flag, atMost: limit.ceiling) { values[limit.name] = value }
    }
    return values
  }

  static func options(from arguments: Arguments) throws(CommandFailure) -> SpecChecker.Options {
    SpecChecker.Options().setting(try values(from: arguments))
  }
}
