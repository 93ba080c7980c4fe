import SceneExport
import SceneRuntime

/// `scenec export filmstrip SPEC (--frames N | --fps F) [--timeline NAME | --events …] [-o FILE.svg|FILE.png]`.
enum ExportFilmstripCommand {
  static let spec = Arguments.Spec(
    options: ExportSupport.commonOptions + ["--frames", "--fps", "--duration", "--columns", "--scale", "--background"],
    flags: ["--png"])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "export filmstrip")
    guard parsed.positional.count == 1 else { throw .usage("export filmstrip needs exactly one spec or plan") }
    let count = try parsed.integer("--frames")
    let fps = try ExportSupport.number(parsed, "--fps")
    if count != nil && fps != nil { throw .usage("give either --frames N or --fps F") }
    if let fps, fps <= 0 { throw .usage("--fps needs a positive number") }
    if let count, count > 1000 { throw .usage("--frames: at most 1000 frames") }
    let columns = try parsed.integer("--columns")
    let scale = try ExportSupport.number(parsed, "--scale")
    if let scale, !(scale > 0 && scale <= 16) { throw .usage("--scale needs a number in (0, 16]") }
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try ExportSupport.plan(parsed.positional[0], parsed: parsed, report: report, console: console)
    else { return 1 }
    guard let playback = try ExportSupport.playback(parsed, plan: plan, console: console) else { return 1 }
    let limits = try ExportSupport.limits(parsed)
    let span = try ExportSupport.limitedSpan(parsed, plan: plan, playback: playback, limits: limits)
    var warnings: [ExportWarning] = []
    if let unlimited = span.unlimitedEnd {
      warnings.append(
        ExportWarning(
          ExportDiagnostics.exportLimited, layer: "", keyPath: "",
          "the timelines run to \(Filmstrip.label(unlimited)) s; the filmstrip stops at "
            + "\(Filmstrip.label(span.end)) s, \(limits.reason(layers: plan.layers.count))"))
    }
    if span.capped {
      report.note(
        "scenec: note: the timelines repeat forever without a common period; the filmstrip stops at "
          + "\(Filmstrip.label(span.end)) s (--duration sets it)")
    }
    if case .timelines(let playing) = playback, playing.isEmpty, !plan.timelines.names.isEmpty {
      report.note(
        "scenec: note: no timeline plays by itself; showing the layers as written (--timeline NAME plays one of "
          + plan.timelines.names.joined(separator: ", ") + ")")
    }
    let times: [Double]
    if let fps {
      times = Filmstrip.times(fps: fps, start: 0, end: span.end)
      guard times.count <= 1000 else { throw .usage("--fps gives more than 1000 frames; lower it or --duration") }
    } else {
      times = Filmstrip.times(count: count ?? 8, start: 0, end: span.end)
    }
    guard times.count <= limits.frames(layers: plan.layers.count) else {
      throw .usage(
        "\(times.count) frames of \(plan.layers.count) layers are more than an export may hold "
          + "(\(limits.reason(layers: plan.layers.count))); show fewer frames or raise the limit")
    }
    var sampler = ExportSupport.FrameSampler(plan: plan, playback: playback)
    let frames = times.map { sampler.frames(at: $0) }
    var layout = Filmstrip.Layout.automatic(plan: plan, frameCount: times.count)
    if let columns { layout.columns = columns }
    if let scale { layout.scale = scale }
    if let background = parsed.value("--background") { layout.frameBackground = background == "none" ? nil : background }
    let export = Filmstrip.export(plan: plan, times: times, frames: frames, layout: layout)
    report.add(warnings + export.warnings, plan: plan, input: parsed.positional[0])
    try ExportSupport.write(export.svg, parsed: parsed, console: console, allowPNG: true)
    return 0
  }
}
