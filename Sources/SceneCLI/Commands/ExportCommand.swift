import Foundation
import SceneCore
import SceneDiagnostics
import SceneExport
import SceneRuntime

/// `scenec export svg|filmstrip|lottie|video SPEC|PLAN.json …`: pictures and animation files for other tools
/// (docs/exports.md). Diagnostics and export warnings go to standard error; files are written atomically.
enum ExportCommand {
  /// Each export's command line (`ExporterRegistry`), then what every export takes.
  static let usage =
    "scenec " + ExporterRegistry.all.map(\.usage).joined(separator: " | ")
    + "   (each: [--timeline NAME | --events E@T,…] [--format \(ReportFormat.choices)])"

  /// The introduction, each export's section, then what they share.
  static let help =
    ([introduction] + ExporterRegistry.all.map(\.help) + [commonHelp]).joined(separator: "\n\n")

  static let introduction = """
    Exports a scene (a spec, or a plan from `scenec compile`) for other tools. docs/exports.md tells what maps
    to what. Without --timeline the autoplay timelines play from time 0 (a scene with states: its initial state,
    or the replay of --events).
    """

  static let commonHelp = """
    PNG output (-o FILE.png or --png with -o) and video run rsvg-convert (Debian: librsvg2-bin), video also
    ffmpeg (Debian: ffmpeg); without them the command says so and exits 2. rsvg-convert gets 1 GiB of memory
    and --png-timeout seconds (default 20); past either, it is ended and the command exits 2. It is also ended
    with scenec (SIGTERM, SIGINT), and no temporary file is left behind.

    options:
      --at T               svg: the time in seconds
      --timeline NAME      play this timeline alone from time 0
      --events E@T[,…]     replay events through the scene's states (press@0,release@1.2)
      --frames N, --fps F  filmstrip: how many frames, or how often; video: --fps F frames a second (30)
      --scale S            filmstrip, video: the size of a frame, S times the scene's
      --duration S         filmstrip, lottie, video: the span in seconds instead of the timelines' own
      -o, --output FILE    write FILE (atomically) instead of standard output
      --png                rasterise (with -o)
      --png-timeout S      the longest rsvg-convert may run, in seconds (default 20); video: per frame, and
                           ffmpeg gets it for every 100 frames
      --strict             lottie: warnings fail (those a `# scenec-disable:` comment switches off do not)
      --format FORMAT      diagnostics and export warnings on standard error as text (default), json, sarif or
                           github; --color WHEN colours the text (auto, always, never)
      --max-export-frames N     the longest export, in frames at 60 fps (default 6000 = 100 s); a longer span
                                is cut there (warning W0912), a longer --duration is an error
      --max-export-keyframes N  lottie: the most keyframes written (default 200000); more is an error
      --max-export-samples N    the most layer states (frames x layers) an export holds (default 500000):
                                a scene of many layers gets fewer frames (cut as above)
      --max-export-layers N     lottie: the most layer instances exported (default 40000); more is an error
    """

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let names = ExporterRegistry.names
    guard let kind = arguments.first else { throw .usage("export needs a kind: \(phrase(names, "or"))") }
    guard let exporter = ExporterRegistry.named(kind) else {
      let hint = Suggestions.closest(to: kind, among: names).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown export '\(kind)'; the exports are \(phrase(names, "and"))\(hint)")
    }
    return try ExportRunner.run(exporter, Array(arguments.dropFirst()), console: console)
  }

  /// "a, b or c".
  static func phrase(_ names: [String], _ conjunction: String) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
  }
}

/// What the export commands share: reading the scene, choosing what plays, sampling, writing.
enum ExportSupport {
  /// The default input limit for a plan file (`sample PLAN.json`, `export … PLAN.json`): 256 MiB.
  static let planInputBytes = 256 << 20
  static let limitNames = [
    "--max-export-frames", "--max-export-keyframes", "--max-export-samples", "--max-export-layers",
  ]

  /// `--max-export-frames N`, `--max-export-keyframes N`, `--max-export-samples N` (docs/exports.md, "Limits").
  static func limits(_ parsed: Arguments) throws(CommandFailure) -> ExportLimits {
    var limits = ExportLimits()
    if let value = try parsed.integer("--max-export-frames") { limits.maxFrames = value }
    if let value = try parsed.integer("--max-export-keyframes") { limits.maxKeyframes = value }
    if let value = try parsed.integer("--max-export-samples") { limits.maxSamples = value }
    if let value = try parsed.integer("--max-export-layers") { limits.maxLayers = value }
    return limits
  }

