#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `--color` option.
public enum ColorChoice: String, Sendable, Hashable, CaseIterable {
  /// Colour when writing to a terminal that wants it (see `ColorPolicy`).
  case auto
  case always
  case never
}

/// Whether text output is coloured. An explicit `always` or `never` wins; `auto` colours only a terminal, and only
/// when `NO_COLOR` is unset or empty (https://no-color.org) and `TERM` is not `dumb`. Pipes, files and CI logs get
/// plain text, so tools and golden tests never see escape sequences.
public struct ColorPolicy: Sendable, Hashable {
  public var choice: ColorChoice

  public init(_ choice: ColorChoice = .auto) {
    self.choice = choice
  }

  /// The decision from given facts, so that it can be tested without a terminal.
  public func isEnabled(environment: [String: String], outputIsTerminal: Bool) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      return outputIsTerminal && !noColor && environment["TERM"] != "dumb"
    }
  }

  /// For `lint`, whose report goes to standard output.
  public func isEnabledForStandardOutput() -> Bool { isEnabled(forDescriptor: 1) }

  /// For the other commands, whose diagnostics go to standard error.
  public func isEnabledForStandardError() -> Bool { isEnabled(forDescriptor: 2) }

  private func isEnabled(forDescriptor descriptor: Int32) -> Bool {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return isEnabled(environment: environment, outputIsTerminal: isatty(descriptor) == 1)
  }
}
