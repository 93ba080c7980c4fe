import Foundation
import Testing

/// specs/card-flip.yaml through `export svg` and `export lottie`: back faces culled in both, the perspective
/// approximated in SVG (W0920) and dropped in Lottie (W0921), each export read by its consumer.
@Suite(.serialized) struct Export3DTests {
  static let spec = ExportFixtures.spec("card-flip")

  static func svg(at time: String) -> CLIRun {
    CLI.run(["export", "svg", spec, "--events", "tap@0", "--at", time])
  }

  @Test func svgDrawsTheFaceTowardsTheViewerOnly() throws {
    let start = Self.svg(at: "0")
    #expect(start.status == 0, "\(start.standardError)")
    #expect(start.standardOutput.contains(#"id="layer-front""#) && !start.standardOutput.contains(#"id="layer-back""#))
    // Flat at the start: the faces are affine, so nothing is approximated.
    #expect(!start.standardError.contains("W0920"))
    let turning = Self.svg(at: "0.2")
    #expect(turning.standardOutput.contains(#"id="layer-front""#))
    #expect(!turning.standardOutput.contains(#"id="layer-back""#))
    #expect(turning.standardError.contains("layer 'front': seen in perspective through 'card''s sublayerTransform"))
    #expect(turning.standardError.contains("[W0920]") && turning.standardError.contains("card-flip.yaml:27:9"))
    let end = Self.svg(at: "0.6")
    #expect(end.standardOutput.contains(#"id="layer-back""#) && !end.standardOutput.contains(#"id="layer-front""#))
    #expect(!end.standardError.contains("W0920"))
    guard let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, run) in [("start", start), ("turning", turning), ("end", end)] {
      let file = folder.appendingPathComponent("\(name).svg").path
      try run.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
      let png = folder.appendingPathComponent("\(name).png").path
      #expect(ExportTools.run(rsvg, ["-o", png, file])?.status == 0, "rsvg-convert rejects the \(name) frame")
    }
  }

  /// rlottie draws the front's red pip at the centre before the flip and the back's yellow emblem after it:
  /// without the culled faces' opacity at 0 the mirrored other face would cover it.
  @Test func lottieValidatesAndRlottieShowsOneFaceAtATime() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("card-flip.json").path
    let run = CLI.run(["export", "lottie", Self.spec, "--events", "tap@0", "-o", file])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("layer 'card': its sublayerTransform's perspective is not exported"))
    #expect(run.standardError.contains("[W0921]"))
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    if let report = ExportTools.validate([file]) { Issue.record("schema validation failed:\n\(report)") }
    let info = try #require(ExportTools.run(probe, ["info", file]))
    try #require(info.status == 0, "rlottie cannot load it: \(info.standardError)")
    let frames = Int(Double(info.standardOutput.split(separator: " ")[0]) ?? 0)
    for (frame, expected) in [(0, [0xE0, 0x31, 0x3B]), (frames - 1, [0xF2, 0xC1, 0x4E])] {
      let dump = folder.appendingPathComponent("frame.rgba").path
      #expect(ExportTools.run(probe, ["dump", file, "\(frame)", "240", "260", dump])?.status == 0)
      let pixels = try #require(ExportTools.Pixels(file: dump))
      let centre = pixels.premultiplied(120, 130)
      #expect(centre[3] == 255 && zip(centre, expected).allSatisfy { abs($0 - $1) <= 2 }, "frame \(frame): \(centre)")
    }
  }

  /// A sublayerTransform without perspective (scale 2, a quarter turn) is exact in Lottie: rlottie draws the
  /// tile where the SVG export does, turned about the turntable's anchor point, and nothing is warned.
  @Test func aFlatSublayerTransformIsANullLayerInLottie() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      """
      scene: turned
      size: [200, 200]
      layers:
        - id: turntable
          frame: [50, 50, 100, 100]
          sublayerTransform: {scale: 2, rotation: 90deg}
          sublayers:
            - {id: tile, position: [70, 50], bounds: [0, 0, 20, 20], backgroundColor: red}
      """, name: "turned", in: folder)
    let file = folder.appendingPathComponent("turned.json").path
    let run = CLI.run(["export", "lottie", spec, "--strict", "-o", file])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    guard let probe = ExportTools.probePath else { return }
    let dump = folder.appendingPathComponent("frame.rgba").path
    #expect(ExportTools.run(probe, ["dump", file, "0", "200", "200", dump])?.status == 0)
    let pixels = try #require(ExportTools.Pixels(file: dump))
    // The tile's centre, 20 right of the anchor (50, 50): doubled to 40 and turned a quarter clockwise, (50, 90)
    // in the turntable, (100, 140) in the scene, 40 wide; where it would be without the transform, nothing.
    for point in [(100, 140), (82, 122), (118, 158)] {
      #expect(pixels.premultiplied(point.0, point.1) == [255, 0, 0, 255], "\(point)")
    }
    #expect(pixels.premultiplied(120, 100)[3] == 0)
    let svg = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(svg.standardOutput.contains("matrix(0 2 -2 0 70 70)"), "\(svg.standardOutput)")
  }
}