  /// The span of `span(_:plan:playback:)` cut at the frame limit; `--duration` longer than the limit is an error.
  static func limitedSpan(
    _ parsed: Arguments, plan: Plan, playback: Playback, limits: ExportLimits, layerStates: Int? = nil
  )
    throws(CommandFailure) -> ExportSpan
  {
    let span = try span(parsed, plan: plan, playback: playback, limits: limits)
    let layers = layerStates ?? plan.layers.count
    if parsed.value("--duration") != nil && span.end > limits.longestSpan(layers: layers) {
      throw .usage(
        "--duration \(NumberFormatting.shortest(span.end)) is longer than an export may last: "
          + "\(MessageNumber.text(limits.longestSpan(layers: layers))) s at 60 fps, "
          + "\(limits.reason(layers: layers)); raise the limit")
    }
    return span.limited(to: limits, layers: layers)
  }

  static let commonOptions =
    ["--timeline", "--events", "-o", "--output", "--png-timeout"] + DiagnosticReport.options + CheckOptions.names
    + limitNames

  /// The plan of a spec or plan file (`sample` and every export); nil (after printing the diagnostics) when it has
  /// errors. A plan file is read under `--max-input-bytes` as a spec is.
  static func plan(_ path: String, parsed: Arguments, report: DiagnosticReport, console: Console)
    throws(CommandFailure) -> Plan?
  {
    let options = try CheckOptions.options(from: parsed)
    if path.hasSuffix(".json") {
      // A plan is larger than its spec (about 1 KB per animation): its own default holds any plan that a spec
      // within the default limits compiles to; --max-input-bytes sets both.
      let limit = parsed.value("--max-input-bytes") == nil ? planInputBytes : options.yamlLimits.maxInputBytes
      let bytes = try SpecFiles.readBytes(path, console: console, limit: limit)
      guard bytes.count <= limit else {
        _ = console.standardError.write(
          "\(path): error: the plan is larger than the limit of \(limit) bytes; raise it with --max-input-bytes\n")
        return nil
      }
      do {
        let loaded = try Plan.load(json: try JSONParser.parse(bytes))
        for warning in loaded.warnings { _ = console.standardError.write("\(path): warning: \(warning)\n") }
        return loaded.plan
      } catch let error as PlanError {
        _ = console.standardError.write("\(path): error: \(error)\n")
        return nil
      } catch {
        _ = console.standardError.write("\(path): error: not JSON: \(error)\n")
        return nil
      }
    }
    return try CompileCommand.checkedPlan(path, options: options, report: report, console: console)
  }

  /// What plays: one named timeline, the autoplay ones, or the replay of the scene's states.
  enum Playback {
    case timelines([Int])
    case machine(EventScript)
  }

  /// Nil (after printing why) when the timeline does not exist.
  static func playback(_ parsed: Arguments, plan: Plan, console: Console) throws(CommandFailure) -> Playback? {
    var script: EventScript?
    if let text = parsed.value("--events") {
      guard parsed.value("--timeline") == nil else {
        throw .usage("give either --events or --timeline: --timeline plays one timeline alone, without the states")
      }
      do {
        script = try EventScript(parsing: text)
      } catch {
        throw .usage("--events: \(error)")
      }
    }
    if let name = parsed.value("--timeline") {
      guard let index = plan.timelineIndex(reportingUnknown: name, console: console) else { return nil }
      return .timelines([index])
    }
    if let script {
      try checkEventNames(script, plan: plan)
      return .machine(script)
    }
    if plan.machine != nil { return .machine(EventScript()) }
    return .timelines(plan.autoplayTimelines)
  }

  static func checkEventNames(_ script: EventScript, plan: Plan) throws(CommandFailure) {
    let declared = plan.machine?.events ?? []
    for event in script.events where !declared.contains(event.name) {
      guard !declared.isEmpty else {
        throw .usage("--events: scene '\(plan.scene)' has no states, so it takes no events ('\(event.name)')")
      }
      let hint = Suggestions.closest(to: event.name, among: declared).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("--events: no event named '\(event.name)'\(hint)")
    }
  }

  /// Samples the scene at increasing times.
  struct FrameSampler {
    let plan: Plan
    var sampler: Sampler
    var replay: MachineReplay?
    let playing: [Int]

    init(plan: Plan, playback: Playback) {
      self.plan = plan
      sampler = Sampler(plan: plan)
      switch playback {
      case .timelines(let indices):
        playing = indices
        replay = nil
      case .machine(let script):
        playing = []
        replay = MachineReplay(plan: plan, script: script)
      }
    }

