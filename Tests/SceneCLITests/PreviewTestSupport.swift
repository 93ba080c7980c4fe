import Foundation
import SceneCore
import SceneExport
import SceneRuntime
import Testing

/// What the preview tests share: the plan of a spec, the end the page's scrubber shows, headless Chromium.
enum PreviewFixtures {
  static func planObject(_ spec: String) throws -> [String: Any] {
    let run = CLI.run(["compile", spec])
    try #require(run.status == 0, "\(run.standardError)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
  }

  /// The end of the page's scrubber for a timeline (the autoplay set's when nil): the span's end, which the page
  /// gets from scenec (`ExportSpan`, the exports' rule), or 1 s for a still scene.
  static func end(of plan: [String: Any], timeline: String?) throws -> Double {
    let decoded = try Plan(json: try JSONParser.parse(try JSONSerialization.data(withJSONObject: plan).map { $0 }))
    let playing = timeline.map { name in decoded.timelineIndex(named: name).map { [$0] } ?? [] }
    let end = ExportSpan.of(plan: decoded, playing: playing ?? decoded.autoplayTimelines).end
    return end > 0 ? end : 1
  }
}

enum Chromium {
  static var path: String? {
    guard let path = ExportTools.which("chromium") ?? ExportTools.which("chromium-browser") else {
      Issue.record("chromium is \(ExportTools.hint)")
      return nil
    }
    return path
  }

  static func arguments(profile: URL, deviceScale: Int = 1) -> [String] {
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
      "--user-data-dir=\(profile.path)", "--force-device-scale-factor=\(deviceScale)",
    ]
  }

  /// A screenshot of `url` at `width`×`height` CSS pixels (times `deviceScale` device pixels).
  static func screenshot(_ url: String, width: Int, height: Int, to file: String, folder: URL, deviceScale: Int = 1)
    throws
  {
    let chromium = try #require(path)
    let run = try #require(
      ExportTools.run(
        chromium,
        arguments(profile: folder.appendingPathComponent("profile"), deviceScale: deviceScale) + [
          "--window-size=\(width),\(height)", "--virtual-time-budget=2000", "--screenshot=\(file)", url,
        ]))
    try #require(FileManager.default.fileExists(atPath: file), "chromium wrote no screenshot: \(run.standardError)")
  }

  /// The DOM of `url` after `budget` ms of virtual time (which stands still while a request is pending).
  static func dumpDOM(_ url: String, budget: Int, folder: URL, deviceScale: Int = 1) throws -> String {
    let chromium = try #require(path)
    let run = try #require(
      ExportTools.run(
        chromium,
        arguments(profile: folder.appendingPathComponent("profile-dom"), deviceScale: deviceScale) + [
          "--virtual-time-budget=\(budget)", "--dump-dom", url,
        ]))
    return run.standardOutput
  }
}
