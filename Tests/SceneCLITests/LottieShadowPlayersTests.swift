import Foundation
import SceneCLI
import Testing

/// What each Lottie player does with the drop-shadow effect a shadow is exported as, which is what W0925 says:
/// ThorVG casts it where the SVG export does; lottie-web's SVG renderer cuts it at the layer's bounding box; its
/// canvas renderer and rlottie draw none.
@Suite(.serialized) struct LottieShadowPlayersTests {
  /// A white card on white, its shadow cast 12 points down: only the shadow can darken a pixel below the card.
  static let card = """
    scene: card
    size: [120, 120]
    layers:
      - {id: card, frame: [30, 20, 60, 50], backgroundColor: white, cornerRadius: 6, shadowOpacity: 0.8, \
    shadowRadius: 3, shadowOffset: [0, 12]}
    """

  @Test func theDropShadowIsCastByThorVGAndNotByRlottie() throws {
    guard let probe = ExportTools.probePath, let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.card, name: "card", in: folder)
    let file = folder.appendingPathComponent("card.json").path
    let run = CLI.run(["export", "lottie", spec, "-o", file])
    try #require(run.status == 0, "\(run.standardError)")
    let jobs: [[String: Any]] = [["name": "card", "file": file, "frames": [0], "width": 120, "height": 120]]
    let (output, _) = try LottiePlayersTests.play(jobs, in: folder)
    let svg = try FrameComparison.svgFrame(
      spec: spec, timeline: nil, frame: 0, scale: 1, folder: folder, rsvg: rsvg, probe: probe)
    // 6 points below the card's bottom edge (y = 70), in the middle: alpha of what is drawn there (no background).
    func shadowAlpha(_ pixels: ExportTools.Pixels) -> Int { pixels.premultiplied(60, 76)[3] }
    #expect(shadowAlpha(svg) > 100, "the SVG export casts the shadow there: \(svg.premultiplied(60, 76))")
    func player(_ name: String) throws -> ExportTools.Pixels {
      try #require(ExportTools.Pixels(file: "\(output)/\(name)/card-0.rgba"), "\(name) rendered nothing")
    }
    let thorvg = try player("thorvg-1")
    #expect(abs(shadowAlpha(thorvg) - shadowAlpha(svg)) < 40, "ThorVG: \(thorvg.premultiplied(60, 76))")
    for name in ["rlottie-0.2", "lottie-web-5.8-canvas", "lottie-web-5.8-svg"] {
      let pixels = try player(name)
      #expect(shadowAlpha(pixels) == 0, "\(name) draws no shadow outside the card: \(pixels.premultiplied(60, 76))")
      #expect(pixels.premultiplied(60, 45)[3] == 255, "\(name) draws the card")
    }
  }
}
