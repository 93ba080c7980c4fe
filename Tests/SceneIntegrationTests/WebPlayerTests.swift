import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Web/scenec-player.js in headless Chromium against the Swift runtime: every seed spec, the runtime fixtures and
/// random specs of the differential generator, each compiled to its plan JSON, sampled by the page and by what
/// `scenec sample` runs (the sampler or the machine replay, then PresentationJSON), at spread times and every
/// stage boundary ±1e-7, for every timeline alone, the default, and event scripts (scripted, live, state names).
/// Every number agrees to 1e-9 (relative above 1), path data's numbers too; every other string, boolean, null and
/// member order exactly.
@Suite("Web player")
struct WebPlayerTests {
  static let tolerance = 1e-9
  /// Path coordinates across NumberFormatting's cases: integers, plain decimals, Swift's exponent forms, ±0.
  static let numbers: [Double] = [
    0, -0.0, 1, -3, 0.1, 123.456, 1e-6, 9.99e-7, 1e-7, -2.5e-8, 5e-324, 1e15 + 0.5, 9_007_199_254_740_992,
    9_007_199_254_740_994, 1.2345e20, 1e300, -1.7976931348623157e308, 1.0 / 3, 2.0 / 3 * 1e-9,
  ]

  @Test func theWebPlayerSamplesAsTheSwiftRuntimeDoes() throws {
    var refusals: [WebPlayerCase.Refusal] = []
    let cases = try WebPlayerCase.all(randomCount: 16, refusals: &refusals)
    refusals += try WebPlayerCase.mutations(of: cases[0].plan)
    // A spring transition's spring, edited (the seeds have none).
    if let springs = cases.first(where: { $0.name == "segmented-control.yaml" }) {
      refusals += try WebPlayerCase.mutations(of: springs.plan).filter { $0.name.hasPrefix("a spring") }
    }
    let planCases: JSONValue = .array(
      cases.map { item in
        [
          "plan": item.plan.json(),
          "runs": .array(
            item.runs.map { run in
              var options = JSONObject()
              if let timeline = run.timeline { options.append("timeline", .string(timeline)) }
              if let events = run.events { options.append("events", .string(events)) }
              return ["options": options.value, "times": .array(run.times.map { .number($0) })]
            }),
        ]
      })
    let reply = try WebPlayerHarness.run(
      request: [
        "cases": planCases, "refusals": .array(refusals.map(\.json)),
        "numbers": .array(Self.numbers.map { .number($0) }),
      ])
    let answers = reply["answers"] ?? .null
    var failures: [String] = []
    let formatted = reply["formatted"]?.arrayValue?.map { $0.stringValue ?? "?" } ?? []
    let written = Self.numbers.map(NumberFormatting.shortest)
    if formatted != written { failures.append("path numbers written \(formatted), expected \(written)") }
    for (refusal, message) in zip(refusals, reply["refusals"]?.arrayValue ?? []) {
      // The player names the member the Swift loader names.
      guard let text = message.stringValue, text.contains(refusal.location.isEmpty ? "" : "\(refusal.location):") else {
        failures.append(
          "\(refusal.name): the Swift loader refuses it at '\(refusal.location)', the player says \(message)")
        continue
      }
    }
    var tally = Tally()
    var samples = 0
    for (caseIndex, item) in cases.enumerated() {
      for (runIndex, run) in item.runs.enumerated() {
        let place = "\(item.name) \(run.timeline.map { "--timeline \($0)" } ?? "--events '\(run.events ?? "")'")"
        guard let answer = answers[caseIndex]?[runIndex] else {
          failures.append("\(place): no answer")
          continue
        }
        let expected = try Self.expected(plan: item.plan, run: run)
        guard let got = answer["samples"]?.arrayValue, got.count == run.times.count else {
          failures.append("\(place): samples missing or of the wrong length")
          continue
        }
        for (index, time) in run.times.enumerated() {
          samples += 1
          compare(got[index], expected.samples[index], at: "\(place) t=\(time)", tally: &tally, into: &failures)
        }
        if run.events != nil {
          let liveDiffers = answer["liveDiffers"]?.arrayValue
          if liveDiffers != [] { failures.append("\(place): live samples differ at \(liveDiffers ?? [])") }
          let states = answer["states"]?.arrayValue?.map { $0.stringValue ?? "?" } ?? []
          if states != expected.states { failures.append("\(place): states \(states), expected \(expected.states)") }
        }
      }
    }
    print(
      "web player: \(cases.count) plans, \(refusals.count) refused, \(samples) samples, \(tally.count) values "
        + "compared (largest difference \(tally.largest)), \(failures.count) differ"
    )
    #expect(
      failures.isEmpty, "\(failures.count) differences, the first: \(failures.prefix(12).joined(separator: "\n"))")
    #expect(tally.count > 100_000)
  }

  /// What `scenec sample` prints for `run`: its samples, and for an event script the state at each time.
  static func expected(plan: Plan, run: WebPlayerCase.Run) throws -> (samples: [JSONValue], states: [String]) {
    var all: [[LayerFrame]] = []
    var frames: [LayerFrame] = []
    var states: [String] = []
    if run.timeline == nil, run.events != nil || plan.machine != nil {
      let script = run.events.map { $0.isEmpty ? EventScript() : try? EventScript(parsing: $0) } ?? EventScript()
      var replay = MachineReplay(plan: plan, script: script ?? EventScript())
      for time in run.times {
        replay.sample(at: time, into: &frames)
        all.append(frames)
        states.append(replay.machine.states[replay.episode(at: time).state].name)
      }
    } else {
      let playing = run.timeline.flatMap { plan.timelineIndex(named: $0) }.map { [$0] } ?? plan.autoplayTimelines
      var sampler = Sampler(plan: plan)
      for time in run.times {
        sampler.sample(at: time, playing: playing, into: &frames)
        all.append(frames)
      }
    }
    let json = PresentationJSON.samples(plan: plan, times: run.times, frames: all)
    return (json["samples"]?.arrayValue ?? [], states)
  }

  struct Tally {
    var count = 0
    var largest = 0.0
  }

  /// Compares one JSON value with the Swift one: numbers within the tolerance, everything else exactly.
  func compare(
    _ got: JSONValue, _ expected: JSONValue, at place: String, tally: inout Tally, into failures: inout [String]
  ) {
    func differ(_ what: String) { if failures.count < 200 { failures.append("\(place): \(what)") } }
    switch (got, expected) {
    case (.number(let a), .number(let b)):
      tally.count += 1
      tally.largest = max(tally.largest, abs(a - b))
      if !(abs(a - b) <= Self.tolerance * max(1, abs(b))) { differ("\(a), expected \(b)") }
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return differ("\(a.count) items, expected \(b.count)") }
      for (index, pair) in zip(a, b).enumerated() {
        compare(pair.0, pair.1, at: "\(place)[\(index)]", tally: &tally, into: &failures)
      }
    case (.object(let a), .object(let b)):
      guard a.map(\.0) == b.map(\.0) else { return differ("members \(a.map(\.0)), expected \(b.map(\.0))") }
      for (x, y) in zip(a, b) { compare(x.1, y.1, at: "\(place).\(x.0)", tally: &tally, into: &failures) }
    case (.string(let a), .string(let b)) where place.hasSuffix(".path") || place.hasSuffix(".shadowPath"):
      // Path data is numbers: the letters exactly, each number within the tolerance (a spring transition's
      // exp and cos differ in the last place between the browser and the C library, as for every other number).
      let got = a.split(separator: " ")
      let wanted = b.split(separator: " ")
      guard got.count == wanted.count else { return differ("\(a), expected \(b)") }
      for (x, y) in zip(got, wanted) {
        let letters = (x.first.map { $0.isLetter } ?? false, y.first.map { $0.isLetter } ?? false)
        guard letters.0 == letters.1, !letters.0 || x.first == y.first else { return differ("\(a), expected \(b)") }
        let (u, v) = (Double(letters.0 ? x.dropFirst() : x[...]), Double(letters.1 ? y.dropFirst() : y[...]))
        if u == nil, v == nil { continue }
        guard let u, let v else { return differ("\(a), expected \(b)") }
        compare(.number(u), .number(v), at: place, tally: &tally, into: &failures)
      }
    default:
      tally.count += 1
      if got != expected { differ("\(got), expected \(expected)") }
    }
  }
}
