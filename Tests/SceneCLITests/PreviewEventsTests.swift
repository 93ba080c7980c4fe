import Foundation
import Testing

/// The page's event buttons, their keys and `window.scenec.send` in headless Chromium (driven over the DevTools
/// protocol by Tests/Support/click_events.py): each tells the player's live session the event at the playhead,
/// which is what `--events NAME@T,…` replays.
@Suite(.serialized) struct PreviewEventsTests {
  @Test func buttonsKeysAndSendReachThePlayerAtThePlayhead() throws {
    guard let chromium = Chromium.path else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.spec("shoot-button")
    let scripts = ["press@0.3", "press@0.3,release@0.3", "press@0.3,release@0.3,press@0.3"]
    let player = try PreviewFixtures.standInPlayer(spec: spec, times: [0, 0.3, 0.6], events: scripts, in: folder)
    let page = folder.appendingPathComponent("shoot.html").path
    let run = CLI.run(["preview", spec, "-o", page], environment: ["SCENEC_PLAYER_MODULE": player])
    try #require(run.status == 0, "\(run.standardError)")
    let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/click_events.py").path
    let url = URL(fileURLWithPath: page).absoluteString + "#at=0.3"
    let driven = try #require(
      ExportTools.run("python3", [script, chromium, url, folder.appendingPathComponent("profile").path]))
    try #require(driven.status == 0, "\(driven.standardOutput)\(driven.standardError)")
    let result = try #require(
      try JSONSerialization.jsonObject(with: Data(driven.standardOutput.utf8)) as? [String: Any])
    #expect(result["buttons"] as? [String] == ["press", "release"], "a button per declared event, in order")
    let sends = try #require(result["sends"] as? [[String: Any]])
    #expect(sends.map { $0["name"] as? String } == ["press", "release", "press"], "click, key 2, scenec.send")
    #expect(sends.allSatisfy { ($0["time"] as? NSNumber)?.doubleValue == 0.3 }, "at the playhead: \(sends)")
  }
}
