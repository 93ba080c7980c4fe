import SceneDiagnostics
import SceneExport
import SceneRuntime

/// The `scenec` command line: parses the command name and hands over to one command type.
public enum SceneCLI {
  /// The release's version: `--version`, SARIF's tool version, and scripts/package.sh's archive names.
  public static let version = "0.1.0"

  static let commands: [(name: String, summary: String)] = [
    ("lint", "check specs and report every problem (stdout)"),
    ("compile", "compile a spec into an evaluation plan (JSON)"),
    ("sample", "print the presentation state of every layer at given times (JSON)"),
    ("schema", "print the JSON Schema of the spec language, for editors"),
    // The kinds come from the registry, so that a new export cannot be missing here (video once was).
    ("export", "pictures and animation files of a scene: " + ExporterRegistry.names.joined(separator: ", ")),
    ("preview", "a self-contained HTML page that plays the scene, or serve it with live reload"),
    ("help", "show help for a command"),
  ]

  /// Runs one invocation; returns the exit status (0 success, 1 the spec has errors, 2 usage or input error).
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    do {
      return try dispatch(arguments, console: console)
    } catch {
      // Messages name files and quote arguments as given, and a tool's output of several lines: `PrintableText`
      // keeps a usage message on its line, and lets a tool's lines start no line of their own making.
      switch error {
      case .usage(let message):
        let printable = PrintableText.escaped(message)
        _ = console.standardError.write("scenec: error: \(printable)\n\(usageLine(for: arguments.first))\n")
        return 2
      case .failed(let message):
        _ = console.standardError.write("scenec: error: \(PrintableText.escapedLines(message))\n")
        return 2
      case .closedOutput:
        _ = console.standardError.write("scenec: error: standard output was closed before the output was written\n")
        return 2
      }
    }
  }

  private static func dispatch(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    guard let command = arguments.first else {
      guard console.standardOutput.write(Help.overview) else { throw .closedOutput }
      return 0
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("-h") || rest.contains("--help") { return try printHelp(for: command, console: console) }
    switch command {
    case "-h", "--help": return try printHelp(for: nil, console: console)
    case "help": return try printHelp(for: rest.first, console: console)
    case "--version", "-V", "version":
      guard console.standardOutput.write(versionLine) else { throw .closedOutput }
      return 0
    case "lint": return try LintCommand.run(rest, console: console)
    case "compile": return try CompileCommand.run(rest, console: console)
    case "sample": return try SampleCommand.run(rest, console: console)
    case "schema": return try SchemaCommand.run(rest, console: console)
    case "export": return try ExportCommand.run(rest, console: console)
    case "preview": return try PreviewCommand.run(rest, console: console)
    default:
      let hint =
        Suggestions.closest(to: command, among: commands.map(\.name)).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown command '\(command)'\(hint)")
    }
  }

  private static func printHelp(for command: String?, console: Console) throws(CommandFailure) -> Int32 {
    let text: String
    if let command {
      guard let help = Help.text(for: command) else {
        let hint =
          Suggestions.closest(to: command, among: commands.map(\.name)).first.map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("no help for unknown command '\(command)'\(hint)")
      }
      text = help
    } else {
      text = Help.overview
    }
    guard console.standardOutput.write(text) else { throw .closedOutput }
    return 0
  }

  /// What `--version` prints: the release and the plan format that `compile` writes (docs/plan-format.md).
  static var versionLine: String { "scenec \(version) (writes plan format \(Plan.formatVersion))\n" }

  static func usageLine(for command: String?) -> String {
    if let command, let usage = Help.usage[command] { return "usage: \(usage)\nsee 'scenec help \(command)'" }
    return "usage: scenec <command> [options]\nsee 'scenec --help'"
  }
}
