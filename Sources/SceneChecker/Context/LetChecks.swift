import Foundation
import SceneDiagnostics

/// Checks on `let` definitions that catch, at the definition, what would otherwise surface as a puzzling error
/// at every use.
extension CheckContext {
  /// A `let` name or loop variable is used in expressions, where `-` is minus: `track-w` would always read as
  /// `track - w`.
  func checkLetName(_ name: String, at span: Span, what: String = "the let name") -> Bool {
    guard name.contains("-") else { return true }
    let snake = name.replacingOccurrences(of: "-", with: "_")
    let parts = name.split(separator: "-")
    let camel =
      (parts.first.map(String.init) ?? "")
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    error(
      CheckDiagnostics.invalidName, "\(what) '\(name)' cannot be used: in an expression '-' is minus",
      at: span, notes: ["'\(name)' would read as '\(parts.joined(separator: " - "))'"],
      help: "name it \(snake) or \(camel)", replacement: snake)
    return false
  }

  /// A loop variable named like a `let` name is the instance number in its layer's expressions (and in the
  /// animations targeting it), while a colour or a list read by that name is still the `let`'s: legal, and
  /// rarely what was meant.
  func warnIfHidingLet(loopVariable name: String, at span: Span) {
    guard let definition = letSpans[name] else { return }
    error(
      LintDiagnostics.loopVariableHidesLet, "the loop variable '\(name)' hides the `let` name '\(name)'", at: span,
      labels: [.init("'\(name)' is defined here", at: definition)],
      notes: ["in this layer's expressions and the animations targeting it, '\(name)' is the instance number"],
      help: "give the loop variable a name of its own, such as `as: k`")
  }
}
