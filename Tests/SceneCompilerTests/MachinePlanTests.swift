import Foundation
import SceneCompiler
import SceneCore
import SceneModel
import SceneRuntime
import SceneTestSupport
import Testing

/// The plan carries the machine: compiled from the checked model, through JSON and back unchanged, and enough on
/// its own to replay a script exactly as the spec does.
@Suite("Machine plan")
struct MachinePlanTests {
  static let scripts: [(spec: String, script: String)] = [
    ("shoot-button", "press@0,release@1.2"), ("shoot-button", "press@0,release@0.1,press@0.2,release@0.3"),
    ("like-button", "tap@0,tap@1.5,tap@1.7"), ("like-button", "tap@0.3,tap@0.3,tap@0.9"),
    ("submit-button", "tap@0"), ("submit-button", "tap@0.5,tap@2"),
  ]

  static func scene(_ spec: String) throws -> Scene {
    let url = PlanTestSupport.root.appendingPathComponent("specs/\(spec).yaml")
    return try #require(PlanTestSupport.scene(yaml: try String(contentsOf: url, encoding: .utf8), path: url.path))
  }

  @Test(arguments: ["shoot-button", "like-button", "submit-button"])
  func tablesMatchTheModel(spec: String) throws {
    let scene = try Self.scene(spec)
    let model = try #require(scene.stateMachine)
    let machine = try #require(PlanCompiler.compile(scene).machine)
    #expect(machine.events == model.events.map(\.name))
    #expect(machine.initial == model.initial)
    for (state, source) in zip(machine.states, model.states) {
      var posed = scene
      source.apply(to: &posed)
      #expect(state.name == source.name && state.loop == source.loop && state.isFinal == source.isFinal)
      #expect(state.values == posed.slotValues)
      #expect(state.pathCoordinates == posed.layers.flatMap(\.path.coordinates))
      #expect(state.loopLength == (source.loop.map { max(scene.timelines[$0].root.end, 0) } ?? 0))
    }
    for (transition, source) in zip(machine.transitions, model.transitions) {
      #expect(transition.from == source.from && transition.to == source.to && transition.timeline == source.timeline)
      #expect(transition.duration == source.duration)
      #expect(transition.length == source.length(timelines: scene.timelines))
      #expect(transition.discrete.rawValue == source.discrete.rawValue)
      #expect(transition.interrupt.rawValue == source.interrupt.rawValue)
      #expect(transition.curve == (source.timingFunction.isLinear ? nil : source.timingFunction.curve))
    }
  }

  @Test func shootButtonTables() throws {
    let machine = try #require(try PlanTestSupport.plan(spec: "shoot-button").machine)
    #expect(machine.states.map(\.name) == ["idle", "pressed"])
    #expect(machine.states[1].loopLength == .infinity)
    #expect(machine.transitions.map(\.length) == [0.25, 0.25])
    #expect(machine.transitions.map(\.discrete) == [.start, .end])
    #expect(machine.transitions[0].curve == TimingFunction.easeInEaseOut.curve)
    #expect(try PlanTestSupport.plan(spec: "shake-button").machine == nil)
  }

  @Test(
    "plan JSON round-trips the machine", arguments: ["shoot-button", "like-button", "submit-button", "shake-button"])
  func roundTrip(spec: String) throws {
    let plan = try PlanTestSupport.plan(spec: spec)
    let text = JSONWriter(style: .pretty).string(from: plan.json())
    let loaded = try Plan(json: try JSONParser.parse(Array(text.utf8)))
    #expect(loaded == plan)
    #expect(JSONWriter(style: .pretty).string(from: loaded.json()) == text)
    #expect(text.contains("\"machine\"") == (plan.machine != nil), "only interactive scenes carry the member")
  }

  /// A program with only the runtime and the plan's JSON replays a script to the same bytes as the spec.
  @Test("sampling the loaded plan equals sampling the spec", arguments: scripts.indices)
  func planEqualsSpec(index: Int) throws {
    let (spec, script) = Self.scripts[index]
    let compiled = try PlanTestSupport.plan(spec: spec)
    let loaded = try Plan(json: try JSONParser.parse(Array(JSONWriter().string(from: compiled.json()).utf8)))
    let times = (0...420).map { Double($0) / 60 }
    var fromSpec = MachineReplay(plan: compiled, script: try EventScript(parsing: script))
    var fromPlan = MachineReplay(plan: loaded, script: try EventScript(parsing: script))
    let a = MachineTestSupport.frames(&fromSpec, at: times)
    let b = MachineTestSupport.frames(&fromPlan, at: times)
    #expect(a == b)
    let text = { (plan: Plan, frames: [[LayerFrame]]) in
      PlanTestSupport.text(PresentationJSON.samples(plan: plan, times: times, frames: frames))
    }
    #expect(text(compiled, a) == text(loaded, b))
    #expect(fromSpec.episodes == fromPlan.episodes)
  }

