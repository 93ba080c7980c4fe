import Foundation
import SceneCLI
import Testing

/// `scenec export lottie` in the players people use, beyond Debian's rlottie 0.1: rlottie 0.2 (PyPI
/// rlottie-python), ThorVG 1.x (PyPI thorvg-python), and lottie-web 5.7.5 (PyPI pylottie) and 5.8.1 (PyPI
/// streamlit-lottie) with both their SVG and canvas renderers in headless Chromium (Debian chromium), all driven
/// by Tests/Support/lottie_players.py in one run. Every frame is compared with scenec's SVG export as the rlottie
/// probe's frames are (FrameComparison).
@Suite(.serialized) struct LottiePlayersTests {
  static let players = [
    "rlottie-0.2", "thorvg-1", "lottie-web-5.7-svg", "lottie-web-5.7-canvas", "lottie-web-5.8-svg",
    "lottie-web-5.8-canvas",
  ]
  static let hint =
    "run scripts/test.sh, which installs chromium (Debian) and rlottie-python, thorvg-python, "
    + "pylottie, streamlit-lottie (PyPI, listed in scripts/requirements.sh) when they are missing"

  /// Runs Tests/Support/lottie_players.py once on `jobs` (each `name`, `file`, `frames`, `width`, `height`): every
  /// player draws every job's frames into `<output>/<player>/<name>-<frame>.rgba`. Returns that folder and the run.
  static func play(_ jobs: [[String: Any]], in folder: URL) throws -> (output: String, run: ExportTools.Output) {
    let jobFile = folder.appendingPathComponent("jobs.json").path
    try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobFile))
    let output = folder.appendingPathComponent("players").path
    let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/lottie_players.py").path
    let players = try #require(ExportTools.run("python3", [script, jobFile, output]), "python3 is missing: \(hint)")
    try #require(players.status == 0, "the players did not run (\(hint)): \(players.standardError)")
    return (output, players)
  }

  /// A stroke of two dash/gap pairs (lottie-web throws on repeated dash names) over a background with alpha, moving.
  /// A straight line and no phase: rlottie ignores a dash phase and lays dashes on curves out by its own length,
  /// and ThorVG joins no dash across a corner (docs/exports.md, "Players").
  static let dashes = """
    scene: dashes
    size: [120, 120]
    layers:
      - {id: line, type: shape, frame: [0, 0, 120, 120], path: "M10 60 L110 60", fillColor: clear, \
    backgroundColor: "rgba(0, 128, 255, 0.5)", strokeColor: black, lineWidth: 8, lineDashPattern: [20, 6, 4, 6]}
    timelines:
      slide: {autoplay: true, target: line, keyPath: position.x, from: 60, to: 40, duration: 1, fillMode: forwards, \
    removedOnCompletion: false}
    """

  struct Job {
    var name: String
    var spec: String
    var timeline: String?
    var extra: [String]
    var file: String
    var frames: [Int]
    /// The document's `ip`: the players number frames from it.
    var inFrame: Int
    var scale: Int
    var width: Int
    var height: Int
  }

  @Test func everySeedExportPlaysInEveryPlayerAndMatchesTheSVGExport() throws {
    guard let probe = ExportTools.probePath, let rsvg = ExportTools.rsvgConvert else { return }
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dashes = ExportFixtures.write(Self.dashes, name: "dashes", in: folder)
    var sources = ExportFixtures.seedTimelines.map { (ExportFixtures.spec($0.spec), $0.timeline, [String]()) }
    sources.append((dashes, nil, []))
    sources.append((ExportFixtures.spec("shoot-button"), nil, ["--events", "press@0,release@1.2"]))
    var jobs: [Job] = []
    for (spec, timeline, extra) in sources {
      let stem = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
      let name = "\(stem)-\(extra.isEmpty ? timeline ?? "autoplay" : "events")"
      let file = folder.appendingPathComponent("\(name).json").path
      let run = CLI.run(["export", "lottie", spec, "-o", file] + (timeline.map { ["--timeline", $0] } ?? []) + extra)
      try #require(run.status == 0, "\(name): \(run.standardError)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
      let plan = FrameComparison.plan(document)
      jobs.append(
        Job(
          name: name, spec: spec, timeline: timeline, extra: extra, file: file, frames: plan.frames,
          inFrame: plan.inFrame,
          scale: plan.scale,
          width: plan.width, height: plan.height))
    }
    let jobList: [[String: Any]] = jobs.map {
      ["name": $0.name, "file": $0.file, "frames": $0.frames, "width": $0.width, "height": $0.height]
    }
    let (output, players) = try Self.play(jobList, in: folder)
    let lines = players.standardOutput.split(separator: "\n").map(String.init)
    var table: [String] = []
    for job in jobs {
      var row: [String] = []
      for (index, frame) in job.frames.enumerated() {
        let svg = try FrameComparison.svgFrame(
          spec: job.spec, timeline: job.timeline, extra: job.extra, frame: job.inFrame + frame, scale: job.scale,
          folder: folder,
          rsvg: rsvg, probe: probe)
        // Every other pixel of every other row: a quarter of the work, still thousands of pixels a frame.
        let interior = FrameComparison.Interior(svg, step: 2)
        for (column, player) in Self.players.enumerated() {
          if index == 0 {
            let report = lines.first { $0.hasPrefix("\(player) \(job.name) ") }
            #expect(report == "\(player) \(job.name) ok", "\(report ?? "\(player) did not report on \(job.name)")")
            row.append("")
          }
          let dump = "\(output)/\(player)/\(job.name)-\(frame).rgba"
          guard let rendered = ExportTools.Pixels(file: dump) else {
            Issue.record("\(player) rendered no frame \(frame) of \(job.name)")
            continue
          }
          var tally = FrameComparison.Tally()
          FrameComparison.compare(svg, rendered, interior: interior, label: "frame \(frame)", into: &tally)
          #expect(tally.mismatches.isEmpty, "\(player) \(job.name): \(tally.mismatches.joined(separator: "; "))")
          #expect(
            tally.painted >= 20, "\(player) \(job.name) frame \(frame): only \(tally.painted) painted pixels compared")
          let previous = row[column].split(separator: "/").compactMap { Int($0) }
          let worst = max(previous.first ?? 0, tally.worst)
          let compared = (previous.count > 1 ? previous[1] : 0) + tally.compared
          row[column] = "\(worst)/\(compared)"
        }
      }
      table.append("| \(job.name) | " + row.joined(separator: " | ") + " |")
    }
    // The figures for docs/exports.md: the largest channel difference / interior pixels compared, per player.
    print("| timeline | " + Self.players.joined(separator: " | ") + " |\n" + table.joined(separator: "\n"))
  }

  /// The fixes the players need, checked in the JSON (Qt Lottie is not among the players run here).
  @Test func colorsCarryAlphaDashNamesAreUniqueAndEndValuesAreExact() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dashes = ExportFixtures.write(Self.dashes, name: "dashes", in: folder)
    let run = CLI.run(["export", "lottie", dashes])
    try #require(run.status == 0, "\(run.standardError)")
    let text = run.standardOutput
    #expect(text.contains(#"{"n":"d","nm":"dash 1""#) && text.contains(#"{"n":"g","nm":"gap 2""#), "\(text)")
    #expect(text.contains(#""c":{"a":0,"k":[0,0.501961,1,1]}"#), "a static fill colour is [r, g, b, 1]")
    #expect(text.contains(#""c":{"a":0,"k":[0,0,0,1]}"#), "a static stroke colour is [r, g, b, 1]")
    let press = CLI.run(["export", "lottie", ExportFixtures.spec("shoot-button"), "--timeline", "press"])
    try #require(press.status == 0)
    // The border's scale ends on exactly 1.8 × 100, the centre's on 0.7 × 100.
    #expect(press.standardOutput.contains(#"{"t":15,"s":[180,180]}"#), "\(press.standardOutput)")
    #expect(press.standardOutput.contains(#"{"t":15,"s":[70,70]}"#), "\(press.standardOutput)")
    for (spec, timeline) in ExportFixtures.seedTimelines {
      let export = CLI.run(
        ["export", "lottie", ExportFixtures.spec(spec)] + (timeline.map { ["--timeline", $0] } ?? []))
      let noisy = export.standardOutput.range(of: #"[0-9]\.[0-9]{7,}"#, options: .regularExpression)
      #expect(noisy == nil, "\(spec) \(timeline ?? ""): \(noisy.map { String(export.standardOutput[$0]) } ?? "")")
    }
  }

  /// `--events` exports end when the last transition does (release at 1.2 s + 0.25 s), or, when the last state
  /// loops forever, one period of its loop after its start (press's 0.25 s + pulse's 1 s cycle).
  @Test func eventExportsEndWithTheLastTransitionOrOneLoopPeriod() throws {
    let spec = ExportFixtures.spec("shoot-button")
    for (events, frames) in [("press@0,release@1.2", 87.0), ("press@0", 75.0), ("press@0,release@0.1", 21.0)] {
      let run = CLI.run(["export", "lottie", spec, "--events", events])
      try #require(run.status == 0, "\(run.standardError)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      #expect((document["op"] as? NSNumber)?.doubleValue == frames, "\(events): op \(document["op"] ?? "")")
    }
  }
}
