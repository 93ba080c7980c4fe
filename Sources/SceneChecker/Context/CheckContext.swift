import SceneCore
import SceneDiagnostics
import SceneYAML

/// What the checker carries while it walks one document: the tree, the diagnostics found so far, the names in
/// scope and what has been used (for lint).
final class CheckContext {
  let source: SourceFile
  let document: YAMLDocument
  let limits: CheckLimits
  var diagnostics = DiagnosticBag()
  /// `let` names, `width`, `height`; loop variables are added while a repeated layer is checked.
  var environment: ExpressionEnvironment
  /// Named paths and where they are defined.
  var paths: [String: (path: BezierPath, span: Span)] = [:]
  var letSpans: [String: Span] = [:]
  var usedNames: Set<String> = []
  var usedPaths: Set<String> = []
  /// `let` names whose definition failed: their uses are not reported again.
  var failedNames: Set<String> = []

  /// What is left of the check's search for "did you mean" among a spec's own names (layer ids, states, timelines,
  /// events, paths): each search compares the unknown name with every candidate, so thousands of unknown references
  /// to thousands of names took seconds to minutes (5,000 targets over 5,000 layers: 10.8 s). Past it, an error
  /// names no candidate; the small fixed lists (keys, key paths) are searched outside it.
  var suggestionComparisons = 1_000_000

  /// Takes a search among `count` candidates from the budget; false, taking nothing, when it does not fit.
  func spendSuggestionSearch(among count: Int) -> Bool {
    guard count <= suggestionComparisons else { return false }
    suggestionComparisons -= count
    return true
  }

  /// The closest of `candidates` to `word` (`Suggestions.closest`), within the budget; nil past it.
  func closestName(to word: String, among candidates: [String]) -> String? {
    spendSuggestionSearch(among: candidates.count) ? Suggestions.closest(to: word, among: candidates).first : nil
  }

  /// Whether an expression uses a name whose definition already failed (its error is reported there).
  func dependsOnFailedName(_ text: String) -> Bool {
    !failedNames.isEmpty && Expression.referencedNames(in: text).contains(where: failedNames.contains)
  }

  init(source: SourceFile, document: YAMLDocument, limits: CheckLimits) {
    self.source = source
    self.document = document
    self.limits = limits
    self.environment = ExpressionEnvironment(width: 0, height: 0, names: [:])
  }

  func error(
    _ code: DiagnosticCode, _ message: String, at span: Span, labels: [Diagnostic.Label] = [], notes: [String] = [],
    help: String? = nil, replacement: String? = nil
  ) {
    diagnostics.error(code, message, at: span, labels: labels, notes: notes, help: help, replacement: replacement)
  }

  func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  func span(_ node: YAMLNode) -> Span { document.span(node) }

  /// The text of a scalar, for messages: shortened so a 5 MB scalar never lands in a message.
  func quoted(_ node: YAMLNode) -> String {
    let text = document.scalar(node)
    return text.count > 40 ? "'\(text.prefix(37))…'" : "'\(text)'"
  }
}
