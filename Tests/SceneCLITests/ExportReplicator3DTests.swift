import Foundation
import Testing

/// A replicator's copies seen through the replicator's own `sublayerTransform`: the instance map comes before the
/// sublayerTransform in each copy's map (LayerProjection.local), so `sample` prints `matrix3d` through the copy's
/// instance transform and the SVG export draws each copy where its map puts it.
@Suite(.serialized) struct ExportReplicator3DTests {
  static func row(sublayerTransform: String) -> String {
    """
    scene: row3d
    size: [120, 100]
    layers:
      - id: row
        type: replicator
        frame: [0, 0, 120, 100]
        instanceCount: 3
        instanceTransform: {translation: [30, 5], rotation: 10deg}
        \(sublayerTransform)
        sublayers:
          - {id: dot, frame: [5, 40, 20, 20], backgroundColor: red, shadowOpacity: 0.5}
    """
  }

  static func layers(_ yaml: String, name: String, in folder: URL) throws -> [String: [String: Any]] {
    let spec = ExportFixtures.write(yaml, name: name, in: folder)
    let run = CLI.run(["sample", spec, "--at", "0"])
    try #require(run.status == 0, "\(run.standardError)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let sample = try #require((json["samples"] as? [[String: Any]])?.first)
    let layers = try #require(sample["layers"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: layers.map { ($0["id"] as? String ?? "", $0) })
  }

  /// A perspective alone leaves flat layers where they are (their z is 0): each copy's matrix3d must be its
  /// matrix without the sublayerTransform, so dropping the instance map, or applying it after the perspective
  /// about another point, shows.
  @Test func copiesInPerspectiveKeepTheirInstanceMap() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let flat = try Self.layers(Self.row(sublayerTransform: ""), name: "flat", in: folder)
    let deep = try Self.layers(
      Self.row(sublayerTransform: "sublayerTransform: {perspective: 400}"), name: "deep", in: folder)
    for id in ["dot", "dot~1", "dot~2"] {
      let m = try #require(flat[id]?["matrix"] as? [Double], "\(id) prints matrix without a sublayerTransform")
      let h = try #require(deep[id]?["matrix3d"] as? [Double], "\(id) prints matrix3d through the perspective")
      let expected = [m[0], m[1], 0, 0, m[2], m[3], 0, 0, 0, 0, 1, 0, m[4], m[5], 0, 1]
      #expect(zip(h, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(id): \(h) against \(expected)")
    }
    #expect(flat["dot~1"]?["matrix"] as? [Double] != flat["dot"]?["matrix"] as? [Double], "the copies move")
  }

  /// Turned about x in perspective, copy 2 is drawn with the affine approximation (W0920) of its own map, not
  /// copy 0's: the SVG groups of the copies differ and each is warned about.
  @Test func svgDrawsEachCopyThroughItsOwnProjectiveMap() {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let yaml = Self.row(sublayerTransform: "sublayerTransform: {perspective: 400, rotation: {x: 30deg}}")
    let spec = ExportFixtures.write(yaml, name: "tilted", in: folder)
    let run = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(run.status == 0, "\(run.standardError)")
    let text = run.standardOutput
    func transform(_ id: String) -> Substring? {
      guard let start = text.range(of: "<g id=\"\(id)\" transform=\"") else { return nil }
      return text[start.upperBound...].prefix { $0 != "\"" }
    }
    let first = transform("layer-dot")
    let last = transform("layer-dot_2")
    #expect(first != nil && last != nil && first != last, "\(String(describing: first)) \(String(describing: last))")
    #expect(run.standardError.contains("[W0920]") && run.standardError.contains("dot~2"), "\(run.standardError)")
  }
}
