import Foundation
import SceneCLI
import Testing

/// Exports of a spring transition's replay (`--events`): the SVG export draws what `scenec sample --events` gives,
/// and the Lottie export bakes the spring, interruptions included, to within its documented 1/1000 of the range
/// (warning W0902, "the states' transitions").
@Suite struct ExportSpringTransitionTests {
  static let spec = "Tests/SceneIntegrationTests/Fixtures/spring-transition-switch.yaml"
  /// Turns on, cuts back at 0.12 while the knob is moving fast, and on again at 0.2.
  static let events = "tap@0,tap@0.12,tap@0.2"

  /// The knob's x offset in its superlayer (`matrix[4]`) over the samples `scenec sample` prints.
  static func knobOffsets(_ arguments: [String]) throws -> [(time: Double, x: Double)] {
    let run = CLI.run(["sample", spec, "--events", events] + arguments)
    try #require(run.status == 0, "\(run.standardError)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let samples = try #require(root["samples"] as? [[String: Any]])
    return try samples.map { sample in
      let layers = try #require(sample["layers"] as? [[String: Any]])
      let knob = try #require(layers.first { $0["id"] as? String == "knob" })
      let matrix = try #require(knob["matrix"] as? [Double])
      return (try #require(sample["time"] as? Double), matrix[4])
    }
  }

  @Test(arguments: [0.05, 0.12, 0.16, 0.2, 0.31, 0.6])
  func svgDrawsTheReplay(at time: Double) throws {
    let expected = try #require(try Self.knobOffsets(["--at", "\(time)"]).first).x
    let run = CLI.run(["export", "svg", Self.spec, "--events", Self.events, "--at", "\(time)"])
    try #require(run.status == 0, "\(run.standardError)")
    let marker = "id=\"layer-knob\" transform=\"translate("
    let tail = try #require(run.standardOutput.range(of: marker)).upperBound
    let drawn = try #require(Double(run.standardOutput[tail...].prefix { $0 != " " }))
    #expect(abs(drawn - expected) < 1e-9, "at \(time): drawn \(drawn), sampled \(expected)")
  }

  @Test func lottieBakesTheInterruptedSpring() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("switch.json").path
    let run = CLI.run(["export", "lottie", Self.spec, "--events", Self.events, "-o", file])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("[W0902]") && run.standardError.contains("the states' transitions"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
    let frames = try #require(document["op"] as? Double)
    let layers = try #require(document["layers"] as? [[String: Any]])
    let knob = try #require(layers.first { $0["nm"] as? String == "knob" })
    let position = try #require((knob["ks"] as? [String: Any])?["p"] as? [String: Any])
    let keys = try #require(position["k"] as? [[String: Any]]).map { key in
      (frame: key["t"] as? Double ?? .nan, x: (key["s"] as? [Double])?.first ?? .nan)
    }
    let samples = try Self.knobOffsets(["--from", "0", "--to", "\(frames / 60)", "--fps", "60"])
    let xs = samples.map(\.x)
    let tolerance = (xs.max()! - xs.min()!) / 1000 + 1e-6
    // Lottie's position is the layer's position in its parent; the knob's anchor is its centre (13.5 pt in).
    for (index, sample) in samples.enumerated() {
      let frame = Double(index)
      let after = keys.firstIndex { $0.frame >= frame } ?? keys.count - 1
      let baked: Double
      if after == 0 || keys[after].frame == frame {
        baked = keys[after].x
      } else {
        let (a, b) = (keys[after - 1], keys[after])
        baked = a.x + (b.x - a.x) * (frame - a.frame) / (b.frame - a.frame)
      }
      #expect(abs(baked - 13.5 - sample.x) <= tolerance, "frame \(index): baked \(baked - 13.5), sampled \(sample.x)")
    }
  }
}
