/// The project's public addresses, in one place so that a move changes one line. The repository URL is a
/// placeholder until the project has a public home.
public enum ProjectLinks {
  public static let repository = "https://github.com/scenec/scenec"
  public static let grammar = repository + "/blob/main/Grammar.md"

  /// Where Grammar.md explains a code: its index entry carries the anchor `e0203` (the id in lower case).
  public static func documentation(for code: DiagnosticCode) -> String {
    grammar + "#" + code.id.lowercased()
  }
}
