/// Help texts: `-h`, `--help` and `help <command>` all print these, on standard output.
enum Help {
  static let usage: [String: String] = [
    "lint":
      "scenec lint PATH… [--format text|json|sarif|github] [--strict] [--color auto|always|never] [--jobs N]"
      + " [--fix | --fix-dry-run]",
    "compile": "scenec compile SPEC [-o PLAN.json] [--format text|json|sarif|github]",
    "sample":
      "scenec sample SPEC|PLAN.json (--at T[,T…] | [--from A] [--to B] --fps N) [--timeline NAME | --events E@T[,…]]"
      + " [--format text|json|sarif|github]",
    "schema": "scenec schema [-o FILE]",
    "export": ExportCommand.usage,
    "preview": PreviewCommand.usage,
    "help": "scenec help [COMMAND]",
  ]

  static var overview: String {
    var text = "scenec \(SceneCLI.version) — compile YAML layer-animation specs with Core Animation's semantics\n\n"
    text += "usage: scenec <command> [options]\n\ncommands:\n"
    for command in SceneCLI.commands {
      text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += "\noptions:\n  -h, --help    show help (also: scenec help <command>)\n"
    text += "  --version     print the version and the plan format it writes\n"
    text += "\nexit status: 0 success, 1 the spec has errors (or warnings with --strict), 2 usage or input error\n"
    text += "the language: Grammar.md\n"
    return text
  }

  static func text(for command: String) -> String? {
    guard let usage = usage[command] else { return nil }
    let body: String
    switch command {
    case "lint":
      body = """
        Checks each spec (files, or every *.yaml / *.yml below a folder, in sorted order) and prints every
        diagnostic on standard output. Files are checked in parallel; the report is identical to a serial run's.

        options:
          --format FORMAT     text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
          --strict            warnings also make the exit status 1
          --short             text format: one line per diagnostic, no source excerpt
          --quiet             text format: print nothing on a clean run (else "3 files checked, no problems")
          --color WHEN        auto (default: only on a terminal, and not when NO_COLOR is set), always, never
          --jobs N            check at most N files at once (default: one per core)
          --fix               apply the fixes the diagnostics carry (the codes Grammar.md marks fixable), each
                              file replaced in place keeping its mode; the report is then of the fixed files
          --fix-dry-run       write nothing: print the unified diff --fix would make (patch -p1 applies it)
          --max-input-bytes N, --max-depth N, --max-scalar-bytes N, --max-repeat N, --max-layers N,
          --max-keyframes N, --max-nesting N, --max-animations N, --max-keyframe-values N,
          --max-instance-count N, --max-state-values N
                              raise or lower a limit (Grammar.md, "Limits")

        A path of '-' reads a spec from standard input.

        Fixes: each replaces only its own text, so comments and formatting elsewhere stay as they are. The file is
        checked again after fixing, up to 4 rounds while a fix brings out another fixable finding. A file whose
        fixes would leave an error it did not have is left as it was, and standard error says which error and
        where; so is a read-only file (exit 2). Standard error ends with "fixed N problems in M files" (not with
        --quiet). --fix refuses '-'; --fix-dry-run diffs it as <stdin>.
        """
    case "compile":
      body = """
        Compiles a spec into its evaluation plan (JSON, documented in Grammar.md). Without -o the plan goes to
        standard output; with -o it is written to a temporary file beside FILE and renamed, so FILE is either the
        whole plan or untouched. Diagnostics go to standard error.

        options:
        \(DiagnosticReport.help)
        """
    case "sample":
      body = """
        Prints the presentation state of every layer (paint order, Core Animation property names) at each time.
        Without --timeline the autoplay timelines play from time 0, and a scene with states is in its initial
        state unless --events says otherwise.

        options:
          --at T[,T…]          times in seconds
          --from A --to B --fps N
                               every 1/N s from A to B inclusive; A and B default to the start and end of
                               the span an export of the same timelines or events shows (an endless loop's
                               start and end, which sample alike), so --fps N alone samples that span
          --timeline NAME      play this timeline from time 0 instead
          --events E@T[,E@T…]  replay events through the scene's states (press@0,release@1.2); an event the
                               current state has no transition for is ignored with a warning
          --max-samples N      the most layer states (times x layers) printed (default 200000, about
                               300 MB of JSON); more is an error, nothing printed
        \(DiagnosticReport.help)

        Diagnostics go to standard error; a value that overflows is warning W0913 at its layer. The samples
        are printed as they are computed, so memory stays that of one time however many are asked for.
        """
    case "export":
      body = ExportCommand.help
    case "preview":
      body = PreviewCommand.help
    case "schema":
      body = """
        Prints the JSON Schema (draft 2020-12) of the spec language, generated from the checker's own table of
        keys. Point your editor's YAML language server at it (Grammar.md, "Editor support").
        """
    default:
      body = "Shows help for a command: \(SceneCLI.commands.map(\.name).joined(separator: ", "))."
    }
    return "usage: \(usage)\n\n\(body)\n"
  }
}
