import SceneDiagnostics
import SceneRuntime

extension Plan {
  /// The timeline `--timeline NAME` names; otherwise prints the error, with a did-you-mean, and returns nil
  /// (exit 1: the spec has no such timeline, as E0715 says of names inside a spec).
  func timelineIndex(reportingUnknown name: String, console: Console) -> Int? {
    if let index = timelineIndex(named: name) { return index }
    let hint = Suggestions.closest(to: name, among: timelines.names).first.map { "; did you mean '\($0)'?" } ?? ""
    _ = console.standardError.write("scenec: error: no timeline named '\(name)'\(hint)\n")
    return nil
  }
}
