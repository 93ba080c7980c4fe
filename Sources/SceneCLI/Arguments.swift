import Foundation
import SceneDiagnostics

/// A small command-line parser: `--flag`, `--option value`, `--option=value`, `-o value`, and positional
/// arguments; unknown options get a did-you-mean. (swift-argument-parser would do this better; it is an outside
/// package and cannot be a dependency here.)
struct Arguments {
  struct Spec {
    /// Options that take a value, e.g. ["--format", "-o"].
    var options: [String]
    /// Options that take no value.
    var flags: [String]
  }

  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []

  init(_ arguments: [String], spec: Spec, command: String) throws(CommandFailure) {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if spec.flags.contains(name) {
        guard inline == nil else { throw .usage("option '\(name)' takes no value") }
        flags.insert(name)
      } else if spec.options.contains(name) {
        if let inline {
          values[name, default: []].append(inline)
        } else {
          guard index < arguments.count else { throw .usage("option '\(name)' needs a value") }
          values[name, default: []].append(arguments[index])
          index += 1
        }
      } else {
        let known = spec.options + spec.flags
        let hint = Suggestions.closest(to: name, among: known).first.map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown option '\(name)' for '\(command)'\(hint)")
      }
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option.
  func value(_ name: String) -> String? { values[name]?.last }

  func allValues(_ name: String) -> [String] { values[name] ?? [] }

  /// `-o FILE` or `--output FILE`; nil when neither is given or the file is `-`, standard output (as for
  /// `preview`: a file literally named `-` was written before).
  var outputPath: String? {
    guard let path = value("-o") ?? value("--output"), path != "-" else { return nil }
    return path
  }

  func integer(_ name: String, atMost ceiling: Int = .max) throws(CommandFailure) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
      throw .usage("option '\(name)' needs a positive whole number, found '\(text)'")
    }
    guard number <= ceiling else { throw .usage("option '\(name)' is at most \(ceiling), found '\(text)'") }
    return number
  }
}
