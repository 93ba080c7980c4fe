import SceneCore
import SceneDiagnostics
import SceneRuntime

/// `scenec sample … --events press@0,release@1.2`: replays a script of events through the scene's state machine
/// (Grammar.md, "What happens over time"). Without `--events` an interactive scene is sampled in its initial state.
extension SampleCommand {
  /// The script given with `--events`, parsed before any input is read, so a malformed one fails fast.
  static func eventScript(_ parsed: Arguments) throws(CommandFailure) -> EventScript? {
    guard let text = parsed.value("--events") else { return nil }
    guard parsed.value("--timeline") == nil else {
      throw .usage("give either --events or --timeline: --timeline plays one timeline alone, without the states")
    }
    do {
      return try EventScript(parsing: text)
    } catch {
      throw .usage("--events: \(error)")
    }
  }

  /// Samples the replay of `script` and prints it; an ignored event is a warning, an undeclared name a usage error.
  static func sampleReplay(
    plan: Plan, script: EventScript, times: [Double], report: DiagnosticReport, input: String, console: Console
  ) throws(CommandFailure)
    -> Int32
  {
    try checkNames(script, plan: plan)
    var replay = MachineReplay(plan: plan, script: script)
    let overflows = try printSamples(plan: plan, times: times, console: console) { time, frames in
      replay.sample(at: time, into: &frames)
    }
    // Reported after sampling, which may extend a follow-up chain up to the limit.
    for event in replay.ignored { _ = console.standardError.write("scenec: warning: \(event)\n") }
    if let halt = replay.halt { _ = console.standardError.write("scenec: warning: \(halt)\n") }
    reportOverflows(overflows, plan: plan, report: report, input: input)
    return 0
  }

  /// A name the scene does not declare is a mistake in the command, not something the control would ignore.
  private static func checkNames(_ script: EventScript, plan: Plan) throws(CommandFailure) {
    let declared = plan.machine?.events ?? []
    for event in script.events where !declared.contains(event.name) {
      guard !declared.isEmpty else {
        throw .usage("--events: scene '\(plan.scene)' has no states, so it takes no events ('\(event.name)')")
      }
      let hint = Suggestions.closest(to: event.name, among: declared).first.map { "; did you mean '\($0)'?" } ?? ""
      let list = declared.map { "'\($0)'" }.joined(separator: ", ")
      throw .usage("--events: no event named '\(event.name)'\(hint) (the scene declares \(list))")
    }
  }
}
