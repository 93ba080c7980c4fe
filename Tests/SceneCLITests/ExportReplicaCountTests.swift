import Foundation
import Testing

/// An animated `instanceCount` in the exports: `export svg` leaves out the copies at or above the presentation
/// count (truncated), and `export lottie` steps each copy's opacity where the count crosses it.
@Suite(.serialized) struct ExportReplicaCountTests {
  static let growing = """
    scene: growing
    size: [100, 100]
    layers:
      - id: row
        type: replicator
        frame: [0, 0, 100, 100]
        instanceCount: 1
        instanceTransform: {translation: [20, 0]}
        sublayers:
          - {id: dot, frame: [5, 40, 10, 10], backgroundColor: red}
    timelines:
      grow:
        autoplay: true
        target: row
        keyPath: instanceCount
        from: 1
        to: 4
        duration: 1
        fillMode: forwards
        removedOnCompletion: false
    """

  @Test(arguments: [(0.0, 1), (0.32, 1), (0.34, 2), (0.5, 2), (0.99, 3), (1.0, 4)])
  func svgDrawsTheCopiesBelowTheTruncatedCount(time: Double, drawn: Int) {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.growing, name: "growing", in: folder)
    let run = CLI.run(["export", "svg", spec, "--at", "\(time)"])
    #expect(run.status == 0, "\(run.standardError)")
    // 1 + 3 × time copies: 2 from 1/3 s, 3 from 2/3 s, 4 at 1 s.
    let ids = ["layer-dot"] + (1..<4).map { "layer-dot_\($0)" }
    let present = ids.map { run.standardOutput.contains("id=\"\($0)\"") }
    #expect(present == (0..<4).map { $0 < drawn })
  }

  @Test func lottieHoldsEachLaterCopysOpacityAtZeroUntilTheCountReachesIt() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.growing, name: "growing", in: folder)
    let output = folder.appendingPathComponent("growing.json").path
    let run = CLI.run(["export", "lottie", spec, "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    func opacity(_ name: String) -> [String: Any]? {
      (layers.first { ($0["nm"] as? String) == name }?["ks"] as? [String: Any])?["o"] as? [String: Any]
    }
    #expect(opacity("dot")?["k"] as? Double == 100, "copy 0 is drawn throughout")
    // At 60 fps, copy 1 appears at frame 20 (1/3 s), copy 2 at frame 40 (a frame either way: the count's
    // 2 and 3 fall on those frames to rounding): a hold at 0, then 100.
    for (name, frame) in [("dot~1", 20.0), ("dot~2", 40.0)] {
      let keys = try #require(opacity(name)?["k"] as? [[String: Any]], "\(name) is animated")
      #expect(keys.first?["s"] as? [Double] == [0] && keys.first?["h"] as? Int == 1, "\(name) holds 0 first")
      #expect(
        keys.contains { abs(($0["t"] as? Double ?? -9) - frame) <= 1 && $0["s"] as? [Double] == [100] },
        "\(name) at \(frame)")
    }
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    if let report = ExportTools.validate([output]) { Issue.record("schema validation failed:\n\(report)") }
    #expect(ExportTools.run(probe, ["info", output])?.status == 0, "rlottie cannot load it")
  }

  /// 600 copies appearing one by one over 2 s: each copy's switch between two frames was located by sampling the
  /// whole scene and keeping it, so memory grew with the square of the copies (400: 2.2 GB; 600 aborted, "failed
  /// to allocate"). Now the switches read the replicator and the copy alone: 600 copies take about 90 MB.
  @Test func lottieOfSixHundredAnimatedCopiesStaysSmall() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      Self.growing.replacingOccurrences(of: "to: 4", with: "to: 600")
        .replacingOccurrences(of: "duration: 1", with: "duration: 2")
        .replacingOccurrences(of: "{translation: [20, 0]}", with: "{rotation: 0.0105}"),
      name: "six-hundred", in: folder)
    let output = folder.appendingPathComponent("six-hundred.json").path
    let run = try Scenec.run(["export", "lottie", spec, "-o", output], timeout: 300)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.peakKiB < 400 << 10, "peak \(run.peakKiB) KiB")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    // Copy 300 appears where the count reaches 301, 1 s in (frame 60 at 60 fps): its opacity stays 0 (a hold, or
    // here, where the rotation makes W0902 sample it, flat keys), then 100 within a frame.
    let copy = try #require(layers.first { ($0["nm"] as? String) == "dot~300" })
    let keys = try #require(((copy["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(keys.first?["s"] as? [Double] == [0])
    #expect(keys.allSatisfy { ($0["t"] as? Double ?? 0) > 60 || $0["s"] as? [Double] == [0] }, "0 until frame 60")
    #expect(keys.contains { abs(($0["t"] as? Double ?? -9) - 60) <= 1 && $0["s"] as? [Double] == [100] })
  }
}
