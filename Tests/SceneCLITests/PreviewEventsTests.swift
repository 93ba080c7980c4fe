import Foundation
import SceneCore
import SceneRuntime
import Testing

/// The page `scenec preview` writes, with the real web player, in headless Chromium driven over the DevTools
/// protocol as a user drives it (Tests/Support/drive_preview.py): mouse clicks on the event buttons, an event's
/// digit key, `window.scenec.send`, and the one-frame key between them. What the page then shows — the state under
/// its controls and the sample it drew — is what `scenec sample --events` prints for the same events at the same
/// times (to 1e-9), and the state the Swift machine replay is in.
@Suite(.serialized) struct PreviewEventsTests {
  static let spec = ExportFixtures.spec("shoot-button")

  @Test func clicksKeysAndSendDriveTheMachineAsEventsDoes() throws {
    guard let chromium = Chromium.path else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("shoot.html").path
    let written = CLI.run(["preview", Self.spec, "-o", page])
    try #require(written.status == 0, "\(written.standardError)")
    // press by its button at 0.3, release by its key 2 frames later, press again by send, mid-transition; then
    // frames through the transitions that follow, observed one or a few frames apart.
    let forward: [[String: Any]] = [["key": "."]]
    let observe: [[String: Any]] = [["observe": true]]
    var actions: [[String: Any]] = [["click": "press"]] + observe + forward + forward + observe
    actions += [["key": "2"]] + observe + forward + observe + [["send": "press"]] + observe
    for step in 1...14 { actions += Array(repeating: forward, count: step % 3 + 1).flatMap { $0 } + observe }
    actions += [["click": "release"]] + observe + forward + observe
    let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/drive_preview.py").path
    let url = URL(fileURLWithPath: page).absoluteString + "#at=0.3"
    let actionsJSON = String(decoding: try JSONSerialization.data(withJSONObject: actions), as: UTF8.self)
    let driven = try #require(
      ExportTools.run(
        "python3", [script, chromium, url, folder.appendingPathComponent("profile").path, actionsJSON]))
    try #require(driven.status == 0, "\(driven.standardOutput)\(driven.standardError)")
    let result = try JSONParser.parse(driven.standardOutput, maxDepth: 64)

    let buttons = result["buttons"]?.arrayValue?.compactMap(\.stringValue)
    #expect(buttons == ["press", "release"], "a button per declared event, in order")
    let sends = try #require(result["sends"]?.arrayValue)
    let events = sends.compactMap { send -> (String, Double)? in
      guard let name = send["name"]?.stringValue, let time = send["time"]?.numberValue else { return nil }
      return (name, time)
    }
    #expect(events.map(\.0) == ["press", "release", "press", "release"], "click, key 2, send, click")
    let frame = 1.0 / 60
    #expect(abs(events[0].1 - 0.3) < 1e-12 && abs(events[1].1 - (0.3 + 2 * frame)) < 1e-9, "\(events)")
    let observations = try #require(result["observations"]?.arrayValue)
    let times = observations.compactMap { $0["time"]?.numberValue }
    try #require(times.count == observations.count && times.count > 15)

    // Each observation against the events sent before it, as `scenec sample --events` and the Swift machine
    // replay see them at the same times (an event sent later is not yet known to the page).
    var failures: [String] = []
    var compared = 0
    var states: Set<String> = []
    for sent in 1...events.count {
      let indices = observations.indices.filter { observations[$0]["sent"]?.numberValue == Double(sent) }
      guard !indices.isEmpty else { continue }
      let eventScript = events.prefix(sent).map { "\($0.0)@\($0.1)" }.joined(separator: ",")
      let at = indices.map { "\(times[$0])" }.joined(separator: ",")
      let sampled = CLI.run(["sample", Self.spec, "--events", eventScript, "--at", at])
      try #require(sampled.status == 0, "\(sampled.standardError)")
      let expected = try #require(try JSONParser.parse(sampled.standardOutput, maxDepth: 64)["samples"]?.arrayValue)
      let replayed = try Self.states(events: eventScript, times: indices.map { times[$0] })
      for (position, index) in indices.enumerated() {
        let place = "observation \(index) at t=\(times[index]) after \(eventScript)"
        let shown = observations[index]["state"]?.stringValue ?? "?"
        states.insert(shown)
        if shown != replayed[position] {
          failures.append("\(place): the page shows \(shown), not \(replayed[position])")
        }
        let sample = observations[index]["sample"] ?? .null
        Self.compare(sample, expected[position], at: place, compared: &compared, into: &failures)
      }
    }
    print("preview events: \(observations.count) observations, \(compared) values compared, states \(states.sorted())")
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    #expect(compared > 1000)
    #expect(states.count > 1, "the clicks moved the machine: \(states)")
    #expect(observations.allSatisfy { ($0["sent"]?.numberValue ?? 0) > 0 }, "every observation follows an event")
  }

  /// The state the Swift machine replay is in at each time under `events`.
  static func states(events: String, times: [Double]) throws -> [String] {
    let compiled = CLI.run(["compile", spec])
    try #require(compiled.status == 0, "\(compiled.standardError)")
    let plan = try Plan(json: try JSONParser.parse(compiled.standardOutput, maxDepth: 64))
    var replay = MachineReplay(plan: plan, script: try EventScript(parsing: events))
    var frames: [LayerFrame] = []
    return times.map { time in
      replay.sample(at: time, into: &frames)
      return replay.machine.states[replay.episode(at: time).state].name
    }
  }

  /// Numbers within 1e-9 (relative above 1), everything else exactly, members in order.
  static func compare(
    _ got: JSONValue, _ expected: JSONValue, at place: String, compared: inout Int, into failures: inout [String]
  ) {
    func differ(_ what: String) { if failures.count < 50 { failures.append("\(place): \(what)") } }
    compared += 1
    switch (got, expected) {
    case (.number(let a), .number(let b)):
      if !(abs(a - b) <= 1e-9 * max(1, abs(b))) { differ("\(a), expected \(b)") }
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return differ("\(a.count) items, expected \(b.count)") }
      for (index, pair) in zip(a, b).enumerated() {
        compare(pair.0, pair.1, at: "\(place)[\(index)]", compared: &compared, into: &failures)
      }
    case (.object(let a), .object(let b)):
      guard a.map(\.0) == b.map(\.0) else { return differ("members \(a.map(\.0)), expected \(b.map(\.0))") }
      for (x, y) in zip(a, b) { compare(x.1, y.1, at: "\(place).\(x.0)", compared: &compared, into: &failures) }
    default:
      if got != expected { differ("\(got), expected \(expected)") }
    }
  }
}