  /// The sampler entry point: timelines started at 0 over the layers' own values are `sample(at:playing:)`;
  /// started at S they are the same timelines S seconds earlier.
  @Test func playbackEntryPoint() throws {
    let plan = try PlanTestSupport.plan(spec: "shake-button")
    var plain = Sampler(plan: plan)
    var offset = Sampler(plan: plan)
    var expected: [LayerFrame] = []
    var actual: [LayerFrame] = []
    let atZero = plan.autoplayTimelines.map { Sampler.Playback(timeline: $0, start: 0) }
    let later = plan.autoplayTimelines.map { Sampler.Playback(timeline: $0, start: 0.75) }
    for time in (0..<200).map({ Double($0) / 50 }) {
      plain.sample(at: time, playing: plan.autoplayTimelines, into: &expected)
      offset.sample(
        at: time, playing: atZero, values: plan.layers.values, pathCoordinates: plan.layers.pathCoordinates,
        into: &actual)
      #expect(actual == expected)
      plain.sample(at: time - 0.75, playing: plan.autoplayTimelines, into: &expected)
      offset.sample(
        at: time, playing: later, values: plan.layers.values, pathCoordinates: plan.layers.pathCoordinates,
        into: &actual)
      #expect(actual == expected)
    }
  }

  /// A plan written before transitions had `interrupt` loads, every transition blending (the default).
  @Test func aTransitionWithoutInterruptLoadsAsBlend() throws {
    let plan = try PlanTestSupport.plan(spec: "shoot-button")
    let text = JSONWriter(style: .compact).string(from: plan.json())
    let older = text.replacingOccurrences(of: ",\"interrupt\":\"blend\"", with: "")
    #expect(older != text && !older.contains("\"interrupt\""))
    let loaded = try Plan(json: try JSONParser.parse(Array(older.utf8)))
    let transitions = try #require(loaded.machine?.transitions)
    #expect(!transitions.isEmpty && transitions.allSatisfy { $0.interrupt == .blend })
  }

  /// Malformed machines are rejected with the member named, never trusted.
  @Test(arguments: [
    ("\"initial\": 0", "\"initial\": 7", "machine.initial"),
    ("\"from\": 1, \"trigger\": 1", "\"from\": 0, \"trigger\": 0", "machine.transitions[1]"),
    ("\"trigger\": 1", "\"trigger\": 5", "machine.transitions[1].trigger"),
    ("\"discrete\": \"end\"", "\"discrete\": \"later\"", "machine.transitions[1].discrete"),
    ("\"interrupt\": \"blend\"", "\"interrupt\": \"mix\"", "machine.transitions[0].interrupt"),
    ("\"loop\": 1", "\"loop\": 9", "machine.states[1].loop"),
    ("\"loopLength\": \"inf\"", "\"loopLength\": -1", "machine.states[1].loopLength"),
    ("\"duration\": 0.25", "\"duration\": -1", "machine.transitions[0]"),
    ("\"release\"", "\"press\"", "machine.events[1]"),
  ])
  func rejectsMalformedMachines(original: String, replacement: String, location: String) throws {
    let plan = try PlanTestSupport.plan(spec: "shoot-button")
    let text = JSONWriter(style: .compact).string(from: plan.json())
    func compact(_ text: String) -> String {
      text.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ",")
    }
    let compactOriginal = compact(original)
    let compactReplacement = compact(replacement)
    #expect(text.contains(compactOriginal), "fixture text not found: \(original)")
    // Replace within the machine only (tracks have members of the same names).
    let split = try #require(text.range(of: "\"machine\":"))
    let machine = String(text[split.lowerBound...])
    let first = try #require(machine.range(of: compactOriginal))
    let edited = String(text[..<split.lowerBound]) + machine.replacingCharacters(in: first, with: compactReplacement)
    #expect(throws: PlanError.self) { try Plan(json: try JSONParser.parse(Array(edited.utf8))) }
    do {
      _ = try Plan(json: try JSONParser.parse(Array(edited.utf8)))
    } catch let error as PlanError {
      #expect(error.location.hasPrefix(location), "\(error)")
    }
  }

  @Test func rejectsWrongValueCounts() throws {
    let plan = try PlanTestSupport.plan(spec: "shoot-button")
    let text = JSONWriter().string(from: plan.json())
    let split = try #require(text.range(of: "\"machine\":"))
    let machine = String(text[split.lowerBound...])
    let edits = [("\"values\":[[80,80,", "\"values\":[[80,"), ("\"pathCoordinates\":[[]", "\"pathCoordinates\":[[1]")]
    for (original, replacement) in edits {
      let range = try #require(machine.range(of: original))
      let edited = String(text[..<split.lowerBound]) + machine.replacingCharacters(in: range, with: replacement)
      #expect(throws: PlanError.self) { try Plan(json: try JSONParser.parse(Array(edited.utf8))) }
    }
  }
}
