import SceneCore

/// The values of an exporter's options as given on the command line (the last of each), read with the CLI's
/// own wording for a bad number.
public struct ExportOptions: Sendable {
  public var values: [String: String]
  public var flags: Set<String>

  public init(values: [String: String] = [:], flags: Set<String> = []) {
    self.values = values
    self.flags = flags
  }

  public func value(_ name: String) -> String? { values[name] }

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// A positive whole number (`_` separators allowed), or nil when the option is not given.
  public func integer(_ name: String) throws(ExportFailure) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
      throw .usage("option '\(name)' needs a positive whole number, found '\(text)'")
    }
    return number
  }

  /// A finite number, or nil when the option is not given.
  public func number(_ name: String) throws(ExportFailure) -> Double? {
    guard let text = value(name) else { return nil }
    guard let value = DecimalText.parse(text), value.isFinite else {
      throw .usage("\(name) needs a number, found '\(text)'")
    }
    return value
  }
}
