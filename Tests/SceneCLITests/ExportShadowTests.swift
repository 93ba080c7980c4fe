import Foundation
import SceneCLI
import Testing

/// Shadows in the exports: the SVG filter (read back through rsvg-convert's pixels) and Lottie's drop-shadow effect.
@Suite(.serialized) struct ExportShadowTests {
  /// A white card on a white canvas: only its shadow can darken a pixel.
  static func card(offset: String, extra: String = "") -> String {
    """
    scene: shadow
    size: [120, 120]
    layers:
      - {id: card, frame: [30, 30, 60, 60], backgroundColor: white, shadowOpacity: 0.8, shadowRadius: 4, \
    shadowOffset: \(offset)\(extra)}
    """
  }

  static func pixels(_ yaml: String, name: String, in folder: URL) throws -> ExportTools.Pixels? {
    guard let rsvg = ExportTools.rsvgConvert, let probe = ExportTools.probePath else { return nil }
    let spec = ExportFixtures.write(yaml, name: name, in: folder)
    return try FrameComparison.svgFrame(
      spec: spec, timeline: nil, extra: ["--background", "white"], frame: 0, scale: 1, folder: folder, rsvg: rsvg,
      probe: probe)
  }

  /// Red channel (premultiplied, on white): 255 where nothing is cast.
  static func red(_ pixels: ExportTools.Pixels, _ x: Int, _ y: Int) -> Int { pixels.premultiplied(x, y)[0] }

  @Test func theFilterBlursTheLayersAlphaByTheRadiusAndMovesItByTheOffset() {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CLI.run([
      "export", "svg", ExportFixtures.write(Self.card(offset: "[0, 8]"), name: "s", in: folder), "--at", "0",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let svg = run.standardOutput
    #expect(svg.contains(#"<feGaussianBlur in="SourceAlpha" stdDeviation="4"/>"#))
    #expect(svg.contains(#"<feOffset dx="0" dy="8" result="cast"/>"#))
    #expect(svg.contains(##"<feFlood flood-color="#000000" flood-opacity="0.8"/>"##))
    #expect(svg.contains(#"<g filter="url(#shadow-card)">"#))
  }

  @Test func theShadowFallsWhereTheOffsetPointsAndTheDefaultPointsUp() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let down = try Self.pixels(Self.card(offset: "[0, 8]"), name: "down", in: folder) else { return }
    // 4 points below the card's bottom edge (y = 90) is in the shadow; as far above its top edge is not.
    #expect(Self.red(down, 60, 94) < 200, "below: \(down.premultiplied(60, 94))")
    #expect(Self.red(down, 60, 26) > 245, "above: \(down.premultiplied(60, 26))")
    #expect(Self.red(down, 60, 60) == 255, "the card itself is drawn over its shadow")
    // Core Animation's default offset [0, -3] casts the shadow up (y down).
    let yaml = Self.card(offset: "[0, -3]").replacingOccurrences(of: ", shadowOffset: [0, -3]", with: "")
    guard let up = try Self.pixels(yaml, name: "up", in: folder) else { return }
    #expect(Self.red(up, 60, 27) < Self.red(up, 60, 93), "up: \(up.premultiplied(60, 27)) \(up.premultiplied(60, 93))")
  }

  @Test func masksToBoundsClipsTheShadowAndZeroOpacityCastsNone() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clipped = Self.card(offset: "[0, 8]", extra: ", masksToBounds: true")
    guard let pixels = try Self.pixels(clipped, name: "clipped", in: folder) else { return }
    #expect(Self.red(pixels, 60, 94) == 255, "masksToBounds cuts the shadow: \(pixels.premultiplied(60, 94))")
    let none = Self.card(offset: "[0, 8]").replacingOccurrences(of: "shadowOpacity: 0.8", with: "shadowOpacity: 0")
    let run = CLI.run(["export", "svg", ExportFixtures.write(none, name: "none", in: folder), "--at", "0"])
    #expect(run.status == 0 && !run.standardOutput.contains("filter"))
  }

