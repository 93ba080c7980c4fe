/// Applies the fixes diagnostics offer to one file, checks the result, and repeats while a fix brings out another
/// fixable finding (an unknown key corrected, its value is checked and may offer its own fix).
///
/// The check is given, not chosen here, so that every front end fixes by the same rules it reports by (`lint`'s
/// limits and settings, a language server's).
public enum Fixer {
  /// Rounds of fixing before the result is taken as it is: each round checks the whole file again. A finding a
  /// fourth round would bring out stays in the report, and a second `--fix` applies it.
  public static let maximumRounds = 4

  public struct Outcome: Sendable {
    /// The file as read, and the check's diagnostics of it.
    public var original: SourceFile
    public var originalDiagnostics: [Diagnostic]
    /// The fixed file: `original` itself when there was nothing to fix or the fixes were refused.
    public var result: SourceFile
    /// The check's diagnostics of `result`.
    public var diagnostics: [Diagnostic]
    /// How many findings the applied fixes removed, over every round (0 when refused).
    public var fixedCount: Int
    /// Set when the fixes were refused: the first error of the fixed text that `original` did not have.
    public var refusal: Refusal?

    public var changed: Bool { result.bytes != original.bytes }
  }

  /// Why a file was left as it was: `error`, in the fixed text `text` (which locates it).
  public struct Refusal: Sendable {
    public var error: Diagnostic
    public var text: SourceFile
  }

  /// Fixes `source`. The fixed text is accepted only when every error it has, counted by code and message, the
  /// original had too; otherwise the original is kept and `refusal` names the first new error. An error the
  /// checker reaches only once a fix lets it read further counts as new as well: it cannot be told apart from
  /// one a fix made, and either way the fixed file would fail where the original failed for another reason.
  public static func fix(_ source: SourceFile, check: (SourceFile) -> [Diagnostic]) -> Outcome {
    let originalDiagnostics = check(source)
    var current = source
    var diagnostics = originalDiagnostics
    var fixedCount = 0
    for _ in 0..<maximumRounds {
      let edits = FixEdits(diagnostics, in: current.bytes)
      guard !edits.isEmpty else { break }
      current = SourceFile(path: source.path, bytes: edits.applied(to: current.bytes))
      diagnostics = check(current)
      fixedCount += edits.fixedCount
    }
    let unchanged = Outcome(
      original: source, originalDiagnostics: originalDiagnostics, result: source, diagnostics: originalDiagnostics,
      fixedCount: 0, refusal: nil)
    guard fixedCount > 0, current.bytes != source.bytes else { return unchanged }
    if let error = firstNewError(in: diagnostics, comparedWith: originalDiagnostics) {
      var refused = unchanged
      refused.refusal = Refusal(error: error, text: current)
      return refused
    }
    return Outcome(
      original: source, originalDiagnostics: originalDiagnostics, result: current, diagnostics: diagnostics,
      fixedCount: fixedCount, refusal: nil)
  }

  /// The first error of `after` beyond those of `before`, both counted by code and message (a fix moves text, so
  /// positions cannot be compared).
  static func firstNewError(in after: [Diagnostic], comparedWith before: [Diagnostic]) -> Diagnostic? {
    var remaining: [String: Int] = [:]
    for diagnostic in before where diagnostic.severity == .error { remaining[key(diagnostic), default: 0] += 1 }
    for diagnostic in after where diagnostic.severity == .error {
      let count = remaining[key(diagnostic), default: 0]
      guard count > 0 else { return diagnostic }
      remaining[key(diagnostic)] = count - 1
    }
    return nil
  }

  private static func key(_ diagnostic: Diagnostic) -> String { diagnostic.code.id + "\u{0}" + diagnostic.message }
}
