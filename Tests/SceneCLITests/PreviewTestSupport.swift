import Foundation
import Testing

/// What the preview tests share: the plan of a spec, the end the page's scrubber shows, headless Chromium.
enum PreviewFixtures {
  static func planObject(_ spec: String) throws -> [String: Any] {
    let run = CLI.run(["compile", spec])
    try #require(run.status == 0, "\(run.standardError)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
  }

  /// The latest finite end of a timeline's tracks (the autoplay set's when nil), as the page's scrubber computes it.
  static func end(of plan: [String: Any], timeline: String?) -> Double {
    var end = 0.0
    let tracks = plan["tracks"] as? [[String: Any]] ?? []
    for entry in plan["timelines"] as? [[String: Any]] ?? [] {
      let name = entry["name"] as? String
      guard timeline == nil ? (entry["autoplay"] as? Bool ?? false) : name == timeline else { continue }
      let range = entry["tracks"] as? [Int] ?? [0, 0]
      for track in range[0]..<range[1] {
        for stage in tracks[track]["stages"] as? [[String: Any]] ?? [] {
          let begin = (stage["beginTime"] as? NSNumber)?.doubleValue ?? 0
          let active = (stage["activeDuration"] as? NSNumber)?.doubleValue ?? .infinity
          if (begin + active).isFinite { end = max(end, begin + active) }
        }
      }
    }
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
