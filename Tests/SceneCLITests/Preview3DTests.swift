import Foundation
import Testing

/// The preview page draws a layer seen through its superlayer's perspective exactly (CSS matrix3d() inside the
/// SVG, docs/web-player.md): its four corners where the sample's `matrix3d` puts them, so the far edge is shorter
/// than the near one — which no affine map, the SVG export's included, can draw — and a back face culled.
@Suite(.serialized) struct Preview3DTests {
  static let yaml = """
    scene: perspective
    size: [200, 200]
    layers:
      - id: card
        frame: [40, 40, 120, 120]
        sublayerTransform: {perspective: 250}
        sublayers:
          - {id: face, frame: [0, 0, 120, 120], backgroundColor: red, transform: {rotation: {y: 50deg}}}
          - id: hiddenBack
            frame: [10, 10, 100, 100]
            backgroundColor: green
            doubleSided: false
            transform: {rotation: {y: 160deg}}
    """

  @Test func thePageDrawsThePerspectiveExactlyAndCullsTheBack() throws {
    let probe = try #require(ExportTools.probePath, "the pixel probe did not build")
    try #require(Chromium.path != nil, "chromium is missing: apt-get install chromium")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.yaml, name: "perspective", in: folder)
    let page = folder.appendingPathComponent("perspective.html").path
    let written = CLI.run(["preview", spec, "-o", page])
    try #require(written.status == 0, "\(written.standardError)")
    let sample = CLI.run(["sample", spec, "--at", "0"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(sample.standardOutput.utf8)) as? [String: Any])
    let layers = try #require(((document["samples"] as? [[String: Any]])?.first?["layers"]) as? [[String: Any]])
    let face = try #require(layers.first { $0["id"] as? String == "face" })
    let m = try #require(face["matrix3d"] as? [Double])
    func project(_ x: Double, _ y: Double) -> (Double, Double) {
      let w = x * m[3] + y * m[7] + m[15]
      return ((x * m[0] + y * m[4] + m[12]) / w, (x * m[1] + y * m[5] + m[13]) / w)
    }
    let corners = [project(0, 0), project(120, 0), project(120, 120), project(0, 120)]
    // rotation.y 50° brings the left edge nearer: taller than the right one.
    #expect(corners[3].1 - corners[0].1 > corners[2].1 - corners[1].1 + 20)
    let shot = folder.appendingPathComponent("shot.png").path
    try Chromium.screenshot(
      URL(fileURLWithPath: page).absoluteString + "#at=0&zoom=1&bare&background=light", width: 200, height: 200,
      to: shot, folder: folder)
    let dump = folder.appendingPathComponent("shot.rgba").path
    try #require(ExportTools.run(probe, ["dump-png", shot, dump])?.status == 0)
    let pixels = try #require(ExportTools.Pixels(file: dump))
    let centre = corners.reduce((0.0, 0.0)) { ($0.0 + $1.0 / 4, $0.1 + $1.1 / 4) }
    func pixel(_ point: (Double, Double)) -> [Int] { pixels.premultiplied(Int(point.0), Int(point.1)) }
    func towards(_ corner: (Double, Double), _ distance: Double) -> (Double, Double) {
      let (dx, dy) = (centre.0 - corner.0, centre.1 - corner.1)
      let length = (dx * dx + dy * dy).squareRoot()
      return (corner.0 + dx / length * distance, corner.1 + dy / length * distance)
    }
    let red = [255, 0, 0, 255]
    let white = [255, 255, 255, 255]
    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 8 } }
    for (index, corner) in corners.enumerated() {
      #expect(near(pixel(towards(corner, 4)), red), "corner \(index) inside: \(pixel(towards(corner, 4)))")
      #expect(near(pixel(towards(corner, -4)), white), "corner \(index) outside: \(pixel(towards(corner, -4)))")
    }
    // Nothing of the culled green face shows.
    var green = 0
    for y in 0..<pixels.height {
      for x in 0..<pixels.width {
        let p = pixels.premultiplied(x, y)
        if p[1] > 100 && p[0] < 60 && p[2] < 60 { green += 1 }
      }
    }
    #expect(green == 0, "\(green) pixels of the back face show")
  }
}
