import SceneDiagnostics

/// Diagnostic codes by id (`W0106`) or by name (`unused-layer`): how `# scenec-disable` comments and the `rules:`
/// of `.scenec.yml` name them, looked up the same way in both.
struct CodeLookup {
  let catalogue: [DiagnosticCode]
  private let byWord: [String: DiagnosticCode]

  init(_ catalogue: [DiagnosticCode]) {
    self.catalogue = catalogue
    var byWord: [String: DiagnosticCode] = [:]
    for code in catalogue {
      byWord[code.id] = code
      byWord[code.name] = code
    }
    self.byWord = byWord
  }

  func code(_ word: String) -> DiagnosticCode? { byWord[word] }

  /// "did you mean 'W0106'?" among the warnings' ids and names (only warnings can be switched), or nil.
  func suggestion(for word: String) -> String? {
    Suggestions.didYouMean(word, among: catalogue.filter { $0.severity == .warning }.flatMap { [$0.id, $0.name] })
  }
}
