import Foundation
import Testing

/// The preview page's pixels against `scenec export svg` rendered by rsvg: every seed timeline at 0, ¼, ½, ¾ and
/// its end, screenshotted in headless Chromium at the zoom that gives thin strokes interior pixels, compared
/// on interior pixels as the Lottie pixel tests are (anti-aliased edges differ between rasterisers). The page is the
/// one `scenec preview` writes, so the web player's samples and the renderer's drawing are both compared.
@Suite(.serialized) struct PreviewRenderTests {
  @Test func thePageDrawsWhatTheSVGExportDraws() throws {
    try compare(ExportFixtures.exampleTimelines.map { (ExportFixtures.spec($0.spec), $0.timeline) })
  }

  /// Shadows, blurred by Chromium's filters on the page and by rsvg's in the export: the clean shadow fixture
  /// (every layer type, animated offset, radius and colour, a shadowPath) and the switch's knob.
  @Test func thePageDrawsShadowsAsTheSVGExportDraws() throws {
    let fixture = CLI.repositoryRoot.appendingPathComponent("Tests/SceneCheckerTests/Fixtures/Clean/shadows.yaml")
    try compare([(fixture.path, "lift"), (ExportFixtures.spec("switch"), nil)])
  }

  func compare(_ cases: [(spec: String, timeline: String?)]) throws {
    let probe = try #require(ExportTools.probePath, "the pixel probe did not build")
    let rsvg = try #require(ExportTools.rsvgConvert, "rsvg-convert is missing: apt-get install librsvg2-bin")
    try #require(Chromium.path != nil, "chromium is missing: apt-get install chromium")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var total = FrameComparison.Tally()
    var lines: [String] = []
    for (spec, timeline) in cases {
      let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
      let plan = try PreviewFixtures.planObject(spec)
      let size = try #require(plan["size"] as? [Double])
      let end = try PreviewFixtures.end(of: plan, timeline: timeline)
      let times = [0, end / 4, end / 2, 3 * end / 4, end]
      let page = folder.appendingPathComponent("\(name).html").path
      // The page as shipped: the real player samples, the renderer draws.
      let run = CLI.run(["preview", spec, "-o", page])
      try #require(run.status == 0, "\(run.standardError)")
      let scale = max(1, min(4, Int((160.0 / max(1, min(size[0], size[1]))).rounded(.up))))
      let width = Int(size[0]) * scale
      let height = Int(size[1]) * scale
      let labels = times.map { "\(name) \(timeline ?? "autoplay") @\($0)" }
      let urls = times.map { time in
        URL(fileURLWithPath: page).absoluteString + "#at=\(time)&zoom=\(scale)&bare&background=light"
          + (timeline.map { "&timeline=\($0)" } ?? "")
      }
      let references = try times.map { time in
        try svgPixels(spec, timeline: timeline, time: time, scale: Double(scale), folder: folder, rsvg: rsvg)
      }
      let tallies = try Self.shotTallies(
        urls, width: width, height: height, against: references, labels: labels, folder: folder, probe: probe)
      for (label, tally) in zip(labels, tallies) {
        lines.append("\(label): \(tally.compared) interior pixels, \(tally.painted) painted, worst \(tally.worst)/255")
        total.add(tally)
        #expect(tally.compared > width * height / 4, "\(label): too few interior pixels compared")
      }
    }
    print("preview pixels against export svg (rsvg):\n  " + lines.joined(separator: "\n  "))
    print(
      "preview pixels: \(total.compared) compared, \(total.painted) painted, worst \(total.worst)/255, "
        + "\(total.mismatchCount) over \(FrameComparison.tolerance)/255")
    #expect(total.mismatchCount == 0, "\(total.mismatches.joined(separator: "\n"))")
    #expect(total.painted > 0)
  }

  /// Screenshots of the pages at `urls`, `width`×`height` CSS pixels each, against `references`, on interior pixels
  /// (FrameComparison). One Chromium draws them all, side by side in frames of exactly that size, and the shot is
  /// cut into tiles: a Chromium per frame was 64 of the test run's 115 launches, about 1.1 s of CPU each.
  static func shotTallies(
    _ urls: [String], width: Int, height: Int, deviceScale: Int = 1, against references: [ExportTools.Pixels],
    labels: [String], folder: URL, probe: String
  ) throws -> [FrameComparison.Tally] {
    precondition(urls.count == references.count && urls.count == labels.count, "one reference and label per page")
    let frames = urls.map { url in
      let attribute = url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      return "<iframe src=\"\(attribute)\" width=\"\(width)\" height=\"\(height)\" scrolling=\"no\"></iframe>"
    }
    let grid = folder.appendingPathComponent("frames.html")
    try """
    <!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; padding: 0; overflow: hidden; }
    body { display: flex; width: \(width * urls.count)px; }
    iframe { display: block; border: 0; margin: 0; padding: 0; flex: none; }
    </style></head><body>\(frames.joined())</body></html>
    """.write(to: grid, atomically: true, encoding: .utf8)
    let shot = folder.appendingPathComponent("shot.png").path
    try? FileManager.default.removeItem(atPath: shot)
    try Chromium.screenshot(
      grid.absoluteString, width: width * urls.count, height: height, to: shot, folder: folder,
      deviceScale: deviceScale)
    let dump = folder.appendingPathComponent("shot.rgba").path
    try #require(ExportTools.run(probe, ["dump-png", shot, dump])?.status == 0)
    let rendered = try #require(ExportTools.Pixels(file: dump))
    let tileWidth = width * deviceScale
    try #require(rendered.width == tileWidth * urls.count, "the shot is \(rendered.width) pixels wide")
    return urls.indices.map { index in
      var tally = FrameComparison.Tally()
      FrameComparison.compare(
        references[index], rendered.columns(from: index * tileWidth, width: tileWidth), label: labels[index],
        into: &tally)
      return tally
    }
  }

  /// `scenec export svg` at `time` rasterised by rsvg over white (the page's light background).
  func svgPixels(_ spec: String, timeline: String?, time: Double, scale: Double, folder: URL, rsvg: String) throws
    -> ExportTools.Pixels
  {
    let svg = folder.appendingPathComponent("frame.svg").path
    let png = folder.appendingPathComponent("frame.png").path
    let dump = folder.appendingPathComponent("frame.rgba").path
    let run = CLI.run(
      ["export", "svg", spec, "--at", "\(time)", "-o", svg] + (timeline.map { ["--timeline", $0] } ?? []))
    try #require(run.status == 0, "\(run.standardError)")
    let rasterised = try #require(ExportTools.run(rsvg, ["--zoom", "\(scale)", "-b", "white", "-o", png, svg]))
    try #require(rasterised.status == 0, "rsvg-convert: \(rasterised.standardError)")
    try #require(ExportTools.run(ExportTools.probePath ?? "", ["dump-png", png, dump])?.status == 0)
    return try #require(ExportTools.Pixels(file: dump))
  }
}
