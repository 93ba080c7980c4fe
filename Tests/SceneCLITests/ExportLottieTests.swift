import Foundation
import SceneCLI
import Testing

/// `scenec export lottie` against real consumers: the Lottie community's JSON Schema and rlottie, and pixel by
/// pixel against scenec's own SVG frames rendered by rsvg-convert.
@Suite(.serialized) struct ExportLottieTests {
  static func export(_ spec: String, _ timeline: String?, extra: [String] = []) -> CLIRun {
    CLI.run(["export", "lottie", spec] + (timeline.map { ["--timeline", $0] } ?? []) + extra)
  }

  @Test func everySeedTimelineValidatesAgainstTheCommunitySchemaAndLoadsInRlottie() throws {
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for (spec, timeline) in ExportFixtures.exampleTimelines {
      let file = folder.appendingPathComponent("\(spec)-\(timeline ?? "autoplay").json").path
      let run = Self.export(ExportFixtures.spec(spec), timeline, extra: ["-o", file])
      #expect(run.status == 0, "\(spec) \(timeline ?? ""): \(run.standardError)")
      files.append(file)
      let info = try #require(ExportTools.run(probe, ["info", file]))
      #expect(info.status == 0, "rlottie cannot load \(file): \(info.standardError)")
      let fields = info.standardOutput.split(separator: " ").map {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      #expect(fields.count == 4 && fields[1] == 60 && (fields[0] ?? 0) >= 1, "\(info.standardOutput)")
    }
    if let report = ExportTools.validate(files) { Issue.record("schema validation failed:\n\(report)") }
  }

  /// Every interior pixel agrees (FrameComparison); text is removed from the SVG first, as rlottie draws none.
  @Test(arguments: ExportFixtures.exampleTimelines.indices)
  func rlottieFramesMatchTheSVGFrames(_ index: Int) throws {
    guard let probe = ExportTools.probePath, let rsvg = ExportTools.rsvgConvert else { return }
    let (spec, timeline) = ExportFixtures.exampleTimelines[index]
    let path = ExportFixtures.spec(spec)
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lottie = folder.appendingPathComponent("scene.json").path
    let run = Self.export(path, timeline, extra: ["-o", lottie])
    try #require(run.status == 0, "\(run.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lottie))) as? [String: Any])
    let plan = FrameComparison.plan(document)
    var total = FrameComparison.Tally()
    for frame in plan.frames {
      let svg = try FrameComparison.svgFrame(
        spec: path, timeline: timeline, frame: plan.inFrame + frame, scale: plan.scale, folder: folder, rsvg: rsvg,
        probe: probe)
      let lottieDump = folder.appendingPathComponent("lottie.rgba").path
      #expect(
        ExportTools.run(probe, ["dump", lottie, "\(frame)", "\(plan.width)", "\(plan.height)", lottieDump])?.status == 0
      )
      let rendered = try #require(ExportTools.Pixels(file: lottieDump))
      var tally = FrameComparison.Tally()
      FrameComparison.compare(svg, rendered, label: "frame \(frame)", into: &tally)
      #expect(tally.mismatches.isEmpty, "\(spec) \(timeline ?? ""): \(tally.mismatches.joined(separator: "; "))")
      #expect(
        tally.painted >= 20,
        "\(spec) \(timeline ?? "") frame \(frame): only \(tally.painted) painted interior pixels compared")
      total.compared += tally.compared
    }
    #expect(total.compared > 0)
  }

  /// Curves that Lottie can carry are carried exactly: the press's easeInEaseOut scale is one keyframe pair with
  /// CAMediaTimingFunction's control points, the shake's keyTimes land on their frames.
  @Test func exactKeyframesCarryTheTimingCurves() throws {
    let press = Self.export(ExportFixtures.spec("shoot-button"), "press")
    #expect(press.status == 0)
    #expect(press.standardOutput.contains(#""o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}"#))
    #expect(!press.standardError.contains("W0902"), "\(press.standardError)")
    let shake = Self.export(ExportFixtures.spec("shake-button"), nil)
    #expect(shake.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(shake.standardOutput.utf8)) as? [String: Any])
    #expect((document["op"] as? NSNumber)?.doubleValue == 180, "one 3 s cycle of the endless shake")
    let layers = try #require(document["layers"] as? [[String: Any]])
    let search = try #require(layers.first { $0["nm"] as? String == "search" })
    let rotation = try #require(((search["ks"] as? [String: Any])?["r"] as? [String: Any])?["k"] as? [[String: Any]])
    let times = rotation.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
    for expected in [72.0, 84.6, 93.6, 108] { #expect(times.contains(expected), "\(times)") }
    #expect(!shake.standardError.contains("W0902"), "\(shake.standardError)")
  }

  @Test func outputIsDeterministicAndWrittenAtomically() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = Self.export(ExportFixtures.spec("like-button"), "like")
    let second = Self.export(ExportFixtures.spec("like-button"), "like")
    #expect(first.status == 0 && first.standardOutput == second.standardOutput)
    let file = folder.appendingPathComponent("out.json").path
    try "old".write(toFile: file, atomically: true, encoding: .utf8)
    let missing = Self.export(ExportFixtures.spec("like-button"), "nosuch", extra: ["-o", file])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("no timeline named 'nosuch'"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
    #expect(Self.export(ExportFixtures.spec("like-button"), "like", extra: ["-o", file]).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == first.standardOutput)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
  }

  @Test func everyExportWarningHasAFixtureThatRaisesIt() throws {
    // Codes only the SVG export raises are tested there (W0930: ExportGradientTests).
    let codes = ExportCodes.all.map(\.id).filter { !ExportGradientTests.svgOnlyCodes.contains($0) }
    #expect(Self.warningFixtures.map(\.code) == codes, "one fixture per code, in catalogue order")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for fixture in Self.warningFixtures {
      let spec = ExportFixtures.write(fixture.yaml, name: fixture.code, in: folder)
      if Self.svgOnly.contains(fixture.code) {
        let run = CLI.run(["export", "svg", spec, "--at", "0"])
        let line = run.standardError.split(separator: "\n").first { $0.hasSuffix("[\(fixture.code)]") }
        #expect(run.status == 0 && line?.contains("layer '\(fixture.layer)'") == true, "\(run.standardError)")
        continue
      }
      let run = Self.export(spec, nil)
      #expect(run.status == 0, "\(fixture.code): \(run.standardError)")
      let line = run.standardError.split(separator: "\n").first { $0.hasSuffix("[\(fixture.code)]") }
      #expect(line != nil, "\(fixture.code) not raised: \(run.standardError)")
      if let line {
        if !fixture.layer.isEmpty { #expect(line.contains("layer '\(fixture.layer)'"), "\(line)") }
        if !fixture.keyPath.isEmpty { #expect(line.contains("key path '\(fixture.keyPath)"), "\(line)") }
      }
      let output = folder.appendingPathComponent("\(fixture.code).json").path
      let strict = Self.export(spec, nil, extra: ["--strict", "-o", output])
      #expect(strict.status == 1, "\(fixture.code): --strict must fail")
      #expect(strict.standardError.contains("--strict"))
      #expect(!FileManager.default.fileExists(atPath: output), "\(fixture.code): --strict wrote a file")
      #expect(Self.export(spec, nil, extra: ["-o", output]).status == 0)
      files.append(output)
    }
    guard ExportTools.validatorReady, let probe = ExportTools.probePath else { return }
    if let report = ExportTools.validate(files) { Issue.record("schema validation failed:\n\(report)") }
    for file in files { #expect(ExportTools.run(probe, ["info", file])?.status == 0, "rlottie cannot load \(file)") }
  }

  @Test func aSceneWithoutWarningsExportsUnderStrict() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      """
      scene: clean
      size: [160, 160]
      layers:
        - {id: ring, position: [80, 80], bounds: [0, 0, 80, 80], cornerRadius: 40, borderWidth: 5, borderColor: red}
      timelines:
        pulse: {target: ring, keyPath: borderWidth, from: 5, to: 10, duration: 0.5, autoreverses: true, \
      repeatCount: inf}
      """, name: "clean", in: folder)
    let run = Self.export(spec, "pulse", extra: ["--strict"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty)
    #expect(run.standardOutput.hasPrefix(#"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":160,"h":160"#))
  }

  @Test func docsIndexEveryExportCode() throws {
    let docs = try String(
      contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/exports.md"), encoding: .utf8)
    for code in ExportCodes.all {
      #expect(
        docs.contains("| \(code.id) | `\(code.name)` |") && docs.contains("<a id=\"\(code.id.lowercased())\"></a>"),
        "docs/exports.md lacks \(code.id) \(code.name)")
    }
  }
}
