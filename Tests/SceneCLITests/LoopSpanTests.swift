import Foundation
import SceneCore
import SceneExport
import SceneRuntime
import Testing

/// One span for endless content (`ExportSpan`, docs/exports.md "The span"): the same in the preview page, every
/// export and `sample`'s default times, and a seamless loop — the scene at the span's start and at its end agree —
/// for every spec and looping fixture; where there is no common period, W0910 says why, and it is true.
@Suite(.serialized) struct LoopSpanTests {
  /// An endless group without a duration around two endless children of the given periods.
  static func endlessGroup(_ first: Double, _ second: Double) -> String {
    """
    scene: endless group
    size: [100, 40]
    layers:
      - {id: a, frame: [0, 0, 40, 40], backgroundColor: red}
      - {id: b, frame: [60, 0, 40, 40], backgroundColor: blue}
    timelines:
      pulse:
        autoplay: true
        group:
          - {target: a, keyPath: opacity, from: 1, to: 0, duration: \(first), repeatCount: inf}
          - {target: b, keyPath: position.y, from: 20, to: 30, duration: \(second), repeatCount: inf}
    """
  }

  static func plan(_ path: String) throws -> Plan {
    let compiled = CLI.run(["compile", path])
    try #require(compiled.status == 0, "\(path): \(compiled.standardError)")
    return try Plan(json: try JSONParser.parse(Array(compiled.standardOutput.utf8)))
  }

  @Test func commonPeriodsAreReadAsRationals() {
    #expect(CommonPeriod.of([1, 1.5], atMost: 60) == 3)
    #expect(abs((CommonPeriod.of([1.2, 2], atMost: 60) ?? 0) - 6) < 1e-12)
    #expect(abs((CommonPeriod.of([1.2, 2.4, 1], atMost: 60) ?? 0) - 12) < 1e-12)
    #expect(abs((CommonPeriod.of([0.1 + 0.2, 0.7], atMost: 60) ?? 0) - 2.1) < 1e-12, "0.30000000000000004 is 3/10")
    #expect(CommonPeriod.of([7, 11], atMost: 60) == nil, "77 s is past the cap")
    #expect(CommonPeriod.of([7, 11], atMost: 80) == 77)
    #expect(CommonPeriod.of([1, 1.7320508], atMost: 60) == nil, "1 : √3 has no fraction of numerator ≤ 34")
    #expect(CommonPeriod.of([1, 1 + 1e-7], atMost: 60) == nil, "a ratio off by 1e-7 is not 1")
  }

