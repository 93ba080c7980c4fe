import Foundation
import SceneDiagnostics

/// `scenec preview SPEC [-o PAGE.html]` and `scenec preview SPEC --serve [--port N]` (docs/web-player.md).
enum PreviewCommand {
  static let usage = "scenec preview SPEC [-o PAGE.html | --serve [--port N]]"
  static let help = """
    Writes one self-contained HTML page that plays the scene: the player, the renderer and the compiled plan
    inlined, and a Content-Security-Policy that forbids any request. Play/pause (space), one-frame steps (',' and
    '.'), a scrubber, speed 0.1×–2×, loop, the timeline menu, a button per declared event (keys 1–9), the current
    state, zoom and a light, dark or checkerboard background.

    Without -o the page is written beside the spec as SPEC-NAME.preview.html; '-o -' writes it to standard output.
    The file is written whole or not at all.

    options:
      -o, --output PAGE    where to write the page
      --serve              serve the page at http://127.0.0.1:PORT/ instead (never another interface), recompile
                           the spec whenever it changes, and let the open page take the new plan (keeping the
                           playhead) or show the diagnostics over the last good animation; Ctrl-C stops it, exit 0
      --port N             the port to serve on (default 8765; 0: any free port, printed)

    The page's scripting contract (window.scenec) and embedding the player: docs/web-player.md.
    """
  static let spec = Arguments.Spec(
    options: ["-o", "--output", "--port"] + CheckOptions.names, flags: ["--serve"])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "preview")
    guard parsed.positional.count == 1 else { throw .usage("preview needs exactly one spec") }
    let path = parsed.positional[0]
    let options = try CheckOptions.options(from: parsed)
    let assets = try WebAssets.load(environment: console.environment)
    let output = parsed.value("-o") ?? parsed.value("--output")
    if parsed.flag("--serve") {
      guard output == nil else { throw .usage("--serve serves the page; it takes no -o") }
      guard path != "-" else { throw .usage("--serve watches a spec file; standard input cannot be watched") }
      let port = try port(parsed.value("--port"))
      return try PreviewServer.serve(
        spec: path, options: options, assets: assets, port: port, console: console)
    }
    guard parsed.value("--port") == nil else { throw .usage("--port is for --serve") }
    let source = try SpecFiles.read(path, console: console, limit: options.yamlLimits.maxInputBytes)
    let build = PreviewBuild.compile(source, options: options)
    if !build.diagnosticsText.isEmpty { _ = console.standardError.write(build.diagnosticsText) }
    guard let planJSON = build.planJSON, let spansJSON = build.spansJSON else { return 1 }
    let page = PreviewPage(assets: assets, title: sceneName(path), served: false)
      .html(planJSON: planJSON, spansJSON: spansJSON, planGeneration: 0)
    let target: String
    if let output { target = output } else { target = try defaultOutput(for: path) }
    if target == "-" {
      guard console.standardOutput.write(page) else { throw .closedOutput }
    } else {
      try AtomicFile.write(page, to: target)
      _ = console.standardError.write("scenec: wrote \(target)\n")
    }
    return 0
  }

  /// `specs/like-button.yaml` → `specs/like-button.preview.html`: beside the spec, so that a page is found
  /// where its spec is and never overwrites the spec itself.
  static func defaultOutput(for spec: String) throws(CommandFailure) -> String {
    guard spec != "-" else { throw .usage("a spec from standard input needs -o PAGE.html (or -o - for stdout)") }
    let url = URL(fileURLWithPath: spec)
    let stem = url.deletingPathExtension().lastPathComponent
    let folder = (spec as NSString).deletingLastPathComponent
    let name = stem + ".preview.html"
    return folder.isEmpty ? name : folder + "/" + name
  }

  static func sceneName(_ spec: String) -> String {
    spec == "-" ? "stdin" : URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
  }

  static func port(_ text: String?) throws(CommandFailure) -> UInt16 {
    guard let text else { return 8765 }
    guard let number = UInt16(text) else {
      throw .usage("option '--port' needs a port number 0–65535, found '\(text)'")
    }
    return number
  }
}
