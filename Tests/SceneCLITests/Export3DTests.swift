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
    #expect(run.standardError.contains("layer 'card': its sublayerTransform is not exported"))
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
}
