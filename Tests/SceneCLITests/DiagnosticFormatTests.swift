import Foundation
import SceneDiagnostics
import SceneExport
import SceneRuntime
import SceneTestSupport
import Testing

@testable import SceneCLI

/// Issue 11, item 4: `compile`, `sample` and every export report located diagnostics (export warnings W09xx
/// among them) in `--format text|json|sarif|github`, on standard error, and `# scenec-disable:` switches W09xx off.
@Suite struct DiagnosticFormatTests {
  static func shakeButton() throws -> String {
    try String(
      contentsOfFile: CLI.repositoryRoot.appendingPathComponent("specs/shake-button.yaml").path, encoding: .utf8)
  }

  /// The diagnostics of a `--format json` run's standard error, as (code, line, column, message).
  static func diagnostics(_ run: CLIRun) throws -> [(code: String, line: Int, column: Int, message: String)] {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardError.utf8)) as? [String: Any], "\(run.standardError)")
    let files = try #require(document["files"] as? [[String: Any]])
    return files.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] }.map {
      ($0["code"] as? String ?? "", $0["line"] as? Int ?? 0, $0["column"] as? Int ?? 0, $0["message"] as? String ?? "")
    }
  }

  /// 1-based line and column of the first occurrence of `needle` in `text`.
  static func place(of needle: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: needle) else { return nil }
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    let column = before.distance(from: lineStart, to: before.endIndex) + 1
    return (line, column)
  }

  @Test func exportLottieReportsTheTextLayerWarningAtItsPlaceInJSON() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.json").path
    let run = CLI.run(["export", "lottie", "specs/shake-button.yaml", "--format", "json", "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    let found = try Self.diagnostics(run)
    let warning = try #require(found.first { $0.code == "W0906" }, "\(run.standardError)")
    #expect(warning.message.hasPrefix("layer 'search': written as an image layer"))
    // Where the compiler's source map puts layer 'search'; until it fills the map, the scene's `scene:` key.
    let spec = try Self.shakeButton()
    let compiled = CLI.run(["compile", "specs/shake-button.yaml"])
    let planJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(compiled.standardOutput.utf8)) as? [String: Any])
    if let map = planJSON["sourceMap"] as? [String: Any], let layers = map["layers"] as? [[String: Any]?],
      let ids = (planJSON["layers"] as? [[String: Any]])?.compactMap({ $0["id"] as? String }),
      let index = ids.firstIndex(of: "search"), let location = layers[index]
    {
      #expect(warning.line == location["line"] as? Int && warning.column == location["column"] as? Int)
      #expect(warning.line == Self.place(of: "- id: search", in: spec)?.line)
    } else {
      let top = try #require(Self.place(of: "\nscene:", in: spec))
      #expect((warning.line, warning.column) == (top.line + 1, 1))
    }
  }

  /// The place comes from `Plan.sourceMap`: a layer's warning at the layer's definition, a key path's at the
  /// animation's with a label at the layer, a scene-wide one at `scene:`.
  @Test func warningsAreLocatedThroughTheSourceMap() throws {
    let text =
      "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opacity: 0.5\n"
      + "timelines:\n  t:\n    target: a\n    keyPath: opacity\n    to: 0\n"
    let source = SourceFile(path: "s.yaml", text: text)
    let layerStart = text.range(of: "id: a")!.lowerBound.utf16Offset(in: text)
    let trackStart = text.range(of: "target: a")!.lowerBound.utf16Offset(in: text)
    var plan = Plan(scene: "s", width: 10, height: 10)
    plan.layers.ids = ["a"]
    plan.tracks.keyPaths = ["opacity"]
    plan.tracks.layers = [0]
    plan.sourceMap = SourceMap(
      path: "s.yaml", layers: [.init(line: 4, column: 5, start: layerStart, end: layerStart + 5)],
      tracks: [.init(line: 8, column: 5, start: trackStart, end: trackStart + 9)])
    let places = ExportWarningPlaces(plan: plan, sceneTop: ExportWarningPlaces.sceneTop(in: source))
    let onLayer = places.diagnostic(ExportWarning(ExportDiagnostics.textLayer, layer: "a", keyPath: "", "m"))
    #expect(source.location(of: onLayer.span.start).line == 4 && source.location(of: onLayer.span.start).column == 5)
    #expect(onLayer.labels.isEmpty && onLayer.message == "layer 'a': m")
    let onTrack = places.diagnostic(ExportWarning(ExportDiagnostics.groupOpacity, layer: "a", keyPath: "opacity", "m"))
    #expect(source.location(of: onTrack.span.start).line == 8)
    #expect(onTrack.labels.map(\.span.start) == [layerStart] && onTrack.message == "layer 'a', key path 'opacity': m")
    let unknownKeyPath = places.diagnostic(ExportWarning(ExportDiagnostics.baked, layer: "a", keyPath: "position", "m"))
    #expect(unknownKeyPath.span.start == layerStart)
    let scene = places.diagnostic(ExportWarning(ExportDiagnostics.canvasSize, layer: "", keyPath: "", "m"))
    #expect(scene.span == Span(start: 0, end: 5))
    let unmapped = ExportWarningPlaces(plan: Plan(scene: "s", width: 1, height: 1), sceneTop: .at(0))
    let unplaced = unmapped.diagnostic(ExportWarning(ExportDiagnostics.textLayer, layer: "a", keyPath: "", "m"))
    #expect(unplaced.span == .at(0))

    // Through the CLI's report, in JSON, with the spec's own suppressions.
    for (comment, expected) in [("", 1), ("# scenec-disable: W0906\n", 0), ("# scenec-disable: text-layer\n", 0)] {
      let sink = StringSink()
      let console = Console(
        standardOutput: StringSink(), standardError: sink, environment: [:], readStandardInput: { nil })
      let arguments = try Arguments(["--format", "json"], spec: .init(options: ["--format"], flags: []), command: "t")
      let report = try DiagnosticReport(arguments, console: console)
      report.use(SourceFile(path: "s.yaml", text: comment + text))
      let warning = ExportWarning(ExportDiagnostics.textLayer, layer: "a", keyPath: "", "m")
      let reported = report.add([warning], plan: plan, input: "s.yaml")
      report.finish()
      #expect(reported == expected)
      #expect(sink.text.contains("\"code\": \"W0906\"") == (expected == 1), "\(sink.text)")
    }
  }

  @Test func aDisableCommentSilencesAnExportWarningAndStrictPasses() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = try Self.shakeButton()
    let loud = ExportFixtures.write(spec, name: "loud", in: folder)
    let quiet = ExportFixtures.write("# scenec-disable: W0906\n" + spec, name: "quiet", in: folder)
    let output = folder.appendingPathComponent("out.json").path
    let warned = CLI.run(["export", "lottie", loud, "--strict", "-o", output])
    #expect(warned.status == 1 && warned.standardError.contains("[W0906]"))
    let silenced = CLI.run(["export", "lottie", quiet, "--strict", "-o", output])
    #expect(silenced.status == 0, "\(silenced.standardError)")
    #expect(silenced.standardError.isEmpty, "\(silenced.standardError)")
    // lint accepts the export code in the comment: no W0113.
    let lint = CLI.run(["lint", quiet])
    #expect(!lint.standardOutput.contains("W0113"), "\(lint.standardOutput)")
  }

  /// A spec with a checker warning (W0107, an unused `let`) and a value that overflows (W0913 when sampled).
  static let overflowSpec = """
    scene: s
    size: [10, 10]
    let:
      unused: 1
    layers:
      - {id: far, position: [1e308, 10], bounds: [0, 0, 2, 2], transform: {translation: [1e308, 0]}}
    """

  static func commands(_ spec: String, output: URL) -> [[String]] {
    [
      ["compile", spec, "-o", output.appendingPathComponent("plan.json").path],
      ["sample", spec, "--at", "0"],
      ["export", "svg", spec, "--at", "0", "-o", output.appendingPathComponent("a.svg").path],
      ["export", "filmstrip", spec, "--frames", "2", "-o", output.appendingPathComponent("b.svg").path],
      ["export", "lottie", spec, "-o", output.appendingPathComponent("c.json").path],
    ]
  }

  @Test func everyCommandTakesEveryFormatAndSARIFValidates() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.overflowSpec, name: "overflow", in: folder)
    for command in Self.commands(spec, output: folder) {
      let text = CLI.run(command)
      #expect(text.status == 0, "\(command): \(text.standardError)")
      #expect(
        text.standardError.contains("overflow.yaml:4:3: warning: 'unused' is never used [W0107]"),
        "\(command): \(text.standardError)")
      let json = CLI.run(command + ["--format", "json"])
      let found = try Self.diagnostics(json)
      #expect(
        found.contains { $0.code == "W0107" && $0.line == 4 && $0.column == 3 }, "\(command): \(json.standardError)")
      if command[0] != "compile" {
        #expect(found.contains { $0.code == "W0913" }, "\(command): \(json.standardError)")
      }
      let github = CLI.run(command + ["--format", "github"])
      let annotations = github.standardError.split(separator: "\n")
      #expect(annotations.allSatisfy { $0.hasPrefix("::warning ") }, "\(github.standardError)")
      let sarif = CLI.run(command + ["--format", "sarif"])
      #expect(sarif.standardError.contains("\"version\": \"2.1.0\""))
      let check = try SARIFSchemaCheck.run(sarif.standardError)
      if check.status == SARIFSchemaCheck.toolMissing {
        withKnownIssue("SARIF schema validation skipped: \(check.output)") { Issue.record("validator unavailable") }
      } else {
        #expect(check.status == 0, "\(command): \(check.output)")
      }
    }
    let bad = CLI.run(["compile", spec, "--format", "jsn"])
    #expect(bad.status == 2 && bad.standardError.contains("did you mean 'json'?"))
  }

  /// A replay's values are baked (W0902): the warning names the animations' key paths, never "states".
  @Test func aReplaysBakedWarningsNameTheKeyPathsThatAnimate() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.json").path
    let run = CLI.run(
      ["export", "lottie", "specs/like-button.yaml", "--events", "tap@0.1", "-o", output, "--format", "json"])
    #expect(run.status == 0, "\(run.standardError)")
    let baked = try Self.diagnostics(run).filter { $0.code == "W0902" }
    #expect(!baked.isEmpty)
    #expect(baked.allSatisfy { !$0.message.contains("key path 'states'") }, "\(baked)")
    #expect(baked.contains { $0.message.hasPrefix("layer 'fan[0]', key path 'position': ") }, "\(baked)")
  }

  @Test func sampleLocatesItsOverflowWarning() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.overflowSpec, name: "overflow", in: folder)
    let run = CLI.run(["sample", spec, "--at", "0", "--format", "json"])
    #expect(run.status == 0)
    let overflow = try #require(try Self.diagnostics(run).first { $0.code == "W0913" })
    #expect(overflow.message.hasPrefix("layer 'far': "))
    #expect(overflow.line >= 1)
    let quiet = ExportFixtures.write("# scenec-disable: not-finite\n" + Self.overflowSpec, name: "quiet", in: folder)
    #expect(!CLI.run(["sample", quiet, "--at", "0"]).standardError.contains("W0913"))
  }
}
