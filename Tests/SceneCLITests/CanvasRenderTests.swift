import Foundation
import Testing

/// The preview's canvas 2D renderer (Web/scenec-canvas.js): the page chooses it for plans of plain layers, and its
/// pixels equal `scenec export svg` rendered by rsvg on interior pixels, as PreviewRenderTests holds the SVG
/// renderer; plans with what it does not draw stay on the SVG renderer.
@Suite(.serialized) struct CanvasRenderTests {
  @Test func theCanvasDrawsWhatTheSVGExportDraws() throws {
    try compare([("canvas-plain", CanvasFixtures.plain, 3), ("canvas-sublayer", CanvasFixtures.sublayerTransform, 3)])
  }

  /// A zoom that is not a whole number, so that the canvas's scale from scene to backing store is fractional.
  @Test func theCanvasFollowsAFractionalZoom() throws {
    try compare([("canvas-plain", CanvasFixtures.plain, 2.5)])
  }

  /// A device pixel ratio of 2: the backing store has twice the CSS pixels in each direction (its `width` and
  /// `height` attributes), its CSS size the scene's times the zoom, and the pixels equal rsvg's at twice the zoom.
  @Test func theCanvasIsSharpAtADevicePixelRatioOf2() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("sharp.yaml")
    try CanvasFixtures.sublayerTransform.write(to: spec, atomically: true, encoding: .utf8)
    let page = folder.appendingPathComponent("sharp.html").path
    try #require(CLI.run(["preview", spec.path, "-o", page]).status == 0)
    let dom = try Chromium.dumpDOM(
      URL(fileURLWithPath: page).absoluteString + "#zoom=2&bare", budget: 500, folder: folder, deviceScale: 2)
    // The scene is 140 × 140: 280 CSS pixels at zoom 2, 560 device pixels.
    #expect(dom.contains("<canvas id=\"raster\" style=\"width: 280px; height: 280px;\" width=\"560\" height=\"560\">"))
    try compare([("canvas-sublayer", CanvasFixtures.sublayerTransform, 2)], deviceScale: 2)
  }

  @Test func plansWithWhatTheCanvasDoesNotDrawStayOnSVG() throws {
    try #require(Chromium.path != nil, "chromium is missing: apt-get install chromium")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var cases = CanvasFixtures.leftToSVG.map { ($0.name, CanvasFixtures.scene(adding: $0.addition), $0.reason) }
    cases.append(("animated-shadow", CanvasFixtures.scene(adding: "", animatedShadow: true), "animates a shadow"))
    for (name, text, reason) in cases {
      let (renderer, why) = try chosen(name: name, spec: text, fragment: "", folder: folder)
      #expect(renderer == "svg", "\(name): drawn by \(renderer)")
      #expect(why.contains(reason), "\(name): the reason given is '\(why)'")
    }
    for seed in ["like-button", "switch", "loading-placeholder", "activity-indicator"] {
      let text = try String(contentsOfFile: ExportFixtures.spec(seed), encoding: .utf8)
      let (renderer, _) = try chosen(name: seed, spec: text, fragment: "", folder: folder)
      #expect(renderer == "svg", "\(seed): drawn by \(renderer)")
    }
    let plain = try chosen(name: "plain", spec: CanvasFixtures.plain, fragment: "", folder: folder)
    #expect(plain.renderer == "canvas", "the plain scene: \(plain.reason)")
    let forced = try chosen(name: "plain-svg", spec: CanvasFixtures.plain, fragment: "renderer=svg", folder: folder)
    #expect(forced.renderer == "svg")
  }

  /// The renderer the page names on its body (`data-renderer`, as `window.scenec.renderer`) and its reason.
  func chosen(name: String, spec text: String, fragment: String, folder: URL) throws -> (
    renderer: String, reason: String
  ) {
    let spec = folder.appendingPathComponent("\(name).yaml")
    try text.write(to: spec, atomically: true, encoding: .utf8)
    let page = folder.appendingPathComponent("\(name).html").path
    let run = CLI.run(["preview", spec.path, "-o", page])
    try #require(run.status == 0, "\(run.standardError)")
    let dom = try Chromium.dumpDOM(
      URL(fileURLWithPath: page).absoluteString + "#" + fragment, budget: 500, folder: folder)
    func attribute(_ key: String) -> String? {
      guard let start = dom.range(of: "\(key)=\"") else { return nil }
      return String(dom[start.upperBound...].prefix { $0 != "\"" })
    }
    return (
      try #require(attribute("data-renderer"), "\(name): the page names no renderer"),
      attribute("data-renderer-reason") ?? ""
    )
  }

  func compare(_ cases: [(name: String, text: String, zoom: Double)], deviceScale: Int = 1) throws {
    let probe = try #require(ExportTools.probePath, "the pixel probe did not build")
    let rsvg = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    try #require(Chromium.path != nil, "chromium is missing: apt-get install chromium")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var total = FrameComparison.Tally()
    var lines: [String] = []
    for (name, text, zoom) in cases {
      let spec = folder.appendingPathComponent("\(name).yaml").path
      try text.write(toFile: spec, atomically: true, encoding: .utf8)
      let (renderer, reason) = try chosen(name: name, spec: text, fragment: "", folder: folder)
      try #require(renderer == "canvas", "\(name) is drawn by \(renderer): \(reason)")
      let plan = try PreviewFixtures.planObject(spec)
      let size = try #require(plan["size"] as? [Double])
      let width = Int((size[0] * zoom).rounded())
      let height = Int((size[1] * zoom).rounded())
      let pixels = width * height * deviceScale * deviceScale
      let page = folder.appendingPathComponent("\(name).html").absoluteString
      let times = [0, 0.3, 0.8, 1, 1.3, 2]
      let labels = times.map { "\(name) @\($0) zoom \(zoom) device scale \(deviceScale)" }
      let references = try times.map { time in
        try PreviewRenderTests().svgPixels(
          spec, timeline: nil, time: time, scale: zoom * Double(deviceScale), folder: folder, rsvg: rsvg)
      }
      let tallies = try PreviewRenderTests.shotTallies(
        times.map { page + "#at=\($0)&zoom=\(zoom)&bare&background=light" }, width: width, height: height,
        deviceScale: deviceScale, against: references, labels: labels, folder: folder, probe: probe)
      for (label, tally) in zip(labels, tallies) {
        lines.append("\(label): \(tally.compared) interior pixels, \(tally.painted) painted, worst \(tally.worst)/255")
        total.add(tally)
        #expect(tally.compared > pixels / 4, "\(label): too few interior pixels compared")
        #expect(tally.painted > 0, "\(label): nothing painted")
      }
    }
    print("canvas pixels against export svg (rsvg):\n  " + lines.joined(separator: "\n  "))
    print(
      "canvas pixels: \(total.compared) compared, \(total.painted) painted, worst \(total.worst)/255, "
        + "\(total.mismatchCount) over \(FrameComparison.tolerance)/255")
    #expect(total.mismatchCount == 0, "\(total.mismatches.joined(separator: "\n"))")
  }
}
