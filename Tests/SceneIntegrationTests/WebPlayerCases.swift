import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport

/// The plans the web player is checked on, each with its runs: what `scenec sample` is asked (a timeline alone,
/// the default, event scripts) and at which times — spread over the animation, and every root and child stage's
/// begin and end, exactly and ±1e-7, and around events and transition ends.
struct WebPlayerCase {
  struct Run {
    var timeline: String?
    var events: String?
    /// Ascending.
    var times: [Double]
  }

  var name: String
  var plan: Plan
  var runs: [Run]

  /// The seed specs, the runtime fixtures that compile, and `randomCount` random specs of the differential
  /// generator.
  /// A plan JSON the Swift loader refuses, and the member its error names.
  struct Refusal {
    var name: String
    var json: JSONValue
    var location: String
  }

  static func all(randomCount: Int, refusals: inout [Refusal]) throws -> [WebPlayerCase] {
    var cases: [WebPlayerCase] = []
    let root = PlanTestSupport.root
    let specs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("specs").path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    for name in specs {
      cases.append(try make(name: name, plan: PlanTestSupport.plan(spec: String(name.dropLast(5)))))
    }
    let fixtures = root.appendingPathComponent("Tests/SceneIntegrationTests/Fixtures")
    for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
    where name.hasSuffix(".yaml") {
      let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
      guard let plan = PlanTestSupport.plan(yaml: text, path: name) else { continue }
      cases.append(try make(name: name, plan: plan))
      // The switch again with `interrupt: replace` (Core Animation's jump) on the transition that blends.
      let replacing = text.replacingOccurrences(
        of: "timeline: turnOff}", with: "timeline: turnOff, interrupt: replace}")
      if replacing != text, let plan = PlanTestSupport.plan(yaml: replacing, path: name) {
        cases.append(try make(name: "\(name) (interrupt: replace)", plan: plan))
      }
    }
    var generator = RandomSpecGenerator(seed: 0x3EB_91A7)
    for round in 0..<randomCount {
      let text = generator.spec()
      guard let plan = PlanTestSupport.plan(yaml: text, path: "random-\(round).yaml") else {
        throw TestFailure("random spec \(round) does not check:\n\(text)")
      }
      // Every plan the compiler writes loads (a sequence after an endless child begins at "inf", which once did not).
      _ = try Plan(json: plan.json())
      cases.append(try make(name: "random-\(round)", plan: plan))
    }
    // Random scenes with states, spring transitions among them, on a generator of their own (the plain ones above
    // keep their stream).
    var interactive = RandomSpecGenerator(seed: 0x5B_F1A6)
    for round in 0..<10 {
      let text = interactive.interactiveSpec()
      guard let plan = PlanTestSupport.plan(yaml: text, path: "random-states-\(round).yaml") else {
        throw TestFailure("random spec with states \(round) does not check:\n\(text)")
      }
      cases.append(try make(name: "random-states-\(round)", plan: plan))
    }
    return cases
  }

  /// Plans the loader refuses, made by editing a seed's plan text: each must be refused by the player too.
  static func mutations(of plan: Plan) throws -> [Refusal] {
    let text = JSONWriter(style: .compact).string(from: plan.json())
    let edits = [
      ("format 1", "\"formatVersion\":2", "\"formatVersion\":1"),
      ("a word", "\"lineCap\":\"butt\"", "\"lineCap\":\"flat\""),
      ("a key time", "\"keyTimes\":[0,", "\"keyTimes\":[2,"), ("a format", "\"scenec-plan\"", "\"scenec-plan-9\""),
      ("a duration", "\"duration\":", "\"duration\":-"), ("a layer index", "\"layer\":0", "\"layer\":9999"),
      ("a spring's mass", "\"spring\":[1,", "\"spring\":[-1,"), ("a spring's length", "\"spring\":[1,", "\"spring\":["),
      ("a spring's damping", "\"spring\":[1,250,31.6,", "\"spring\":[1,250,0,"),
    ]
    var result: [Refusal] = []
    for (name, find, replacement) in edits where text.contains(find) {
      let json = try JSONParser.parse(text.replacingOccurrences(of: find, with: replacement))
      do {
        _ = try Plan(json: json)
        throw TestFailure("the plan with \(name) edited still loads")
      } catch let error as PlanError {
        result.append(Refusal(name: name, json: json, location: error.location))
      }
    }
    return result
  }

