import Foundation
import SceneCore
import SceneDiagnostics
import SceneExport
import SceneRuntime

/// `scenec sample SPEC|PLAN.json (--at T[,T…] | [--from A] [--to B] --fps N) [--timeline NAME | --events E@T[,E@T…]]`;
/// `--from` and `--to` default to the start and end of the span an export of the same playback shows
/// (`ExportSpan`), so `--fps N` alone samples exactly what `export filmstrip --fps N` draws.
enum SampleCommand {
  static let spec = Arguments.Spec(
    options: ["--at", "--from", "--to", "--fps", "--timeline", "--events", "--max-samples"] + DiagnosticReport.options
      + CheckOptions.names, flags: [])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "sample")
    guard parsed.positional.count == 1 else { throw .usage("sample needs exactly one spec or plan") }
    var times = try sampleTimes(parsed)
    let script = try eventScript(parsed)
    let path = parsed.positional[0]
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try ExportSupport.plan(path, parsed: parsed, report: report, console: console) else { return 1 }
    if times == nil {
      guard let playback = try ExportSupport.playback(parsed, plan: plan, console: console) else { return 1 }
      times = try sampleTimes(parsed, span: ExportSupport.span(parsed, plan: plan, playback: playback))
    }
    guard let times else { return 1 }
    try checkSampleCount(times: times, plan: plan, parsed: parsed)
    // An interactive scene plays its state machine (from its initial state without events) unless a timeline
    // is named to play alone.
    if parsed.value("--timeline") == nil, script != nil || plan.machine != nil {
      return try sampleReplay(
        plan: plan, script: script ?? EventScript(), times: times, report: report, input: path, console: console)
    }
    var playing = plan.autoplayTimelines
    if let name = parsed.value("--timeline") {
      guard let index = plan.timelineIndex(reportingUnknown: name, console: console) else { return 1 }
      playing = [index]
    }
    var sampler = Sampler(plan: plan)
    let overflows = try printSamples(plan: plan, times: times, console: console) { time, frames in
      sampler.sample(at: time, playing: playing, into: &frames)
    }
    reportOverflows(overflows, plan: plan, report: report, input: path)
    return 0
  }

  /// Samples each time with `sample` and prints it as it goes (`PresentationJSON.Stream`), so that memory stays one
  /// time's worth however many times are asked for; returns the values that overflowed.
  static func printSamples(
    plan: Plan, times: [Double], console: Console, sample: (Double, inout [LayerFrame]) -> Void
  ) throws(CommandFailure) -> [PresentationOverflow] {
    var stream = PresentationJSON.Stream(plan: plan)
    var output: [UInt8] = []
    output.reserveCapacity(Self.flushBytes + (1 << 16))
    stream.header(to: &output)
    var frames: [LayerFrame] = []
    for time in times {
      sample(time, &frames)
      stream.append(time: time, frames: frames, to: &output)
      if output.count >= Self.flushBytes {
        guard console.standardOutput.write(bytes: output) else { throw .closedOutput }
        output.removeAll(keepingCapacity: true)
      }
    }
    stream.footer(to: &output)
    output.append(UInt8(ascii: "\n"))
    guard console.standardOutput.write(bytes: output) else { throw .closedOutput }
    return stream.overflows
  }

  /// Output is written in pieces of about this many bytes.
  static let flushBytes = 1 << 20

  /// The most layer states (times × layer instances) `sample` prints unless `--max-samples` says otherwise: about
  /// 300 MB of JSON, printed in seconds (Grammar.md, Limits); the flag takes at most `maxSamplesCeiling`.
  static let defaultMaxSamples = 200_000
  static let maxSamplesCeiling = 100_000_000

  /// More times × layers than `--max-samples` allows is a usage error, before anything is sampled or printed.
  static func checkSampleCount(times: [Double], plan: Plan, parsed: Arguments) throws(CommandFailure) {
    let limit = try parsed.integer("--max-samples", atMost: maxSamplesCeiling) ?? defaultMaxSamples
    let layers = max(1, plan.layers.count)
    let (states, overflow) = times.count.multipliedReportingOverflow(by: layers)
    guard overflow || states > limit else { return }
    let count = overflow ? "too many" : "\(states)"
    throw .usage(
      "\(times.count) times × \(plan.layers.count) layers is \(count) layer states, more than --max-samples allows "
        + "(\(limit)); sample fewer times, or raise the limit with --max-samples N")
  }

  /// Each value that overflowed the range of a double (printed saturated) is a warning W0913 at the layer's
  /// definition.
  static func reportOverflows(
    _ overflows: [PresentationOverflow], plan: Plan, report: DiagnosticReport, input: String
  ) {
    var warnings: [ExportWarning] = []
    for overflow in overflows {
      let written = overflow.value.isNaN ? "0" : (overflow.value > 0 ? "" : "-") + "1.7976931348623157e+308"
      warnings.append(
        ExportWarning(
          ExportDiagnostics.notFinite, layer: overflow.layer, keyPath: "",
          "\(overflow.property) at time \(NumberFormatting.shortest(overflow.time))"
            + " is \(overflow.value.isNaN ? "not a number" : "beyond ±1.8e308")"
            + " after evaluation (its inputs overflow); printed as \(written)"))
    }
    report.add(warnings, plan: plan, input: input)
  }

  /// `--at` lists, or A + k/N for k = 0, 1, … while ≤ B (computed, never accumulated); a missing A or B is the
  /// start or end of `span`, and nil when it is needed and not given (the options are checked all the same).
  static func sampleTimes(_ parsed: Arguments, span: ExportSpan? = nil) throws(CommandFailure) -> [Double]? {
    if let list = parsed.value("--at") {
      guard parsed.value("--from") == nil, parsed.value("--to") == nil, parsed.value("--fps") == nil else {
        throw .usage("give either --at or --from/--to/--fps")
      }
      var times: [Double] = []
      for item in list.split(separator: ",", omittingEmptySubsequences: false) {
        guard let time = DecimalText.parse(item.trimmingCharacters(in: .whitespaces)), time.isFinite else {
          throw .usage("--at expects numbers separated by commas, got '\(item)'")
        }
        times.append(time)
      }
      return times
    }
    guard let fpsText = parsed.value("--fps") else {
      throw .usage("sample needs --at T[,T…] or [--from A] [--to B] --fps N (A and B default to the export's span)")
    }
    let fromText = parsed.value("--from")
    let toText = parsed.value("--to")
    let given = (from: fromText.flatMap(DecimalText.parse), to: toText.flatMap(DecimalText.parse))
    guard fromText == nil || given.from?.isFinite == true, toText == nil || given.to?.isFinite == true,
      let fps = DecimalText.parse(fpsText), fps.isFinite, fps > 0,
      given.to.map({ to in given.from.map { $0 <= to } ?? true }) ?? true
    else { throw .usage("--from A --to B --fps N need numbers with A ≤ B and N > 0") }
    guard (given.from != nil && given.to != nil) || span != nil else { return nil }
    let from = given.from ?? span?.start ?? 0
    let to = given.to ?? span?.end ?? 0
    guard to >= from else {
      throw .usage(
        "--from \(NumberFormatting.shortest(from)) is after the span's end (\(NumberFormatting.shortest(to)) s); "
          + "give --to B")
    }
    let frameCount = ((to - from) * fps).rounded(.down)
    guard frameCount < 1_000_000 else { throw .usage("more than a million sample times") }
    var times: [Double] = []
    var k = 0.0
    while k <= frameCount + 1 {
      let time = from + k / fps
      if time > to { break }
      times.append(time)
      k += 1
    }
    return times
  }
}