    mutating func frames(at time: Double) -> [LayerFrame] {
      var frames: [LayerFrame] = []
      if replay != nil {
        replay!.sample(at: time, into: &frames)
      } else {
        sampler.sample(at: time, playing: playing, into: &frames)
      }
      return frames
    }
  }

  /// The span of an export: `--duration`, else the playing timelines' (or, for a replay, `replaySpan` and the
  /// autoplay timelines' together).
  static func span(_ parsed: Arguments, plan: Plan, playback: Playback, limits: ExportLimits = ExportLimits())
    throws(CommandFailure) -> ExportSpan
  {
    if let text = parsed.value("--duration") {
      guard let value = DecimalText.parse(text), value.isFinite, value >= 0, value <= 3600 else {
        throw .usage("--duration needs seconds from 0 to 3600, found '\(text)'")
      }
      return ExportSpan(end: value, capped: false, endless: false)
    }
    switch playback {
    case .timelines(let indices):
      return ExportSpan.of(plan: plan, playing: indices, limits: limits)
    case .machine(let script):
      var replay = MachineReplay(plan: plan, script: script)
      let lastEvent = script.events.map(\.time).max() ?? 0
      replay.advance(through: lastEvent + ExportSpan.longestPeriod)
      // The replay plays the autoplay timelines too, from time 0 (Grammar.md, rule 7): the export lasts until
      // they have ended as well.
      let autoplay = ExportSpan.of(plan: plan, playing: plan.autoplayTimelines, limits: limits)
      return replaySpan(replay, plan: plan, lastEvent: lastEvent).covering(autoplay)
    }
  }

  /// A replay's span: until its last transition has completed, each episode cut where the next one starts (a
  /// state left by an event stops its loop). When the last state's loop never ends, one period of it is added
  /// after its start (1 s when it has no period), so the loop shows once whole.
  static func replaySpan(_ replay: MachineReplay, plan: Plan, lastEvent: Double) -> ExportSpan {
    let episodes = replay.episodes
    var end = lastEvent
    var endless = false
    for (index, episode) in episodes.enumerated() {
      let next = index + 1 < episodes.count ? episodes[index + 1].start : Double.infinity
      let completion = min(episode.completion, next)
      let complete = min(episode.complete, next)
      if completion.isFinite { end = max(end, completion) }
      if complete.isFinite {
        end = max(end, complete)
      } else if completion.isFinite {
        endless = true
        let loop = plan.machine?.states[episode.state].loop
        let period = loop.map { ExportSpan.of(plan: plan, playing: [$0]) }
        end = max(end, completion + (period.map { $0.capped ? 1 : $0.end } ?? 1))
      }
    }
    return ExportSpan(end: min(end, lastEvent + ExportSpan.longestPeriod), capped: false, endless: endless)
  }

  /// Writes `text` to `-o FILE` (atomically) or standard output; PNG when the file ends in `.png` or `--png`.
  /// `-o FILE` or `--output FILE`, nil when neither is given.
  static func output(_ parsed: Arguments) -> String? { parsed.outputPath }

  static func write(_ text: String, parsed: Arguments, console: Console, allowPNG: Bool) throws(CommandFailure) {
    let output = output(parsed)
    let png = allowPNG && (parsed.flag("--png") || (output?.lowercased().hasSuffix(".png") ?? false))
    if png {
      guard let output else { throw .usage("--png needs -o FILE.png (PNG is not written to standard output)") }
      let timeout = try number(parsed, "--png-timeout") ?? Rasterizer.defaultTimeout
      guard timeout > 0 else { throw .usage("--png-timeout needs a number of seconds above 0") }
      try Rasterizer.writePNG(svg: text, to: output, timeout: timeout, console: console)
      return
    }
    if let output {
      try AtomicFile.write(text, to: output)
    } else if !console.standardOutput.write(text) {
      throw .closedOutput
    }
  }

  static func number(_ parsed: Arguments, _ name: String) throws(CommandFailure) -> Double? {
    guard let text = parsed.value(name) else { return nil }
    guard let value = DecimalText.parse(text), value.isFinite else {
      throw .usage("\(name) needs a number, found '\(text)'")
    }
    return value
  }
}

/// The export warnings (W09xx, `ExportDiagnostics`), as ids and names, for tests and documentation checks.
public enum ExportCodes {
  public static var all: [(id: String, name: String)] { ExportDiagnostics.all.map { ($0.id, $0.name) } }
}
