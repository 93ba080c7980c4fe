/// The project's public addresses, in one place so that a move changes one line. The repository URL is a
/// placeholder until the project has a public home.
public enum ProjectLinks {
  public static let repository = "https://github.com/scenec/scenec"
  public static let grammar = repository + "/blob/main/Grammar.md"
  public static let exports = repository + "/blob/main/docs/exports.md"

  /// Where a code is explained: its index entry carries the anchor `e0203` (the id in lower case), in Grammar.md,
  /// or for an export warning (W09xx, `ExportCodeCatalogue`) in docs/exports.md.
  public static func documentation(for code: DiagnosticCode) -> String {
    let exportCode = ExportCodeCatalogue.all.contains { $0.id == code.id }
    return (exportCode ? exports : grammar) + "#" + code.id.lowercased()
  }
}
