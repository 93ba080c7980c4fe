/// SGR escape sequences for the text renderer; a disabled style returns text unchanged, so the plain and coloured
/// outputs differ only by escapes.
struct ANSIStyle: Sendable {
  let isEnabled: Bool

  static let bold = "1"
  static let red = "1;31"
  static let yellow = "1;33"
  static let green = "1;32"
  static let cyan = "36"

  func apply(_ code: String, _ text: String) -> String {
    guard isEnabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  func severity(_ severity: Severity) -> String { apply(Self.code(for: severity), severity.rawValue) }

  static func code(for severity: Severity) -> String {
    switch severity {
    case .error: return red
    case .warning: return yellow
    case .note: return green
    }
  }
}
