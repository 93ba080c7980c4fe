import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Shadows in plan format 2: four slots like any property, and the `shadowPath` in a layer's style, its coordinates
/// after the layer's other list numbers, where `"shadowPath"` tracks write them.
@Suite("PlanShadow")
struct PlanShadowTests {
  static let yaml = """
    scene: shadow
    size: [100, 100]
    layers:
      - {id: card, frame: [10, 10, 60, 40], backgroundColor: white, shadowOpacity: 0.5, shadowOffset: [2, 6], \
    shadowPath: [{rect: [0, 30, 60, 10]}]}
      - {id: plain, frame: [10, 60, 20, 20], shadowColor: red}
    timelines:
      lift: {autoplay: true, target: card, keyPath: shadowOffset.height, from: 6, to: 12}
    """

  @Test("shadowPath is written in the style, read back to the same plan and bytes; none is null")
  func roundTrip() throws {
    let plan = try #require(PlanTestSupport.plan(yaml: Self.yaml))
    let bytes = plan.prettyJSONBytes()
    let loaded = try Plan.load(json: try JSONParser.parse(bytes))
    #expect(loaded.warnings.isEmpty && loaded.plan == plan && loaded.plan.prettyJSONBytes() == bytes)
    let style = try #require(plan.layers.styles.first)
    #expect(style.shadowPath.map(SVGPathData.format) == "M0 30 L60 30 L60 40 L0 40 Z")
    #expect(plan.layers.styles[1].shadowPath == nil)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""shadowPath": null"#))
    #expect(text.contains(#""elements": "MLLLZ""#))
    // The track writes the slot by name, component 1 of shadowOffset.
    let track = try #require(plan.json()["tracks"]?[0])
    #expect(track["slot"] == "shadowOffset" && track["component"] == 1)
  }

  @Test("a plan written before shadows (no style.shadowPath) loads with none")
  func olderPlanLoads() throws {
    let plan = try #require(PlanTestSupport.plan(yaml: Self.yaml))
    let text = String(decoding: plan.prettyJSONBytes(), as: UTF8.self)
    let older = text.replacingOccurrences(
      of: #",\s*"shadowPath": (null|\{[^}]*\})"#, with: "", options: .regularExpression)
    #expect(!older.contains("shadowPath"))
    let loaded = try Plan.load(json: try JSONParser.parse(Array(older.utf8))).plan
    #expect(loaded.layers.styles.allSatisfy { $0.shadowPath == nil })
  }

  @Test("a shadowPath whose elements and coordinates disagree is refused, naming the member")
  func malformedShadowPath() throws {
    let plan = try #require(PlanTestSupport.plan(yaml: Self.yaml))
    let text = String(decoding: plan.prettyJSONBytes(), as: UTF8.self)
    let broken = text.replacingOccurrences(of: #""elements": "MLLLZ""#, with: #""elements": "MLLLLZ""#)
    #expect(throws: PlanError.self) { try Plan.load(json: try JSONParser.parse(Array(broken.utf8))) }
    do {
      _ = try Plan.load(json: try JSONParser.parse(Array(broken.utf8)))
    } catch let error as PlanError {
      #expect("\(error)".contains("layers[0].style.shadowPath.coordinates"), "\(error)")
    }
  }

  static let animated = """
    scene: shadow
    size: [100, 100]
    layers:
      - {id: blob, type: shape, frame: [10, 10, 60, 40], path: "M0 0 L60 0 L30 40 Z", shadowOpacity: 0.5, \
    shadowPath: [{rect: [0, 30, 60, 10]}]}
    timelines:
      grow: {autoplay: true, target: blob, keyPath: shadowPath, to: [{rect: [-10, 20, 80, 30]}], duration: 1}
    """

  @Test("a shadowPath track writes after the shape's path, named shadowPath, and round-trips")
  func animatedRoundTrip() throws {
    let plan = try #require(PlanTestSupport.plan(yaml: Self.animated))
    // The path's 6 coordinates, then the shadow rect's 8.
    #expect(plan.layers.listNumbers(of: 0).count == 14)
    #expect(plan.layers.listRange(of: .shadowPath, layer: 0) == 6..<14)
    #expect(plan.tracks.slots[0] == ListLayout.trackSlot(offset: 6) && plan.tracks.components[0] == 8)
    let bytes = plan.prettyJSONBytes()
    let track = try #require(plan.json()["tracks"]?[0])
    #expect(track["slot"] == "shadowPath" && track["component"] == 0)
    let loaded = try Plan.load(json: try JSONParser.parse(bytes))
    #expect(loaded.warnings.isEmpty && loaded.plan == plan && loaded.plan.prettyJSONBytes() == bytes)
    // Halfway the rect is [-5, 25, 70, 20]; the path is untouched.
    var sampler = Sampler(plan: loaded.plan)
    var frames: [LayerFrame] = []
    sampler.sample(at: 0.5, playing: [0], into: &frames)
    #expect(Array(frames[0].path) == [0, 0, 60, 0, 30, 40, -5, 25, 65, 25, 65, 45, -5, 45])
    // A shadowPath track on a layer without one is refused.
    let text = String(decoding: bytes, as: UTF8.self)
    let without = text.replacingOccurrences(
      of: #""shadowPath": \{[^}]*\}"#, with: #""shadowPath": null"#, options: .regularExpression)
    #expect(throws: PlanError.self) { try Plan.load(json: try JSONParser.parse(Array(without.utf8))) }
  }
}
