import Foundation
import SceneExport
import SceneRuntime

/// `scenec export NAME SPEC|PLAN.json …` for any exporter of the registry: its options checked, the scene read,
/// what plays and the span chosen, the export run, its warnings reported and its output written.
enum ExportRunner {
  static func run<Exporter: SceneExporter>(_ exporter: Exporter, _ arguments: [String], console: Console)
    throws(CommandFailure) -> Int32
  {
    let name = exporter.name
    let spec = Arguments.Spec(
      options: ExportSupport.commonOptions + exporter.valueOptions, flags: exporter.flagOptions)
    let parsed = try Arguments(arguments, spec: spec, command: "export \(name)")
    guard parsed.positional.count == 1 else { throw .usage("export \(name) needs exactly one spec or plan") }
    let path = parsed.positional[0]
    if exporter.writesFileOnly { try checkOutput(parsed, exporter) }
    let settings = try usage { () throws(ExportFailure) in try exporter.settings(from: options(parsed, exporter)) }
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try ExportSupport.plan(path, parsed: parsed, report: report, console: console) else { return 1 }
    guard let playback = try ExportSupport.playback(parsed, plan: plan, console: console) else { return 1 }
    let limits = try ExportSupport.limits(parsed)
    if let refusal = exporter.refusal(plan: plan, limits: limits) {
      // At the scene's `scene:` line when the spec is at hand (a plan has no lines): the limit is the whole scene's.
      let place = report.source.map { source -> String in
        let location = source.location(of: ExportWarningPlaces.sceneTop(in: source).start)
        return "\(path):\(location.line):\(location.column)"
      }
      _ = console.standardError.write("\(place ?? path): error: \(refusal); nothing written\n")
      return 1
    }
    var span: ExportSpan?
    var spanWarnings: [ExportWarning] = []
    if exporter.exportsSpan {
      let limited = try ExportSupport.limitedSpan(
        parsed, plan: plan, playback: playback, limits: limits,
        layerStates: exporter.spanLayerStates(plan: plan, settings: settings))
      let spanReport = exporter.spanReport(limited, plan: plan, limits: limits)
      spanWarnings = spanReport.warnings
      for note in spanReport.notes { report.note(note) }
      span = limited
    }
    if let verb = exporter.idleVerb, case .timelines(let playing) = playback, playing.isEmpty,
      !plan.timelines.names.isEmpty
    {
      report.note(
        "scenec: note: no timeline plays by itself; \(verb) the layers as written (--timeline NAME plays one of "
          + plan.timelines.names.joined(separator: ", ") + ")")
    }
    var sampler = ExportSupport.FrameSampler(plan: plan, playback: playback)
    let playing: [Int]?
    switch playback {
    case .timelines(let indices): playing = indices
    case .machine: playing = nil
    }
    let input = ExportInput(
      plan: plan, sample: { sampler.frames(at: $0) }, playing: playing, span: span, limits: limits)
    let result = try usage { () throws(ExportFailure) in try exporter.export(input, settings: settings) }
    let reported = report.add(spanWarnings + result.warnings, plan: plan, input: path)
    if let failure = result.failure {
      _ = console.standardError.write("\(path): error: \(failure); nothing written\n")
      return 1
    }
    if parsed.flag("--strict") && reported > 0 {
      _ = console.standardError.write("scenec: error: --strict: \(reported) export warning(s); nothing written\n")
      return 1
    }
    switch result.output {
    case .text(let text):
      try ExportSupport.write(text, parsed: parsed, console: console, allowPNG: exporter.writesPNG)
    case .frames(let frames):
      let timeout = try ExportSupport.number(parsed, "--png-timeout") ?? Rasterizer.defaultTimeout
      guard timeout > 0 else { throw .usage("--png-timeout needs a number of seconds above 0") }
      try VideoEncoder.write(frames, to: ExportSupport.output(parsed) ?? "", timeout: timeout, console: console)
    }
    return 0
  }

  /// An exporter of files only needs `-o FILE` with one of its extensions, before the scene is read.
  static func checkOutput(_ parsed: Arguments, _ exporter: some SceneExporter) throws(CommandFailure) {
    let list =
      "." + exporter.fileExtensions.dropLast().joined(separator: ", .") + " or ."
      + (exporter.fileExtensions.last ?? "")
    guard let output = ExportSupport.output(parsed) else {
      throw .usage("export \(exporter.name) needs -o FILE ending in \(list) (it is not written to standard output)")
    }
    let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
    guard exporter.fileExtensions.contains(suffix) else {
      throw .usage("export \(exporter.name) writes files ending in \(list), not '\(output)'")
    }
  }

  /// The exporter's own options as given (the last value of each).
  static func options(_ parsed: Arguments, _ exporter: some SceneExporter) -> ExportOptions {
    var values: [String: String] = [:]
    for name in exporter.valueOptions { values[name] = parsed.value(name) }
    return ExportOptions(values: values, flags: Set(exporter.flagOptions.filter(parsed.flag)))
  }

  /// An exporter's refusal of its options as the CLI's usage error (exit 2).
  static func usage<T>(_ body: () throws(ExportFailure) -> T) throws(CommandFailure) -> T {
    do {
      return try body()
    } catch {
      switch error {
      case .usage(let message): throw .usage(message)
      }
    }
  }
}