  @Test func aShadowPathIsFilledBlurredAndMovedBeneathTheLayer() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = Self.card(offset: "[0, 8]", extra: ", shadowPath: [{rect: [0, 60, 60, 6]}]")
    let run = CLI.run(["export", "svg", ExportFixtures.write(yaml, name: "path", in: folder), "--at", "0"])
    let lines = run.standardOutput.split(separator: "\n")
    let shadow = try #require(lines.firstIndex { $0.contains(#"filter="url(#shadow-card)""#) })
    let card = try #require(lines.firstIndex { $0.contains("<rect x=\"0\" y=\"0\" width=\"60\"") })
    #expect(shadow < card, "the shadow is drawn first")
    #expect(lines[shadow].contains(#"d="M0 60 L60 60 L60 66 L0 66 Z" transform="translate(0 8)""#))
    guard let pixels = try Self.pixels(yaml, name: "path-pixels", in: folder) else { return }
    // The path's band, moved 8 down: card y 68…74 is scene y 98…104, under nothing else.
    #expect(Self.red(pixels, 60, 101) < 200, "\(pixels.premultiplied(60, 101))")
    #expect(Self.red(pixels, 60, 26) == 255, "no shadow of the card's own outline above it")
  }

  /// A shadowPath animated from a band below the card to one above it: the export draws the path of each frame.
  static let movingShadowPath =
    card(offset: "[0, 8]", extra: ", shadowPath: [{rect: [0, 60, 60, 6]}]") + "\n"
      + """
      timelines:
        rise: {autoplay: true, target: card, keyPath: shadowPath, to: [{rect: [0, -12, 60, 6]}], duration: 1, \
      fillMode: forwards, removedOnCompletion: false}
      """

  @Test func anAnimatedShadowPathMovesTheShadow() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.movingShadowPath, name: "rise", in: folder)
    let half = CLI.run(["export", "svg", spec, "--at", "0.5"])
    #expect(half.status == 0, "\(half.standardError)")
    // Halfway, point by point: y 60 → −12 is 24, so the band is 24…30.
    #expect(half.standardOutput.contains(#"d="M0 24 L60 24 L60 30 L0 30 Z" transform="translate(0 8)""#))
    guard let rsvg = ExportTools.rsvgConvert, let probe = ExportTools.probePath else { return }
    let start = try FrameComparison.svgFrame(
      spec: spec, timeline: nil, extra: ["--background", "white"], frame: 0, scale: 1, folder: folder, rsvg: rsvg,
      probe: probe)
    let end = try FrameComparison.svgFrame(
      spec: spec, timeline: nil, extra: ["--background", "white"], frame: 60, scale: 1, folder: folder, rsvg: rsvg,
      probe: probe)
    // At 0 the band, moved 8 down, is scene y 98…104, below the card; at 1 s it is card y −4…2, scene y 26…32.
    #expect(Self.red(start, 60, 101) < 200, "start, below: \(start.premultiplied(60, 101))")
    #expect(Self.red(start, 60, 28) > 245, "start, above: \(start.premultiplied(60, 28))")
    #expect(Self.red(end, 60, 28) < 200, "end, above: \(end.premultiplied(60, 28))")
    #expect(Self.red(end, 60, 101) > 245, "end, below: \(end.premultiplied(60, 101))")
  }

  @Test func lottieSaysAnAnimatedShadowPathIsLost() {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.movingShadowPath, name: "rise-lottie", in: folder)
    let run = CLI.run(["export", "lottie", spec, "-o", folder.appendingPathComponent("rise.json").path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("its animated shadowPath is not used") && run.standardError.contains("[W0926]"))
  }

  @Test func lottieCarriesTheShadowAsAnAnimatedDropShadowEffect() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml =
      Self.card(offset: "[0, 4]") + "\n"
        + """
        timelines:
          lift: {autoplay: true, target: card, keyPath: shadowOffset.height, from: 4, to: 12, duration: 1, \
        fillMode: forwards, removedOnCompletion: false}
        """
    let spec = ExportFixtures.write(yaml, name: "lottie", in: folder)
    let output = folder.appendingPathComponent("shadow.json").path
    let run = CLI.run(["export", "lottie", spec, "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("[W0925]"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    let card = try #require(layers.first { $0["nm"] as? String == "card" })
    #expect(card["ty"] as? Int == 0, "a shadowed layer is a precomposition")
    let effect = try #require((card["ef"] as? [[String: Any]])?.first)
    #expect(effect["ty"] as? Int == 25 && effect["mn"] as? String == "ADBE Drop Shadow")
    let values = try #require(effect["ef"] as? [[String: Any]])
    func value(_ name: String) -> Any? { (values.first { $0["nm"] as? String == name }?["v"] as? [String: Any])?["k"] }
    #expect(value("Opacity") as? Double == 204)
    #expect(value("Direction") as? Double == 180, "straight down")
    #expect(value("Softness") as? Double == 16, "4 × shadowRadius")
    let distance = try #require(value("Distance") as? [[String: Any]], "the distance is keyframed")
    #expect((distance.first?["s"] as? [Double]) == [4] && (distance.last?["s"] as? [Double]) == [12])
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    if let report = ExportTools.validate([output]) { Issue.record("schema validation failed:\n\(report)") }
    #expect(ExportTools.run(probe, ["info", output])?.status == 0, "rlottie loads it (and ignores the effect)")
  }

  @Test func sampleNamesTheShadowPropertiesAsCoreAnimationDoes() {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.card(offset: "[1, 2]"), name: "sample", in: folder)
    let run = CLI.run(["sample", spec, "--at", "0"])
    #expect(run.status == 0)
    let text = run.standardOutput
    #expect(text.contains(#""shadowColor": [0, 0, 0, 1],"#) && text.contains(#""shadowOpacity": 0.8,"#))
    #expect(text.contains(#""shadowRadius": 4,"#) && text.contains(#""shadowOffset": [1, 2],"#))
    #expect(text.contains(#""shadowPath": null"#))
    let moving = ExportFixtures.write(Self.movingShadowPath, name: "moving", in: folder)
    let half = CLI.run(["sample", moving, "--at", "0.25"])
    #expect(half.standardOutput.contains(#""shadowPath": "M0 42 L60 42 L60 48 L0 48 Z""#), "\(half.standardOutput)")
  }
}
