import Foundation
import Testing

/// `scenec export svg` and `scenec export filmstrip`: what the pictures contain, that rsvg-convert renders them,
/// PNG output, determinism and atomic writes.
@Suite(.serialized) struct ExportSVGTests {
  static func svg(_ spec: String, at time: String, timeline: String? = nil, extra: [String] = []) -> CLIRun {
    CLI.run(
      ["export", "svg", ExportFixtures.spec(spec), "--at", time] + (timeline.map { ["--timeline", $0] } ?? []) + extra)
  }

  @Test func everySeedTimelineRendersInRsvgAtItsStartMiddleAndEnd() throws {
    guard let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (spec, timeline) in ExportFixtures.exampleTimelines {
      for time in ["0", "0.4", "0.9", "2.5"] {
        let run = Self.svg(spec, at: time, timeline: timeline)
        #expect(run.status == 0, "\(spec) \(timeline ?? "") at \(time): \(run.standardError)")
        #expect(run.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="))
        let file = folder.appendingPathComponent("frame.svg").path
        try run.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        let png = folder.appendingPathComponent("frame.png").path
        let rendered = ExportTools.run(rsvg, ["-o", png, file])
        #expect(rendered?.status == 0, "rsvg-convert rejects \(spec) at \(time): \(rendered?.standardError ?? "")")
      }
    }
  }

  @Test func theLikeBurstIsMaskedByTheButtonsCircle() {
    let run = Self.svg("like-button", at: "0.5", timeline: "like")
    #expect(run.status == 0)
    let text = run.standardOutput
    #expect(text.contains(#"<mask id="mask-button" maskUnits="userSpaceOnUse""#))
    #expect(text.contains(#"<g mask="url(#mask-button)">"#))
    // The red heart shows, the white one is hidden, the six fans fly out.
    #expect(text.contains(#"id="layer-redHeart""#) && text.contains(##"fill="#ff2a31""##))
    #expect(!text.contains(#"id="layer-hollowHeart""#))
    #expect((0..<6).allSatisfy { text.contains("id=\"layer-fan_\($0)_\"") })
  }

  @Test func bordersBackgroundsCornersAndText() {
    let run = Self.svg("shoot-button", at: "0")
    #expect(run.status == 0)
    let text = run.standardOutput
    // The border ring: outer and inner rounded rectangles filled even-odd, half-transparent red.
    #expect(text.contains(##"fill="#fb3159" fill-opacity="0.5" fill-rule="evenodd""##))
    #expect(text.contains(##"<rect x="0" y="0" width="60" height="60" rx="30" ry="30" fill="#fb3159"/>"##))
    #expect(text.contains(##"font-size="17" text-anchor="middle" fill="#ffffff""##))
    #expect(text.contains(">按住拍</tspan></text>"))
    let pressed = Self.svg("shoot-button", at: "0.1", timeline: "press").standardOutput
    #expect(!pressed.contains("按住拍"), "the title is hidden while pressed")
  }

  @Test func strokeEndTrimsTheRingGeometrically() {
    let run = Self.svg("submit-button", at: "1.5", timeline: "progress")
    #expect(run.status == 0)
    let paths = run.standardOutput.split(separator: "\n").filter { $0.contains("stroke=\"#21c583\"") }
    #expect(paths.count == 1)
    if let ring = paths.first {
      #expect(ring.contains(#"fill="none""#) && ring.contains(#"stroke-linecap="round""#))
      #expect(ring.contains(#"stroke-linejoin="bevel""#) && ring.contains(#"stroke-width="4""#))
      // Trimmed: fewer than the full ring's four quarter cubics.
      #expect(ring.components(separatedBy: " C").count - 1 < 4)
    }
  }

  @Test func pngNeedsRsvgConvertAndSaysSoWithoutIt() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("like.png").path
    let missing = CLI.run(
      ["export", "svg", ExportFixtures.spec("like-button"), "--at", "0.5", "-o", png],
      environment: ["PATH": "/nonexistent"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("rsvg-convert") && missing.standardError.contains("librsvg2-bin"))
    #expect(!FileManager.default.fileExists(atPath: png))
    guard ExportTools.rsvgConvert != nil else { return }
    let made = CLI.run([
      "export", "filmstrip", ExportFixtures.spec("like-button"), "--timeline", "like", "--frames", "4", "-o", png,
    ])
    #expect(made.status == 0, "\(made.standardError)")
    let bytes = [UInt8](FileManager.default.contents(atPath: png) ?? Data())
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG file")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["like.png"], "no temporary files left")
  }

  @Test func filmstripFramesLabelsAndSpan() {
    let like = CLI.run([
      "export", "filmstrip", ExportFixtures.spec("like-button"), "--timeline", "like", "--frames", "5",
    ])
    #expect(like.status == 0)
    for label in ["t = 0 s", "t = 0.25 s", "t = 0.5 s", "t = 0.75 s", "t = 1 s"] {
      #expect(like.standardOutput.contains(label), "missing \(label)")
    }
    #expect(like.standardOutput.components(separatedBy: "<svg x=").count - 1 == 5)
    // The endless shake: one 3 s cycle, every 0.25 s → 13 frames; wrapped into rows.
    let shake = CLI.run(["export", "filmstrip", ExportFixtures.spec("shake-button"), "--fps", "4", "--columns", "5"])
    #expect(shake.status == 0)
    #expect(shake.standardOutput.components(separatedBy: "<svg x=").count - 1 == 13)
    #expect(shake.standardOutput.contains("t = 3 s") && !shake.standardOutput.contains("t = 3.25 s"))
    #expect(shake.standardOutput.contains(#"<svg x="12" y="#) && shake.standardOutput.contains("t = 1.25 s"))
    let usage = CLI.run(["export", "filmstrip", ExportFixtures.spec("like-button"), "--frames", "3", "--fps", "2"])
    #expect(usage.status == 2)
  }

  @Test func exportsAreDeterministicAndAtomic() throws {
    let a = Self.svg("submit-button", at: "0.7", timeline: "shrink")
    let b = Self.svg("submit-button", at: "0.7", timeline: "shrink")
    #expect(a.status == 0 && a.standardOutput == b.standardOutput)
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("frame.svg").path
    try "old".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(Self.svg("submit-button", at: "0.7", timeline: "nosuch", extra: ["-o", file]).status == 1)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
    #expect(Self.svg("submit-button", at: "0.7", timeline: "shrink", extra: ["-o", file]).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == a.standardOutput)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["frame.svg"])
  }

  @Test func usageErrors() {
    #expect(CLI.run(["export"]).status == 2)
    #expect(
      CLI.run(["export", "gif", ExportFixtures.spec("like-button")]).standardError.contains("unknown export 'gif'"))
    #expect(CLI.run(["export", "svg", ExportFixtures.spec("like-button")]).standardError.contains("--at"))
    #expect(CLI.run(["export", "svg", ExportFixtures.spec("like-button"), "--at", "x"]).status == 2)
    #expect(CLI.run(["help", "export"]).standardOutput.contains("rsvg-convert"))
  }
}
