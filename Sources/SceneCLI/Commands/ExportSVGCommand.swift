import SceneExport
import SceneRuntime

/// `scenec export svg SPEC --at T [--timeline NAME | --events …] [-o FILE.svg|FILE.png]`.
enum ExportSVGCommand {
  static let spec = Arguments.Spec(
    options: ExportSupport.commonOptions + ["--at", "--background"], flags: ["--png"])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "export svg")
    guard parsed.positional.count == 1 else { throw .usage("export svg needs exactly one spec or plan") }
    guard let time = try ExportSupport.number(parsed, "--at") else { throw .usage("export svg needs --at T (seconds)") }
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try ExportSupport.plan(parsed.positional[0], parsed: parsed, report: report, console: console)
    else { return 1 }
    guard let playback = try ExportSupport.playback(parsed, plan: plan, console: console) else { return 1 }
    var sampler = ExportSupport.FrameSampler(plan: plan, playback: playback)
    let frames = sampler.frames(at: time)
    let background = parsed.value("--background").flatMap { $0 == "none" ? nil : $0 }
    let export = SVGExporter.export(plan: plan, frames: frames, time: time, background: background)
    report.add(export.warnings, plan: plan, input: parsed.positional[0])
    try ExportSupport.write(export.svg, parsed: parsed, console: console, allowPNG: true)
    return 0
  }
}
