import Foundation
import Testing

/// A replicator's copies in `export svg` (each a layer group through the instance map, a colour matrix for the
/// modulation colour) and in `export lottie` (a null per copy carrying the map, alpha into opacity).
@Suite(.serialized) struct ExportReplicatorTests {
  static let tinted = """
    scene: tinted
    size: [100, 100]
    layers:
      - id: row
        type: replicator
        frame: [0, 0, 100, 100]
        instanceCount: 3
        instanceTransform: {translation: [30, 0]}
        instanceColor: "#FF8000"
        instanceAlphaOffset: -0.25
        sublayers:
          - {id: dot, frame: [5, 40, 20, 20], backgroundColor: white}
    """

  @Test func theSpinnersTwelveBarsAreDrawnInCopyOrderRoundTheCentre() {
    let run = CLI.run(["export", "svg", ExportFixtures.spec("activity-indicator"), "--at", "0.5"])
    #expect(run.status == 0, "\(run.standardError)")
    let text = run.standardOutput
    let ids = ["layer-bar"] + (1..<12).map { "layer-bar_\($0)" }
    let places = ids.compactMap { text.range(of: "id=\"\($0)\"")?.lowerBound }
    #expect(places.count == 12 && places == places.sorted(), "every copy, in copy order")
    // Copy 6 is turned half round the replicator's centre (40, 40): the bar at the top lands at the bottom.
    #expect(text.contains(#"<g id="layer-bar_6" transform="matrix(-1.0000000000000002 "#))
    #expect(!text.contains("filter"), "white modulation draws no filter")
  }

  /// `instanceTransform.translation.x` is a key path as `transform.translation.x` is (Core Animation's
  /// CATransform3D field key paths): animated from 30 to 60, copy k moves k × the animated step.
  @Test func anInstanceTransformFieldKeyPathMovesEachCopyByItsPower() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      Self.tinted + """

        timelines:
          spread:
            autoplay: true
            target: row
            keyPath: instanceTransform.translation.x
            to: 60
            duration: 1
            fillMode: forwards
            removedOnCompletion: false
        """, name: "spread", in: folder)
    let run = CLI.run(["export", "svg", spec, "--at", "0.5"])
    #expect(run.status == 0, "\(run.standardError)")
    // Halfway, the step is 45: copy 2 stands at 5 + 2 × 45.
    #expect(run.standardOutput.contains(#"<g id="layer-dot_1" transform="translate(50 40)""#))
    #expect(run.standardOutput.contains(#"<g id="layer-dot_2" transform="translate(95 40)""#))
  }

  @Test func aModulationColourIsAnSRGBColourMatrixPerCopy() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.tinted, name: "tinted", in: folder)
    let run = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(run.status == 0, "\(run.standardError)")
    let text = run.standardOutput
    // instanceColor #FF8000 = (1, 128/255, 0); alpha 1, 0.75, 0.5 down the row.
    let green = 128.0 / 255
    for (copy, alpha) in [("dot", "1"), ("dot_1", "0.75"), ("dot_2", "0.5")] {
      #expect(text.contains(#"<filter id="tint-\#(copy)""#), "\(copy) has its filter")
      #expect(text.contains("values=\"1 0 0 0 0 0 \(green) 0 0 0 0 0 0 0 0 0 0 0 \(alpha) 0\""), "\(copy)")
    }
    #expect(text.contains(#"color-interpolation-filters="sRGB""#))
    #expect(text.contains(#"<g id="layer-dot_2" transform="translate(65 40)""#), "copy 2 moved 2 × 30")
    guard let rsvg = ExportTools.rsvgConvert else { return }
    let file = folder.appendingPathComponent("tinted.svg").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let png = folder.appendingPathComponent("tinted.png").path
    #expect(ExportTools.run(rsvg, ["-o", png, file])?.status == 0)
  }

  @Test func lottieHangsEachCopyFromANullWithItsInstanceMap() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.tinted, name: "tinted", in: folder)
    let output = folder.appendingPathComponent("tinted.json").path
    let run = CLI.run(["export", "lottie", spec, "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("[W0936]"), "the orange multiply is lost in Lottie")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    let names = layers.compactMap { $0["nm"] as? String }
    #expect(names.contains("dot~1 copy") && names.contains("dot~1") && names.contains("dot~2"))
    let nulls = layers.filter { ($0["nm"] as? String)?.hasSuffix(" copy") == true }
    #expect(nulls.count == 2 && nulls.allSatisfy { $0["ty"] as? Int == 3 })
    let positions = nulls.compactMap { (($0["ks"] as? [String: Any])?["p"] as? [String: Any])?["k"] as? [Double] }
    #expect(Set(positions.map { $0[0] }) == [30, 60], "copies 1 and 2 moved by 30 and 60")
    // The modulation alpha is multiplied into the copies' opacity: 100, 75, 50.
    let opacities = ["dot", "dot~1", "dot~2"].compactMap { name in
      ((layers.first { ($0["nm"] as? String) == name }?["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"]
        as? Double
    }
    #expect(opacities == [100, 75, 50])
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    if let report = ExportTools.validate([output]) { Issue.record("schema validation failed:\n\(report)") }
    #expect(ExportTools.run(probe, ["info", output])?.status == 0, "rlottie cannot load it")
  }
}
