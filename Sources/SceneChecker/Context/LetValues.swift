import Foundation
import SceneDiagnostics
import SceneYAML

/// `let` names that hold colours and lists: reading them where they are defined (once, so no use re-reads a
/// definition) and checking each use against the type its place expects.
extension CheckContext {
  enum TypedLetReading {
    /// A number expression (a number, an angle or a duration): the caller evaluates it.
    case expression
    case value(TypedLetValue)
    /// Reported here.
    case failed
  }

  /// A `let` value whose written form makes it a colour (`"#007AFF"`, `rgb(…)`, `red`), a list of numbers
  /// (`[x, y]`), or another name of those types (`accent: brand`).
  func typedLet(_ node: YAMLNode, name: String, definition: Span) -> TypedLetReading {
    switch document.kind(node) {
    case .mapping:
      error(
        ExpressionDiagnostics.letValueNotSupported, "'\(name)' is given a mapping, which `let` cannot hold",
        at: span(node), notes: [Self.letHolds],
        help: "write the mapping where it is used; a `let` list of numbers may stand for its parts")
      return .failed
    case .sequence:
      return typedLetList(node, name: name, definition: definition)
    case .scalar:
      guard !document.isEmptyPlainScalar(node) else { return .expression }
      let text = document.scalar(node).trimmingCharacters(in: .whitespaces)
      if let earlier = environment.typedNames[text] {
        usedNames.insert(text)
        return .value(TypedLetValue(kind: earlier.kind, components: earlier.components, definition: definition))
      }
      guard Self.looksLikeColour(text) else { return .expression }
      guard let rgba = color(node) else { return .failed }
      return .value(TypedLetValue(kind: .color, components: rgba, definition: definition))
    }
  }

  static let letHolds = "a `let` holds a number, an angle, a duration, a colour or a list of numbers"

  /// Written as a colour rather than as arithmetic: a hex colour, a colour call or a colour name.
  static func looksLikeColour(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return text.hasPrefix("#") || lowered.hasPrefix("rgb(") || lowered.hasPrefix("rgba(")
      || NamedColors.names.contains(text)
  }

  private func typedLetList(_ node: YAMLNode, name: String, definition: Span) -> TypedLetReading {
    guard let items = flowItems(node) else { return .failed }
    guard !items.isEmpty else {
      error(
        ExpressionDiagnostics.letValueNotSupported, "'\(name)' is given an empty list", at: span(node),
        notes: [Self.letHolds], help: "give the list its numbers, such as `[0, 0]`")
      return .failed
    }
    var numbers: [Double] = []
    numbers.reserveCapacity(items.count)
    for item in items {
      if document.kind(item) != .scalar || Self.looksLikeColour(document.scalar(item)) {
        let found = document.kind(item) == .scalar ? "a colour" : describe(item)
        error(
          ExpressionDiagnostics.letValueNotSupported, "a `let` list holds numbers only, and this is \(found)",
          at: span(item), notes: [Self.letHolds],
          help: "give each colour (or each point) a `let` name of its own, and list the names where they are used, "
            + "such as `values: [brand, accent]`")
        return .failed
      }
      guard let value = number(item, unit: Unit.none) else { return .failed }
      numbers.append(value)
    }
    return .value(TypedLetValue(kind: .numbers(count: items.count), components: numbers, definition: definition))
  }

  /// Whether `node` is a name standing for a `let` list, so a place that reads a single number or a list
  /// (`scale`, `timingFunction`) reads it as a list.
  func holdsLetList(_ node: YAMLNode) -> Bool {
    guard !environment.typedNames.isEmpty, document.kind(node) == .scalar,
      case .numbers = environment.typedNames[document.scalar(node)]?.kind
    else { return false }
    return true
  }

  /// A scalar where a list of numbers is read (`position: origin`): the numbers of that `let` list when its
  /// length is one of `counts` (nil: any length); nil after reporting why not.
  func letList(_ node: YAMLNode, counts: [Int]?, what: String) -> [Double]? {
    let text = document.scalar(node).trimmingCharacters(in: .whitespaces)
    // A name whose definition failed was reported there.
    if !failedNames.isEmpty, failedNames.contains(text) { return nil }
    if let typed = environment.typedNames[text] {
      usedNames.insert(text)
      if case .numbers(let count) = typed.kind, counts?.contains(count) ?? true { return typed.components }
      reportLetMismatch(text, holding: typed.phrase, definedAt: typed.definition, expected: what, at: span(node))
      return nil
    }
    if let quantity = environment.names[text], let definition = letSpans[text] {
      usedNames.insert(text)
      reportLetMismatch(text, holding: quantity.unit.phrase, definedAt: definition, expected: what, at: span(node))
      return nil
    }
    if Self.isValidName(text), !environment.typedNames.isEmpty {
      // Only a failure pays for the list of names that would fit.
      let fitting = environment.typedNames.filter {
        guard case .numbers(let count) = $0.value.kind else { return false }
        return counts?.contains(count) ?? true
      }.keys.sorted()
      let suggestion = Suggestion(for: text, among: fitting)
      if let help = suggestion.help {
        error(
          ExpressionDiagnostics.unknownName, "unknown name '\(text)'", at: span(node), help: help,
          replacement: suggestion.replacement)
        return nil
      }
    }
    _ = expectSequence(node, what: what)
    return nil
  }

  /// When `text` is exactly one `let` name, and `failure` says its value does not fit, reports that as the
  /// name's type against `expected` (with the definition) and returns true.
  func reportedLetMismatch(_ text: String, failure: ExpressionFailure, expected: String, at use: Span) -> Bool {
    let codes = [
      ExpressionDiagnostics.letInArithmetic, ExpressionDiagnostics.wrongUnit, ExpressionDiagnostics.unknownColor,
      ExpressionDiagnostics.letTypeMismatch,
    ]
    guard codes.contains(failure.diagnostic.code), !letSpans.isEmpty else { return false }
    let name = text.trimmingCharacters(in: .whitespaces)
    guard let definition = letSpans[name] else { return false }
    let phrase: String
    if let typed = environment.typedNames[name] {
      phrase = typed.phrase
    } else if let quantity = environment.names[name] {
      phrase = quantity.unit.phrase
    } else {
      return false
    }
    reportLetMismatch(name, holding: phrase, definedAt: definition, expected: expected, at: use)
    return true
  }

  func reportLetMismatch(
    _ name: String, holding phrase: String, definedAt definition: Span, expected: String, at use: Span
  ) {
    error(
      ExpressionDiagnostics.letTypeMismatch, "'\(name)' is \(phrase), but \(expected) is expected here", at: use,
      labels: [.init("'\(name)' is defined here as \(phrase)", at: definition)],
      notes: ["a `let` name's type is the type of the value written for it"],
      help: "give \(expected) here, or a `let` name that holds one")
  }
}
