import Foundation
import Testing

/// Gradient layers in the exports: the SVG gradients' geometry in the layer's coordinates, the conic sectors and
/// their warning, rsvg-convert's pixels at known places, and the Lottie gradient fill against what rlottie draws.
@Suite(.serialized) struct ExportGradientTests {
  /// Export codes only `export svg` (and the filmstrip and video made from it) raises.
  static let svgOnlyCodes: Set<String> = ["W0930"]

  static let layers = """
    scene: gradients
    size: [200, 160]
    layers:
      - id: bar
        type: gradient
        frame: [10, 10, 180, 60]
        cornerRadius: 10
        colors: ["#FF0000", "#FF4000", "#FF0040"]
        locations: [0, 0.5, 1]
        startPoint: [0, 0.5]
        endPoint: [1, 0.5]
      - id: glow
        type: gradient
        frame: [10, 80, 70, 70]
        gradientType: radial
        colors: ["#00FF00", "#20FF60"]
        startPoint: [0.5, 0.5]
        endPoint: [1, 1]

    """
  static let dial = """
      - id: dial
        type: gradient
        frame: [120, 80, 70, 70]
        gradientType: conic
        colors: [red, blue]
        startPoint: [0.5, 0.5]
        endPoint: [1, 0.5]

    """
  static let timelines = """
    timelines:
      slide:
        autoplay: true
        target: bar
        keyPath: locations
        values: [[0, 0.5, 1], [0, 0.9, 1]]
        duration: 1
        fillMode: forwards
        removedOnCompletion: false
    """
  static let scene = layers + dial + timelines

