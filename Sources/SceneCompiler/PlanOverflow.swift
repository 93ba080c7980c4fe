import SceneCore
import SceneDiagnostics
import SceneModel
import SceneRuntime

/// The compiler's one check that the plan it writes loads: every number the loader wants finite is finite, every
/// stage is one the loader accepts (`TimeStage.isLoadable`). Finite spec numbers can still lower to infinities
/// (from + by, Catmull–Rom tangents of values far apart, a begin time plus a replica's delay); each such track is
/// an E0309 at the key its numbers were lowered from, and the command writes no plan. The layers' and states'
/// numbers are the checker's (which reports the frames and paths it builds), checked here again so that no
/// plan with a number its loader refuses is ever written.
struct PlanOverflow {
  private(set) var diagnostics: [Diagnostic] = []
  /// One error per place: the copies of a repeated target lower the same entry again and again.
  private var reported: Set<Span> = []

  /// Checks the track just appended to `tracks`, lowered from `animation`.
  mutating func check(lastTrackOf tracks: TrackTable, from animation: Animation, layerID: String, entry: Span) {
    let index = tracks.count - 1
    let problem = Self.problem(track: index, of: tracks, animation: animation)
    guard let problem else { return }
    let name = "'\(layerID)' \(animation.keyPath.name)"
    let span = animation.valuesSpan != .zero ? animation.valuesSpan : entry
    guard reported.insert(span).inserted else { return }
    diagnostics.append(
      Diagnostic(
        OverflowDiagnostics.valueOverflows, "\(name): \(problem.message)", at: problem.atEntry ? entry : span,
        notes: ["a plan holds finite numbers only (below about ±1.8e308)"], help: problem.help))
  }

  /// Checks every layer's numbers and every state's, which the checker built.
  mutating func check(layers: LayerTable, scene: Scene, machine: MachineTable?) {
    for index in 0..<layers.count {
      let member: String
      if !layers.modelValues(of: index).allSatisfy(\.isFinite) {
        member = "a property's value"
      } else if !layers.listNumbers(of: index).allSatisfy(\.isFinite) {
        member = "a point of its path or shadowPath, or a gradient stop,"
      } else if !layers.styles[index].lineDashPattern.allSatisfy(\.isFinite) {
        member = "a number of its lineDashPattern"
      } else {
        continue
      }
      guard index < scene.layers.count, reported.insert(scene.layers[index].idSpan).inserted else {
        continue
      }
      diagnostics.append(
        Diagnostic(
          OverflowDiagnostics.valueOverflows,
          "layer '\(layers.ids[index])': \(member) overflows the double range (±1.8e308)",
          at: scene.layers[index].idSpan, help: "use smaller numbers in this layer"))
    }
    guard let machine, let model = scene.stateMachine else { return }
    for (index, state) in machine.states.enumerated()
    where !state.values.allSatisfy(\.isFinite) || !state.pathCoordinates.allSatisfy(\.isFinite) {
      diagnostics.append(
        Diagnostic(
          OverflowDiagnostics.valueOverflows,
          "state '\(state.name)': a posed value overflows the double range (±1.8e308)",
          at: model.states[index].nameSpan, help: "use smaller numbers in this state's pose"))
    }
  }

  private struct Problem {
    var message: String
    var help: String
    /// Whether the entry (its begin time, a replica's delay) made it, rather than its values.
    var atEntry = false
  }

  /// What of track `index` its loader would refuse, said in the spec's terms; nil when it loads.
  private static func problem(track index: Int, of tracks: TrackTable, animation: Animation) -> Problem? {
    let values = tracks.values[tracks.valueStarts[index]..<tracks.valueStarts[index + 1]]
    if let bad = values.firstIndex(where: { !$0.isFinite }) {
      return Problem(
        message: valuesMessage(animation, component: (bad - values.startIndex) % tracks.components[index]),
        help: "use values whose sum or difference stays below 1.8e308")
    }
    let coefficients = tracks.coefficients[
      tracks.coefficientStarts[tracks.segmentStarts[index]]..<tracks.coefficientStarts[tracks.segmentStarts[index + 1]]]
    if let bad = coefficients.firstIndex(where: { !$0.isFinite }) {
      let segments = tracks.segmentStarts[index]..<tracks.segmentStarts[index + 1]
      let segment = segments.last { tracks.coefficientStarts[$0] <= bad }.map { $0 - segments.lowerBound } ?? 0
      return Problem(
        message: "the tangents of its cubic keyframes overflow the double range (±1.8e308) between keyframes "
          + "\(segment) and \(segment + 1): neighbouring values are too far apart",
        help: "use values closer together, or `calculationMode: linear`")
    }
    let keyTimes = tracks.keyTimes[tracks.keyStarts[index]..<tracks.keyStarts[index + 1]]
    if !keyTimes.allSatisfy(\.isFinite) {
      return Problem(
        message: "its paced key times are not finite: the values' distances overflow the double range",
        help: "use values closer together, or give `keyTimes` without a paced mode")
    }
    if let stage = tracks.stages(of: index).first(where: { !$0.isLoadable }) {
      return Problem(
        message: "its begin time (beginTime, plus the replicator copy's instanceDelay × index, and the times before "
          + "it in a sequence) is \(NumberFormatting.shortest(stage.beginTime)), outside the double range",
        help: "use a smaller beginTime or instanceDelay", atEntry: true)
    }
    return nil
  }

  /// Which of from, to and by made component `component` of the track's values overflow.
  private static func valuesMessage(_ animation: Animation, component: Int) -> String {
    let fromToBy: FromToBy?
    switch animation.content {
    case .basic(let values), .spring(_, let values): fromToBy = values
    default: fromToBy = nil
    }
    func number(_ values: [Double]?) -> String {
      guard let values, component < values.count else { return "?" }
      return NumberFormatting.shortest(values[component])
    }
    switch (fromToBy?.from, fromToBy?.to, fromToBy?.by) {
    case (let from?, nil, let by?):
      return "from + by overflows the double range (±1.8e308): \(number(from)) + \(number(by)) is "
        + NumberFormatting.shortest(from[component] + by[component])
    case (nil, let to?, let by?):
      return "to − by overflows the double range (±1.8e308): \(number(to)) − \(number(by)) is "
        + NumberFormatting.shortest(to[component] - by[component])
    default:
      return "a value it lowers to overflows the double range (±1.8e308)"
    }
  }
}