  /// The plan as `scenec compile` writes it and `scenec sample PLAN.json` reads it back, with its runs.
  static func make(name: String, plan compiled: Plan) throws -> WebPlayerCase {
    let plan: Plan
    do {
      plan = try Plan(json: compiled.json())
    } catch {
      throw TestFailure("\(name): its plan does not load back: \(error)")
    }
    let times = sampleTimes(plan)
    var runs = plan.timelines.names.map { Run(timeline: $0, events: nil, times: times) }
    if let machine = plan.machine {
      for script in scripts(events: machine.events) {
        runs.append(Run(events: script, times: eventTimes(plan, script: script, base: times)))
      }
    } else {
      runs.append(Run(times: times))
    }
    return WebPlayerCase(name: name, plan: plan, runs: runs)
  }

  /// Event scripts over the declared events: none, one, alternating, bursts that interrupt, ties.
  static func scripts(events: [String]) -> [String] {
    let first = events[0]
    let second = events.count > 1 ? events[1] : first
    return [
      "", "\(first)@0.2", "\(first)@0.1,\(second)@0.45,\(first)@0.7,\(second)@1.6",
      "\(first)@0,\(second)@0.05,\(first)@0.12,\(second)@0.3,\(first)@0.31",
      "\(first)@0.25,\(second)@0.25,\(first)@2.5",
    ]
  }

  /// Sixteen times spread over the animation, then stage boundaries and their neighbours: up to `boundaries` of
  /// them, spread over the distinct ones (about forty times in all), or every one when nil.
  static func sampleTimes(_ plan: Plan, boundaries limit: Int? = 8) -> [Double] {
    var ends: [Double] = []
    var boundaries: [Double] = []
    for track in 0..<plan.tracks.count {
      var origin = 0.0
      for stage in plan.tracks.stages(of: track) {
        let begin = origin + stage.beginTime
        let span = stage.speed != 0 ? stage.activeDuration / abs(stage.speed) : .infinity
        boundaries.append(begin)
        if span.isFinite {
          boundaries.append(begin + span)
          ends.append(begin + span)
        }
        if stage.cycle.isFinite && stage.speed != 0 { boundaries.append(begin + stage.cycle / abs(stage.speed)) }
        origin = begin
      }
    }
    let horizon = min(max(ends.max() ?? 2, 1), 8) * 1.1
    var times = (0..<16).map { horizon * Double($0) / 15 }
    let distinct = Array(Set(boundaries.filter { $0.isFinite && $0 >= -0.5 && $0 <= 10 })).sorted()
    let stride = limit.map { max(1, distinct.count / $0) } ?? 1
    for boundary in Swift.stride(from: 0, to: distinct.count, by: stride).map({ distinct[$0] }).prefix(
      limit ?? distinct.count)
    {
      times += [boundary, boundary - 1e-7, boundary + 1e-7]
    }
    return Array(Set(times)).sorted()
  }

  /// The spread and boundary times, with each event's time and the ends of the transitions it may start (±1e-7).
  static func eventTimes(_ plan: Plan, script: String, base: [Double]) -> [Double] {
    guard let parsed = try? EventScript(parsing: script.isEmpty ? "x@0" : script) else { return base }
    var times = base
    let lengths = (plan.machine?.transitions ?? []).flatMap { [$0.duration, $0.length] }.filter(\.isFinite)
    for event in script.isEmpty ? [] : parsed.events {
      times += [event.time, event.time - 1e-7, event.time + 1e-7]
      for length in Set(lengths) where length > 0 { times.append(event.time + length) }
    }
    return Array(Set(times.filter { $0 >= -1 })).sorted()
  }
}