  @Test func svgGradientsLieInTheLayersCoordinates() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.scene, name: "gradients", in: folder)
    let run = CLI.run(["export", "svg", spec, "--at", "0.5"])
    #expect(run.status == 0, "\(run.standardError)")
    let svg = run.standardOutput
    // Axial: from the left edge's middle to the right edge's, in the layer's own coordinates.
    #expect(
      svg.contains(
        #"<linearGradient id="gradient-bar" gradientUnits="userSpaceOnUse" x1="0" y1="30" x2="180" y2="30">"#))
    // Halfway through the slide the middle stop is at 0.7.
    #expect(svg.contains(##"<stop offset="0.7" stop-color="#ff4000"/>"##))
    // Radial: a unit circle mapped onto the ellipse at the start point, half axes 35 × 35.
    #expect(svg.contains(#"gradientTransform="matrix(35 0 0 35 35 35)""#))
    // The gradient fills the rounded bounds.
    #expect(svg.contains(#"<path d="M10 0 H170 A10 10 0 0 1 180 10"#) && svg.contains(#"fill="url(#gradient-bar)""#))
    // Conic: sectors clipped to the bounds, with its warning at the layer.
    #expect(svg.components(separatedBy: "<path d=\"M35 35 L").count - 1 == 72)
    #expect(
      run.standardError.contains("layer 'dial', key path 'gradientType'") && run.standardError.contains("[W0930]"))
    #expect(!run.standardError.contains("W0931"), "the Lottie warning belongs to the Lottie export")
  }

  @Test func rsvgDrawsTheGradientColoursWhereTheyBelong() throws {
    guard let rsvg = ExportTools.rsvgConvert, let probe = ExportTools.probePath else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.scene, name: "gradients", in: folder)
    let pixels = try FrameComparison.svgFrame(
      spec: spec, timeline: nil, frame: 0, scale: 1, folder: folder, rsvg: rsvg, probe: probe)
    func rgb(_ x: Int, _ y: Int) -> [Int] { Array(pixels.premultiplied(x, y).prefix(3)) }
    // The bar: pure red at its start, #FF4000 at its middle stop, #FF0040 at its end.
    #expect(abs(rgb(12, 40)[1] - 1) <= 3 && rgb(12, 40)[0] >= 250)
    #expect(abs(rgb(100, 40)[1] - 0x40) <= 3)
    #expect(abs(rgb(188, 40)[2] - 0x40) <= 3 && rgb(188, 40)[1] <= 3)
    // The radial glow: the first colour at its centre, between the two halfway to its rim.
    #expect(rgb(45, 115) == [0, 255, 0] || abs(rgb(45, 115)[2]) <= 3)
    let halfway = rgb(45 + 17, 115)
    #expect(abs(halfway[0] - 0x10) <= 3 && abs(halfway[2] - 0x30) <= 3)
    // The conic dial: red just clockwise of 3 o'clock, blue just before it, purple at 9 o'clock.
    #expect(rgb(185, 117)[0] > 200 && rgb(185, 117)[2] < 60)
    #expect(rgb(185, 113)[2] > 200 && rgb(185, 113)[0] < 60)
    let opposite = rgb(125, 115)
    #expect(abs(opposite[0] - opposite[2]) < 30 && opposite[0] > 90)
  }

  /// Radial gradients W0126 calls flat (the default points; start == end) and one flattened by its layer's
  /// transform: each is its last colour, and the PNG and video exports draw them (rsvg-convert failed with
  /// "NoMemory" on a gradient of no width).
  static let flat = """
    scene: flat gradients
    size: [120, 40]
    layers:
      - id: defaults
        type: gradient
        frame: [0, 0, 40, 40]
        gradientType: radial
        colors: [red, "#00FF00"]
      - id: centred
        type: gradient
        frame: [40, 0, 40, 40]
        gradientType: radial
        startPoint: [0.5, 0.5]
        endPoint: [0.5, 0.5]
        colors: [red, "#0000FF80"]
      - id: squashed
        type: gradient
        frame: [80, 0, 40, 40]
        gradientType: radial
        startPoint: [0.5, 0.5]
        endPoint: [1, 1]
        transform: {scale: [1, 0.0000001, 1]}
        colors: [red, blue]

    """

  @Test func aFlatRadialGradientRasterisesAsItsLastColour() throws {
    let probe = try #require(ExportTools.probePath, "the pixel probe did not build")
    _ = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.flat, name: "flat", in: folder)
    let svg = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(svg.status == 0, "\(svg.standardError)")
    #expect(!svg.standardOutput.contains("radialGradient"), "a flat gradient is a solid fill")
    #expect(svg.standardOutput.contains(##"fill="#00ff00""##))
    #expect(svg.standardOutput.contains(##"fill="#0000ff" fill-opacity="0.50196"##))
    let png = folder.appendingPathComponent("flat.png").path
    let run = CLI.run(["export", "svg", spec, "--at", "0", "-o", png])
    #expect(run.status == 0, "\(run.standardError)")
    let dump = folder.appendingPathComponent("flat.rgba").path
    try #require(ExportTools.run(probe, ["dump-png", png, dump])?.status == 0)
    let pixels = try #require(ExportTools.Pixels(file: dump))
    #expect(pixels.premultiplied(20, 20) == [0, 255, 0, 255])
    #expect(pixels.premultiplied(60, 20) == [0, 0, 128, 128])
    // The squashed layer is a line of no height: nothing of it shows, and nothing fails.
    #expect(pixels.premultiplied(100, 20) == [0, 0, 0, 0])
    let video = folder.appendingPathComponent("flat.apng").path
    let encoded = CLI.run(["export", "video", spec, "--duration", "0.1", "-o", video])
    #expect(encoded.status == 0, "\(encoded.standardError)")
  }

  @Test func rlottieDrawsTheAxialAndRadialGradientFillsAsTheSVGExportDoes() throws {
    guard let probe = ExportTools.probePath, let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Without the conic dial, which Lottie cannot draw (W0931).
    let spec = ExportFixtures.write(Self.layers + Self.timelines, name: "lottie", in: folder)
    let lottie = folder.appendingPathComponent("scene.json").path
    let run = CLI.run(["export", "lottie", spec, "-o", lottie])
    try #require(run.status == 0, "\(run.standardError)")
    #expect(!run.standardError.contains("W0931"), "a circular radial gradient is exact: \(run.standardError)")
    let text = try String(contentsOfFile: lottie, encoding: .utf8)
    #expect(text.contains(#""ty":"gf""#) && text.contains(#""t":2"#) && text.contains(#""g":{"p":3"#))
    if ExportTools.validatorReady, let report = ExportTools.validate([lottie]) {
      Issue.record("schema validation failed:\n\(report)")
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lottie))) as? [String: Any])
    let plan = FrameComparison.plan(document)
    var compared = 0
    for frame in plan.frames {
      let svg = try FrameComparison.svgFrame(
        spec: spec, timeline: nil, frame: plan.inFrame + frame, scale: plan.scale, folder: folder, rsvg: rsvg,
        probe: probe)
      let dump = folder.appendingPathComponent("lottie.rgba").path
      let dumped = ExportTools.run(probe, ["dump", lottie, "\(frame)", "\(plan.width)", "\(plan.height)", dump])
      #expect(dumped?.status == 0)
      let rendered = try #require(ExportTools.Pixels(file: dump))
      var tally = FrameComparison.Tally()
      FrameComparison.compare(svg, rendered, label: "frame \(frame)", into: &tally)
      #expect(tally.mismatches.isEmpty, "\(tally.mismatches.joined(separator: "; "))")
      #expect(tally.painted >= 20, "frame \(frame): only \(tally.painted) painted interior pixels compared")
      compared += tally.compared
    }
    #expect(compared > 0)
  }

  /// The web player's renderer (Web/scenec-render.js, in the page `scenec preview` writes) draws the axial and
  /// radial gradients as the SVG export does; a conic one it draws exactly (CSS conic-gradient), so it is not
  /// compared with the export's sectors.
  @Test func thePreviewPageDrawsTheGradientsAsTheSVGExportDoes() throws {
    let probe = try #require(ExportTools.probePath, "the pixel probe did not build")
    let rsvg = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    try #require(Chromium.path != nil, "chromium is missing: apt-get install chromium")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.layers + Self.timelines, name: "preview", in: folder)
    let page = folder.appendingPathComponent("page.html").path
    let run = CLI.run(["preview", spec, "-o", page])
    try #require(run.status == 0, "\(run.standardError)")
    for time in [0, 0.5, 1.0] {
      let shot = folder.appendingPathComponent("shot.png").path
      try? FileManager.default.removeItem(atPath: shot)
      try Chromium.screenshot(
        URL(fileURLWithPath: page).absoluteString + "#at=\(time)&zoom=1&bare&background=light", width: 200,
        height: 160, to: shot, folder: folder)
      let dump = folder.appendingPathComponent("shot.rgba").path
      try #require(ExportTools.run(probe, ["dump-png", shot, dump])?.status == 0)
      let rendered = try #require(ExportTools.Pixels(file: dump))
      let svg = folder.appendingPathComponent("frame.svg").path
      let png = folder.appendingPathComponent("frame.png").path
      let reference = folder.appendingPathComponent("frame.rgba").path
      try #require(CLI.run(["export", "svg", spec, "--at", "\(time)", "-o", svg]).status == 0)
      try #require(ExportTools.run(rsvg, ["-b", "white", "-o", png, svg])?.status == 0)
      try #require(ExportTools.run(probe, ["dump-png", png, reference])?.status == 0)
      var tally = FrameComparison.Tally()
      FrameComparison.compare(
        try #require(ExportTools.Pixels(file: reference)), rendered, label: "at \(time)", into: &tally)
      #expect(tally.mismatches.isEmpty, "\(tally.mismatches.joined(separator: "; "))")
      #expect(tally.painted >= 20, "at \(time): only \(tally.painted) painted interior pixels compared")
    }
  }

  /// A gradient into clear: Core Animation interpolates unpremultiplied colours (white to clear blue is bluish
  /// halfway), rlottie premultiplied; the export's quarter-segment stops keep rlottie within a few levels.
  @Test func rlottieDrawsATranslucentGradientAsTheSVGExportDoes() throws {
    guard let probe = ExportTools.probePath, let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      """
      scene: fade
      size: [200, 80]
      layers:
        - {id: bar, type: gradient, frame: [10, 10, 180, 60], colors: [white, "#0000FF00"], startPoint: [0, 0.5], \
      endPoint: [1, 0.5]}
      """, name: "fade", in: folder)
    let lottie = folder.appendingPathComponent("fade.json").path
    try #require(CLI.run(["export", "lottie", spec, "-o", lottie]).status == 0)
    let svg = try FrameComparison.svgFrame(
      spec: spec, timeline: nil, frame: 0, scale: 1, folder: folder, rsvg: rsvg, probe: probe)
    let dump = folder.appendingPathComponent("lottie.rgba").path
    try #require(ExportTools.run(probe, ["dump", lottie, "0", "200", "80", dump])?.status == 0)
    let rendered = try #require(ExportTools.Pixels(file: dump))
    // Halfway the SVG export is (0.5, 0.5, 1) at alpha 0.5: premultiplied about (64, 64, 128, 128).
    #expect(abs(svg.premultiplied(100, 40)[0] - 64) <= 3 && abs(svg.premultiplied(100, 40)[2] - 128) <= 3)
    for x in stride(from: 15, through: 185, by: 10) {
      let a = svg.premultiplied(x, 40)
      let b = rendered.premultiplied(x, 40)
      #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 6 }, "x \(x): SVG \(a), rlottie \(b)")
    }
  }
}