  /// Children of 1 s and 1.5 s loop every 3 s; of 1.2 s and 2 s every 6 s: in the library, the filmstrip, the
  /// video, the Lottie document, the SVG of the loop's two ends, `sample --fps`'s default times and the preview.
  @Test(arguments: [(1.0, 1.5, 3.0), (1.2, 2.0, 6.0)])
  func anEndlessGroupHasOneSpanEverywhere(first: Double, second: Double, period: Double) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.endlessGroup(first, second), name: "group", in: folder)
    let span = ExportSpan.of(plan: try Self.plan(spec), playing: [0])
    #expect(span.start == 0 && abs(span.end - period) < 1e-9 && !span.capped && span.endless, "\(span)")

    let filmstrip = CLI.run(["export", "filmstrip", spec, "--frames", "3"])
    try #require(filmstrip.status == 0, "\(filmstrip.standardError)")
    let labels = filmstrip.standardOutput.components(separatedBy: "t = ").dropFirst().map {
      Double($0.prefix { $0 != " " }) ?? -1
    }
    #expect(labels == [0, period / 2, period], "filmstrip labels \(labels)")
    #expect(!filmstrip.standardError.contains("note"), "\(filmstrip.standardError)")

    let lottie = CLI.run(["export", "lottie", spec])
    try #require(lottie.status == 0 && !lottie.standardError.contains("W0910"), "\(lottie.standardError)")
    let document = try JSONParser.parse(Array(lottie.standardOutput.utf8))
    #expect(document["ip"]?.numberValue == 0 && document["op"]?.numberValue == period * 60)

    let svgStart = CLI.run(["export", "svg", spec, "--at", "0"])
    let svgEnd = CLI.run(["export", "svg", spec, "--at", "\(period)"])
    let untitled = { (svg: String) in svg.split(separator: "\n").filter { !$0.contains("<title>") } }
    #expect(svgStart.status == 0 && untitled(svgStart.standardOutput) == untitled(svgEnd.standardOutput))

    let sampled = CLI.run(["sample", spec, "--fps", "4"])
    try #require(sampled.status == 0, "\(sampled.standardError)")
    let times = try #require(try JSONParser.parse(Array(sampled.standardOutput.utf8))["samples"]?.arrayValue)
      .compactMap { $0["time"]?.numberValue }
    #expect(times.first == 0 && abs((times.last ?? 0) - period) < 1e-9 && times.count == Int(period * 4) + 1)

    if ExportTools.which("ffmpeg") != nil {
      let video = folder.appendingPathComponent("group.gif").path
      let encoded = CLI.run(["export", "video", spec, "-o", video, "--fps", "10"])
      try #require(encoded.status == 0, "\(encoded.standardError)")
      let probe = try ExportVideoTests.probe(video)
      #expect(probe.frames == Int(period * 10) && abs(probe.duration - period) < 0.02, "\(probe)")
    }

    let shown = try Self.previewSpans(spec, folder: folder, timelines: [nil, "pulse"])
    for value in shown {
      #expect(value["start"]?.numberValue == 0 && abs((value["end"]?.numberValue ?? 0) - period) < 1e-9)
      #expect(value["duration"]?.numberValue == value["end"]?.numberValue && value["loopStart"]?.numberValue == 0)
    }
  }

  /// The preview page's `window.scenec.span()` (the span it plays and loops) for each timeline choice (nil: the
  /// autoplay set), in headless Chromium; empty when Chromium is missing (the Chromium helper records that).
  static func previewSpans(_ spec: String, folder: URL, timelines: [String?]) throws -> [JSONValue] {
    guard let chromium = Chromium.path else { return [] }
    let page = folder.appendingPathComponent("page.html").path
    let written = CLI.run(["preview", spec, "-o", page])
    try #require(written.status == 0, "\(written.standardError)")
    let actions: [[String: Any]] = timelines.map { name in
      [
        "evaluate": "(() => { const menu = document.getElementById('timeline'); menu.value = \"\(name ?? "")\";"
          + " menu.dispatchEvent(new Event('change')); return window.scenec.span(); })()"
      ]
    }
    let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/drive_preview.py").path
    let actionsJSON = String(decoding: try JSONSerialization.data(withJSONObject: actions), as: UTF8.self)
    let url = URL(fileURLWithPath: page).absoluteString + "#at=0"
    let driven = try #require(
      ExportTools.run("python3", [script, chromium, url, folder.appendingPathComponent("profile").path, actionsJSON]))
    try #require(driven.status == 0, "\(driven.standardOutput)\(driven.standardError)")
    let values = try #require(try JSONParser.parse(driven.standardOutput, maxDepth: 64)["evaluations"]?.arrayValue)
    try #require(values.count == timelines.count, "\(driven.standardOutput)")
    return values
  }

  /// Staggered starts loop from the moment the last one has begun: the activity indicator's twelve bars (replicator
  /// instanceDelay 1/12 s) from 11/12 s, the placeholder's shimmer (beginTime i × 0.15) from 0.3 s for 12 s. The
  /// Lottie document plays from there (`ip`), the filmstrip and `sample --fps` start there, and so does the preview's
  /// loop.
  @Test func staggeredStartsLoopFromTheLastStart() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, start, period) in [("activity-indicator", 11.0 / 12, 1.0), ("loading-placeholder", 0.3, 12.0)] {
      let spec = ExportFixtures.spec(name)
      let span = ExportSpan.of(plan: try Self.plan(spec), playing: [0])
      #expect(abs(span.start - start) < 1e-9 && abs(span.length - period) < 1e-9, "\(name): \(span)")
      let lottie = CLI.run(["export", "lottie", spec])
      let document = try JSONParser.parse(Array(lottie.standardOutput.utf8))
      #expect(document["ip"]?.numberValue == (start * 60).rounded())
      #expect(document["op"]?.numberValue == ((start + period) * 60).rounded())
      let sampled = CLI.run(["sample", spec, "--fps", "2"])
      let times = try #require(try JSONParser.parse(Array(sampled.standardOutput.utf8))["samples"]?.arrayValue)
        .compactMap { $0["time"]?.numberValue }
      #expect(abs((times.first ?? -1) - start) < 1e-9 && abs((times.last ?? -1) - start - period) < 1e-9, "\(times)")
      for value in try Self.previewSpans(spec, folder: folder, timelines: [nil]) {
        #expect(abs((value["loopStart"]?.numberValue ?? -1) - start) < 1e-9, "\(name): \(value)")
        #expect(abs((value["end"]?.numberValue ?? -1) - start - period) < 1e-9, "\(name): \(value)")
      }
    }
  }

  /// Every spec and every looping fixture, each timeline alone and the autoplay set: where the span is a loop,
  /// `scenec sample` at its start and at its end print the same states (to 1e-9).
  @Test func everyLoopSamplesAlikeAtItsStartAndEnd() throws {
    let root = CLI.repositoryRoot
    var files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("specs").path)
      .filter { $0.hasSuffix(".yaml") }.map { "specs/\($0)" }
    for folder in ["Tests/SceneCheckerTests/Fixtures/Clean", "Tests/SceneIntegrationTests/Fixtures"] {
      files += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".yaml") }.map { "\(folder)/\($0)" }
    }
    var loops: [String] = []
    var failures: [String] = []
    for file in files.sorted() {
      let path = root.appendingPathComponent(file).path
      let compiled = CLI.run(["compile", path])
      guard compiled.status == 0 else { continue }
      let plan = try Plan(json: try JSONParser.parse(Array(compiled.standardOutput.utf8)))
      var playbacks: [(String?, [Int])] = (0..<plan.timelines.count).map { (plan.timelines.names[$0], [$0]) }
      if plan.machine == nil { playbacks.append((nil, plan.autoplayTimelines)) }
      for (timeline, playing) in playbacks {
        let span = ExportSpan.of(plan: plan, playing: playing)
        guard span.endless else { continue }
        let label = "\(file) \(timeline ?? "autoplay")"
        guard !span.capped else {
          failures.append("\(label): capped (\(span.cappedExplanation))")
          continue
        }
        loops.append(label)
        let run = CLI.run(
          ["sample", path, "--at", "\(span.start),\(span.end)"] + (timeline.map { ["--timeline", $0] } ?? []))
        try #require(run.status == 0, "\(label): \(run.standardError)")
        let samples = try #require(try JSONParser.parse(Array(run.standardOutput.utf8))["samples"]?.arrayValue)
        var differences: [String] = []
        Self.compare(samples[0]["layers"] ?? .null, samples[1]["layers"] ?? .null, at: "", into: &differences)
        if !differences.isEmpty {
          failures.append("\(label) [\(span.start), \(span.end)]: " + differences.prefix(3).joined(separator: "; "))
        }
      }
    }
    print("loops sampled alike at both ends: \(loops.count): \(loops.joined(separator: ", "))")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(loops.contains("specs/activity-indicator.yaml autoplay"))
    #expect(loops.contains("specs/loading-placeholder.yaml autoplay"))
    #expect(loops.count >= 6)
  }

  static func compare(_ a: JSONValue, _ b: JSONValue, at place: String, into differences: inout [String]) {
    if let x = a.numberValue, let y = b.numberValue {
      if !(abs(x - y) <= 1e-9 * max(1, abs(x))) { differences.append("\(place): \(x) against \(y)") }
    } else if let left = a.arrayValue, let right = b.arrayValue {
      guard left.count == right.count else { return differences.append("\(place): \(left.count) items") }
      for index in left.indices { compare(left[index], right[index], at: "\(place)[\(index)]", into: &differences) }
    } else if let left = a.objectMembers, let right = b.objectMembers {
      guard left.map(\.0) == right.map(\.0) else { return differences.append("\(place): other keys") }
      for (l, r) in zip(left, right) { compare(l.1, r.1, at: "\(place).\(l.0)", into: &differences) }
    } else if "\(a)" != "\(b)" {
      differences.append("\(place): \(a) against \(b)")
    }
  }

  /// Periods without a common one under the cap: W0910 names the periods, the cap, the cause (an endless group
  /// without a duration) and the fix, and what it says is so.
  @Test func withoutACommonPeriodTheWarningSaysWhyAndIsTrue() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.endlessGroup(1, 1.7320508), name: "group", in: folder)
    let plan = try Self.plan(spec)
    let span = ExportSpan.of(plan: plan, playing: [0])
    #expect(span.capped && span.start == 0 && span.end == ExportSpan.cap && span.periods == [1, 1.7320508])
    for multiple in 1...Int(ExportSpan.longestPeriod / 1.7320508) {
      let ratio = Double(multiple) * 1.7320508
      #expect(abs(ratio - ratio.rounded()) > 1e-9 * ratio, "\(ratio) s would be a common period")
    }
    for exporter in ["lottie", "video"] {
      let output = folder.appendingPathComponent(exporter == "video" ? "group.gif" : "group.json").path
      if exporter == "video" && ExportTools.which("ffmpeg") == nil { continue }
      let run = CLI.run(["export", exporter, spec, "-o", output] + (exporter == "video" ? ["--fps", "2"] : []))
      try #require(run.status == 0, "\(run.standardError)")
      for words in [
        "[W0910]", "periods (1 s, 1.7320508 s)", "no common period of at most 60 s",
        "an endless group without a duration", "the export stops at 10 s", "give the group a `duration`",
      ] {
        #expect(run.standardError.contains(words), "\(exporter): '\(words)' in \(run.standardError)")
      }
    }
    let filmstrip = CLI.run(["export", "filmstrip", spec, "--frames", "2"])
    #expect(filmstrip.standardError.contains("an endless group without a duration"), "\(filmstrip.standardError)")
    // Where it stops, a looping player jumps: the two ends differ.
    let ends = CLI.run(["sample", spec, "--at", "0,10"])
    let samples = try #require(try JSONParser.parse(Array(ends.standardOutput.utf8))["samples"]?.arrayValue)
    var differences: [String] = []
    Self.compare(samples[0]["layers"] ?? .null, samples[1]["layers"] ?? .null, at: "", into: &differences)
    #expect(!differences.isEmpty)
    // Timelines of their own, not a group: the cause named is the periods alone.
    let separate = ExportFixtures.write(
      """
      scene: separate
      size: [20, 20]
      layers:
        - {id: a, frame: [0, 0, 10, 10], backgroundColor: red}
      timelines:
        t: {target: a, autoplay: true, keyPath: opacity, from: 0, to: 1, duration: 7, repeatCount: inf}
        u: {target: a, autoplay: true, keyPath: position.x, from: 5, to: 15, duration: 11, repeatCount: inf}
      """, name: "separate", in: folder)
    let lottie = CLI.run(["export", "lottie", separate, "-o", folder.appendingPathComponent("s.json").path])
    #expect(lottie.standardError.contains("the endless timelines' periods (7 s, 11 s) have no common period"))
    #expect(!lottie.standardError.contains("group"), "\(lottie.standardError)")
  }
}
