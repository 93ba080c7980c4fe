import Foundation

/// The page template and the JavaScript modules the preview inlines: `Web/preview.html`, `Web/scenec-render.js`,
/// `Web/scenec-player.js` and `Web/scenec-canvas.js` (optional: a `Web/` folder without it, an older checkout's that
/// the web benchmark measures, gives a page that draws with the SVG renderer only), read when the command runs so
/// that the page always carries the modules of the checkout (nothing generated to keep in step).
///
/// Where `Web/` is, first found wins: `SCENEC_WEB_DIR`; `../share/scenec/Web` of an installed `bin/scenec` (the
/// release's layout, scripts/package.sh; first, so that a release never reads a stray checkout's); beside the
/// executable's package (`.build/<config>/scenec` → `Web/` two or three folders up, through the symlink); the
/// source checkout this file was compiled from. `SCENEC_PLAYER_MODULE` names another player module (a test
/// stand-in, a newer player) in place of `Web/scenec-player.js`.
struct WebAssets {
  var template: String
  var renderer: String
  var player: String
  var canvas: String?

  static let names = ["preview.html", "scenec-render.js", "scenec-player.js", "scenec-canvas.js"]

  static func load(environment: [String: String]) throws(CommandFailure) -> WebAssets {
    guard let folder = folder(environment: environment) else {
      throw .usage(
        "cannot find the preview's web files (Web/preview.html and Web/scenec-render.js); set SCENEC_WEB_DIR to "
          + "the Web folder of a scenec checkout")
    }
    let playerPath =
      environment["SCENEC_PLAYER_MODULE"].flatMap { $0.isEmpty ? nil : $0 }
      ?? folder.appendingPathComponent("scenec-player.js").path
    let canvasPath = folder.appendingPathComponent("scenec-canvas.js").path
    return WebAssets(
      template: try read(folder.appendingPathComponent("preview.html").path),
      renderer: try read(folder.appendingPathComponent("scenec-render.js").path),
      player: try read(playerPath),
      canvas: FileManager.default.fileExists(atPath: canvasPath) ? try read(canvasPath) : nil)
  }

  static func folder(environment: [String: String]) -> URL? {
    var candidates: [URL] = []
    if let given = environment["SCENEC_WEB_DIR"], !given.isEmpty { candidates.append(URL(fileURLWithPath: given)) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let binFolder = executable.deletingLastPathComponent()
    candidates.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/scenec/Web"))
    // .build/debug/scenec is a symlink into .build/<triple>/debug/: the package is two or three folders up.
    candidates.append(binFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Web"))
    candidates.append(
      binFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Web"))
    let source = URL(fileURLWithPath: #filePath)
    candidates.append(
      source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Web"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("preview.html").path) }
  }

  private static func read(_ path: String) throws(CommandFailure) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      throw .usage("cannot read the preview's web file \(path)")
    }
    return text
  }
}
