import Foundation
import SceneCore
import SceneExport
import SceneRuntime
import Testing

/// The Lottie export's frame rate is a parameter: the document, its last frame and its keyframe times follow it,
/// and the default is the 60 fps every export has always had.
@Suite struct LottieFrameRateTests {
  static func plan(_ spec: String) throws -> Plan {
    let compiled = CLI.run(["compile", "specs/\(spec).yaml"])
    #expect(compiled.status == 0, "\(compiled.standardError)")
    return try Plan(json: try JSONParser.parse(Array(compiled.standardOutput.utf8)))
  }

  static func export(_ plan: Plan, exporter: LottieSceneExporter) throws -> JSONValue {
    let playing = plan.autoplayTimelines.isEmpty ? Array(0..<plan.timelines.count) : plan.autoplayTimelines
    var sampler = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    let input = ExportInput(
      plan: plan,
      sample: { time in
        sampler.sample(at: time, playing: playing, into: &frames)
        return frames
      }, playing: playing, span: ExportSpan.of(plan: plan, playing: playing), limits: ExportLimits())
    let result = try exporter.export(input, settings: LottieSceneExporter.Settings())
    #expect(result.failure == nil)
    return try JSONParser.parse(Array(result.text.utf8))
  }

  /// Every keyframe time (`t`) in the document, in document order.
  static func keyframeTimes(_ value: JSONValue) -> [Double] {
    if let items = value.arrayValue { return items.flatMap(keyframeTimes) }
    guard let members = value.objectMembers else { return [] }
    var times: [Double] = []
    if let animated = value["a"]?.numberValue, animated == 1, let keyframes = value["k"]?.arrayValue {
      times += keyframes.compactMap { $0["t"]?.numberValue }
    }
    return times + members.flatMap { keyframeTimes($0.1) }
  }

  @Test func theDefaultIsSixtyFramesPerSecond() throws {
    let plan = try Self.plan("shake-button")
    let implicit = try Self.export(plan, exporter: LottieSceneExporter())
    let explicit = try Self.export(plan, exporter: LottieSceneExporter(frameRate: 60))
    #expect(implicit["fr"]?.numberValue == 60)
    #expect(JSONWriter(style: .compact).string(from: implicit) == JSONWriter(style: .compact).string(from: explicit))
  }

  @Test func thirtyFramesPerSecondHalvesEveryFrameNumber() throws {
    let plan = try Self.plan("shake-button")
    let sixty = try Self.export(plan, exporter: LottieSceneExporter(frameRate: 60))
    let thirty = try Self.export(plan, exporter: LottieSceneExporter(frameRate: 30))
    #expect(thirty["fr"]?.numberValue == 30)
    let end = ExportSpan.of(plan: plan, playing: plan.autoplayTimelines).end
    #expect(thirty["op"]?.numberValue == max(1, (end * 30 - 1e-9).rounded(.up)))
    #expect(sixty["op"]?.numberValue == max(1, (end * 60 - 1e-9).rounded(.up)))
    let times60 = Self.keyframeTimes(sixty)
    let times30 = Self.keyframeTimes(thirty)
    #expect(!times60.isEmpty)
    // The shake is exact keyframes (no sampled parts), so the same keyframes fall at half the frame numbers.
    #expect(times30.count == times60.count)
    for (a, b) in zip(times30, times60) { #expect(abs(a - b / 2) < 1e-6, "\(a) vs \(b) / 2") }
  }
}
