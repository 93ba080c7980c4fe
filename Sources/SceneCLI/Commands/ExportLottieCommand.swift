import SceneCore
import SceneExport
import SceneRuntime

/// `scenec export lottie SPEC [--timeline NAME | --events …] [-o FILE.json] [--strict]`.
enum ExportLottieCommand {
  static let spec = Arguments.Spec(options: ExportSupport.commonOptions + ["--duration"], flags: ["--strict"])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "export lottie")
    guard parsed.positional.count == 1 else { throw .usage("export lottie needs exactly one spec or plan") }
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try ExportSupport.plan(parsed.positional[0], parsed: parsed, report: report, console: console)
    else { return 1 }
    guard let playback = try ExportSupport.playback(parsed, plan: plan, console: console) else { return 1 }
    let limits = try ExportSupport.limits(parsed)
    guard plan.layers.count <= limits.maxLayers else {
      _ = console.standardError.write(
        "\(parsed.positional[0]): error: the scene has \(plan.layers.count) layer instances, more than a Lottie export "
          + "takes (--max-export-layers \(limits.maxLayers)); export fewer (repeat) or raise the limit; nothing written\n")
      return 1
    }
    let span = try ExportSupport.limitedSpan(parsed, plan: plan, playback: playback, limits: limits)
    if case .timelines(let playing) = playback, playing.isEmpty, !plan.timelines.names.isEmpty {
      report.note(
        "scenec: note: no timeline plays by itself; exporting the layers as written (--timeline NAME plays one of "
          + plan.timelines.names.joined(separator: ", ") + ")")
    }
    var sampler = ExportSupport.FrameSampler(plan: plan, playback: playback)
    let playing: [Int]?
    switch playback {
    case .timelines(let indices): playing = indices
    case .machine: playing = nil
    }
    let export = LottieExporter.export(
      plan: plan, sample: { sampler.frames(at: $0) }, playing: playing, span: span, limits: limits)
    let name = parsed.positional[0]
    let reported = report.add(export.warnings, plan: plan, input: name)
    if let failure = export.failure {
      _ = console.standardError.write("\(name): error: \(failure); nothing written\n")
      return 1
    }
    if parsed.flag("--strict") && reported > 0 {
      _ = console.standardError.write("scenec: error: --strict: \(reported) export warning(s); nothing written\n")
      return 1
    }
    let text = JSONWriter(style: .compact).string(from: export.json) + "\n"
    try ExportSupport.write(text, parsed: parsed, console: console, allowPNG: false)
    return 0
  }
}
