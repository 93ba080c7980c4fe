import Foundation
import SceneCore
import SceneDiagnostics
import SceneModel
import Testing

@testable import SceneChecker

/// The three interactive specs check into the machines their articles describe.
@Suite struct StateMachineSpecTests {
  static func machine(_ spec: String) throws -> (scene: Scene, machine: StateMachine) {
    let url = SpecsLintCleanTests.specsDirectory.appendingPathComponent(spec)
    let result = SpecChecker.check(SourceFile(path: "specs/\(spec)", bytes: Array(try Data(contentsOf: url))))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let scene = try #require(result.scene)
    return (scene, try #require(scene.stateMachine))
  }

  /// (layer id, key path, value) of a state's pose, for comparing whole poses.
  static func pose(_ state: StateMachine.State, in scene: Scene) -> [String] {
    state.pose.map { "\(scene.layers[$0.layer].id).\($0.keyPath.name)=\($0.value.map(NumberFormatting.shortest))" }
  }

  static func timelineName(_ index: Int?, in scene: Scene) -> String? { index.map { scene.timelines[$0].name } }

  @Test func shootButton() throws {
    let (scene, machine) = try Self.machine("shoot-button.yaml")
    #expect(machine.states.map(\.name) == ["idle", "pressed"])
    #expect(machine.events.map(\.name) == ["press", "release"])
    #expect(machine.states[machine.initial].name == "idle")
    let pressed = machine.states[1]
    #expect(Self.pose(machine.states[0], in: scene).isEmpty)
    #expect(
      Self.pose(pressed, in: scene) == [
        "title.hidden=[\"1\"]", "center.cornerRadius=[\"10\"]", "center.transform.scale=[\"0.7\"]",
        "border.transform.scale=[\"1.8\"]",
      ])
    #expect(Self.timelineName(pressed.loop, in: scene) == "pulse")

    let press = try #require(machine.transition(from: 0, on: .event(0)).map { machine.transitions[$0] })
    #expect(press.to == 1 && press.duration == 0.25 && press.timingFunction == .easeInEaseOut)
    #expect(press.timeline == nil && press.discrete == .start)
    let release = try #require(machine.transition(from: 1, on: .event(1)).map { machine.transitions[$0] })
    #expect(release.to == 0 && release.duration == 0.25 && release.discrete == .end)
    // A press while pressed does nothing: there is no transition for it.
    #expect(machine.transition(from: 1, on: .event(0)) == nil)
    #expect(machine.followUp(from: 1) == nil)

    // The pressed model: the pose written over the layers' own values.
    var posed = scene
    pressed.apply(to: &posed)
    let center = try #require(scene.layerIndex(id: "center"))
    #expect(posed.values(of: center)[SlotLayout.scale..<SlotLayout.scale + 3].allSatisfy { $0 == 0.7 })
    #expect(posed.value(of: AnimatableKeyPath.named("cornerRadius")!, layer: center) == [10])
    #expect(posed.value(SlotLayout.hidden, of: try #require(scene.layerIndex(id: "title"))) == 1)
  }

  @Test func likeButton() throws {
    let (scene, machine) = try Self.machine("like-button.yaml")
    #expect(machine.states.map(\.name) == ["unliked", "liked"])
    #expect(machine.events.map(\.name) == ["tap"])
    #expect(machine.initial == 0)
    #expect(Self.pose(machine.states[1], in: scene) == ["redHeart.hidden=[\"0\"]", "hollowHeart.hidden=[\"1\"]"])
    let like = machine.transitions[try #require(machine.transition(from: 0, on: .event(0)))]
    let unlike = machine.transitions[try #require(machine.transition(from: 1, on: .event(0)))]
    #expect(like.to == 1 && unlike.to == 0)
    #expect(Self.timelineName(like.timeline, in: scene) == "like")
    #expect(Self.timelineName(unlike.timeline, in: scene) == "unlike")
    #expect(like.duration == 1 && unlike.duration == 1)
    #expect(like.length(timelines: scene.timelines) == 1)
  }

  @Test func submitButton() throws {
    let (scene, machine) = try Self.machine("submit-button.yaml")
    #expect(machine.states.map(\.name) == ["idle", "shrunk", "uploaded", "done"])
    #expect(machine.states.map(\.isFinal) == [false, false, false, true])
    #expect(machine.transitions.map(\.trigger) == [.event(0), .completion, .completion])
    #expect(
      machine.transitions.map { "\(machine.states[$0.from].name)→\(machine.states[$0.to].name)" } == [
        "idle→shrunk", "shrunk→uploaded", "uploaded→done",
      ])
    #expect(machine.transitions.map(\.duration) == [1, 3, 1])
    #expect(machine.transitions.map { Self.timelineName($0.timeline, in: scene) } == ["shrink", "progress", "expand"])
    // shrink → progress → expand, back to back: tap at T, follow-ups at T + 1 and T + 4, done at T + 5.
    #expect(machine.transitions.map { $0.length(timelines: scene.timelines) } == [1, 3, 1])
    #expect(machine.followUp(from: 1) == 1 && machine.followUp(from: 2) == 2 && machine.followUp(from: 3) == nil)
    #expect(Self.pose(machine.states[1], in: scene).contains("button.bounds=[\"0\", \"0\", \"50\", \"50\"]"))
    #expect(Self.pose(machine.states[2], in: scene).contains("track.hidden=[\"0\"]"))
    #expect(
      Self.pose(machine.states[3], in: scene) == [
        "label.foregroundColor=[\"0\", \"0\", \"0\", \"0\"]", "check.hidden=[\"0\"]",
      ])
  }

  @Test func sceneWithoutStatesHasNoMachine() throws {
    let url = SpecsLintCleanTests.specsDirectory.appendingPathComponent("shake-button.yaml")
    let result = SpecChecker.check(SourceFile(path: "shake-button.yaml", bytes: Array(try Data(contentsOf: url))))
    #expect(result.scene != nil && result.scene?.stateMachine == nil)
  }
}

/// Each static check of `states:` fires at the place it should, and a sound machine gets none of them.
@Suite struct StateMachineCheckTests {
  static let header = """
    scene: t
    size: [100, 100]
    layers:
      - id: box
        frame: [0, 0, 10, 10]
        backgroundColor: red
      - id: dot
        repeat: 3
        frame: [0, 0, 4, 4]
        backgroundColor: blue
    timelines:
      spin:
        target: box
        keyPath: transform.rotation.z
        to: 1
        repeatCount: inf
      blink:
        target: box
        keyPath: opacity
        values: [1, 0.5, 1]
        duration: 0.5

    """

  /// Checks the header plus `states`; `«…»` marks what the first diagnostic of `code` must underline.
  static func check(_ states: String) -> (result: SpecChecker.Result, marked: Span?) {
    let marked = header + states
    let hasMarker = marked.contains("«")
    let (text, span) = hasMarker ? MarkedText.split(marked, at: 0) : (marked, Span.zero)
    return (SpecChecker.check(SourceFile(path: "t.yaml", text: text)), hasMarker ? span : nil)
  }

  /// Expects exactly `codes` (in order of position), the first `expected` one at the marked span.
  static func expect(
    _ states: String, codes: [String], at expected: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let (result, span) = check(states)
    #expect(
      result.diagnostics.map(\.code.id) == codes, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation
    )
    if let expected, let span {
      let found = result.diagnostics.first { $0.code.id == expected }
      #expect(found?.span == span, "\(found?.message ?? "none")", sourceLocation: sourceLocation)
    }
  }

  static let toggle = """
    states:
      initial: idle
      events: [tap]
      idle: {}
      lit:
        pose:
          box: {backgroundColor: green}
      transitions:
        - {from: idle, on: tap, to: lit}
        - {from: lit, on: tap, to: idle}

    """

  @Test func soundMachinesAreClean() {
    Self.expect(Self.toggle, codes: [])
    // A timed cycle of follow-ups is a perpetual animation, not an error; loops end, so follow-ups fire.
    Self.expect(
      """
      states:
        initial: a
        a: {loop: blink}
        b:
          pose: {box: {opacity: 0.5}}
        transitions:
          - {from: a, on: completion, to: b, duration: 0}
          - {from: b, on: completion, to: a, duration: 0.5s, timingFunction: linear, discrete: end}

      """, codes: [])
  }

  @Test func undeclaredAndMisspeltEvents() {
    let (result, _) = Self.check(
      Self.toggle.replacingOccurrences(of: "to: idle}", with: "to: idle}\n    - {from: idle, on: tpa, to: lit}"))
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.code == StateDiagnostics.unknownEvent)
    #expect(diagnostic?.replacement == "tap")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "  events: [tap]\n", with: "").replacingOccurrences(
        of: "idle, on: tap", with: "idle, on: «tap»"), codes: ["E0801", "E0801"], at: "E0801")
  }

  @Test func unknownStatesWithSuggestions() {
    Self.expect(Self.toggle.replacingOccurrences(of: "to: lit", with: "to: «lti»"), codes: ["E0802"], at: "E0802")
    Self.expect(Self.toggle.replacingOccurrences(of: "from: lit", with: "from: «lit2»"), codes: ["E0802"], at: "E0802")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "initial: idle", with: "initial: «idel»"), codes: ["E0802"], at: "E0802")
    let (result, _) = Self.check(Self.toggle.replacingOccurrences(of: "to: lit", with: "to: lti"))
    #expect(result.diagnostics.first?.replacement == "lit")
  }

  @Test func duplicateTransitions() {
    Self.expect(
      Self.toggle.replacingOccurrences(of: "to: idle}", with: "to: idle}\n    - {from: lit, on: «tap», to: lit}"),
      codes: ["E0803"], at: "E0803")
  }

  @Test func followUpsThatWaitForever() {
    Self.expect(
      """
      states:
        initial: idle
        events: [tap]
        idle: {}
        spinning: {loop: «spin»}
        transitions:
          - {from: idle, on: tap, to: spinning}
          - {from: spinning, on: completion, to: idle}

      """, codes: ["E0804"], at: "E0804")
    Self.expect(
      """
      states:
        initial: idle
        events: [tap]
        idle: {}
        busy: {}
        transitions:
          - {from: idle, on: tap, to: busy, timeline: «spin»}
          - {from: busy, on: completion, to: idle}

      """, codes: ["E0804"], at: "E0804")
    // An endless timeline into a state that neither loops nor follows on is only a long transition.
    Self.expect(Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, timeline: spin}"), codes: [])
  }

  @Test func instantCycles() {
    Self.expect(
      """
      states:
        initial: a
        a: {}
        b: {}
        c: {}
        transitions:
          - {from: a, on: «completion», to: b, duration: 0}
          - {from: b, on: completion, to: c, duration: 0}
          - {from: c, on: completion, to: a, duration: 0}

      """, codes: ["E0805"], at: "E0805")
  }

  @Test func eventDeclarations() {
    Self.expect(Self.toggle.replacingOccurrences(of: "[tap]", with: "[tap, «tap»]"), codes: ["E0806"], at: "E0806")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "[tap]", with: "[tap, «completion»]"), codes: ["E0806"], at: "E0806")
  }

  @Test func finalStates() {
    Self.expect(
      Self.toggle.replacingOccurrences(of: "  lit:\n", with: "  lit:\n    final: true\n")
        .replacingOccurrences(of: "from: lit", with: "from: «lit»"), codes: ["E0807"], at: "E0807")
    // Marked final, a state with no way out is meant; unmarked, it is a dead end.
    let oneWay = Self.toggle.replacingOccurrences(of: "    - {from: lit, on: tap, to: idle}\n", with: "")
    Self.expect(oneWay, codes: ["W0802"])
    Self.expect(oneWay.replacingOccurrences(of: "  lit:\n", with: "  lit:\n    final: true\n"), codes: [])
  }

  @Test func unreachableStatesAndUnusedEvents() {
    Self.expect(
      Self.toggle.replacingOccurrences(of: "  idle: {}\n", with: "  idle: {}\n  «off»: {}\n"), codes: ["W0801"],
      at: "W0801")
    Self.expect(Self.toggle.replacingOccurrences(of: "[tap]", with: "[tap, «hold»]"), codes: ["W0803"], at: "W0803")
    // A misspelt target is reported once, not again as the real target being unreachable.
    Self.expect(Self.toggle.replacingOccurrences(of: "to: lit", with: "to: lti"), codes: ["E0802"])
  }

  @Test func timelineReferences() {
    Self.expect(
      Self.toggle.replacingOccurrences(of: "  idle: {}", with: "  idle: {loop: «blnk»}"), codes: ["E0715"], at: "E0715")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, timeline: «burst»}"), codes: ["E0715"],
      at: "E0715")
    let (result, _) = Self.check(Self.toggle.replacingOccurrences(of: "  idle: {}", with: "  idle: {loop: blnk}"))
    #expect(result.diagnostics.first?.replacement == "blink")
  }

  @Test func posesAreCheckedLikeAnimationValues() {
    func pose(_ text: String) -> String {
      Self.toggle.replacingOccurrences(of: "box: {backgroundColor: green}", with: text)
    }
    Self.expect(pose("box: {«fillColor»: green}"), codes: ["E0209"], at: "E0209")
    Self.expect(pose("box: {hidden: «1»}"), codes: ["E0301"], at: "E0301")
    Self.expect(pose("box: {opacity: «2»}"), codes: ["E0303"], at: "E0303")
    Self.expect(pose("box: {«string»: hi}"), codes: ["E0701"], at: "E0701")
    Self.expect(pose("box: {«transform.scle»: 2}"), codes: ["E0701"], at: "E0701")
    Self.expect(pose("«bx»: {opacity: 0.5}"), codes: ["E0208"], at: "E0208")
    Self.expect(pose("box: {transform: {scale: 2}, «transform.scale»: 2}"), codes: ["E0210"], at: "E0210")
    Self.expect(pose("dot: {opacity: 0.5}\n      dot[1]: {«opacity»: 0.2}"), codes: ["E0210"], at: "E0210")
  }

  @Test func repeatedLayersArePosedPerInstance() throws {
    let (result, _) = Self.check(
      Self.toggle.replacingOccurrences(of: "box: {backgroundColor: green}", with: "dot: {position.x: 10 * i}"))
    let machine = try #require(result.scene?.stateMachine)
    #expect(machine.states[1].pose.map(\.value) == [[0], [10], [20]])
    #expect(machine.states[1].pose.map { result.scene!.layers[$0.layer].id } == ["dot[0]", "dot[1]", "dot[2]"])
  }

  @Test func structure() {
    Self.expect(Self.toggle.replacingOccurrences(of: "  initial: idle\n", with: ""), codes: ["E0201"])
    Self.expect(
      Self.toggle.replacingOccurrences(of: "  transitions:", with: "  «transition»:"), codes: ["E0202"], at: "E0202")
    Self.expect(Self.toggle.replacingOccurrences(of: "  idle: {}", with: "  idle: «»"), codes: ["E0205"])
    Self.expect(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, duration: «-1»}"), codes: ["E0303"], at: "E0303")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, discrete: «middle»}"), codes: ["E0304"],
      at: "E0304")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, «timing»: linear}"), codes: ["E0202"],
      at: "E0202")
    Self.expect(
      Self.toggle.replacingOccurrences(of: "{from: idle, on: tap, to: lit}", with: "«{from: idle, to: lit}»"),
      codes: ["E0201"])
  }

  @Test func defaultsAreUIViewAnimate() throws {
    let (result, _) = Self.check(Self.toggle)
    let transition = try #require(result.scene?.stateMachine?.transitions.first)
    #expect(transition.duration == 0.25)
    #expect(transition.timingFunction == .easeInEaseOut)
    #expect(transition.discrete == .start)
    #expect(transition.timeline == nil)
    #expect(transition.interrupt == .blend, "no jumps by default")
  }

  /// `scenec schema` describes `states:` from the same tables: a transition's keys, `interrupt` among them.
  @Test func schemaDescribesTransitions() throws {
    let defs = try #require(JSONSchemaGenerator.schema()["$defs"])
    let properties = try #require(defs["transition"]?["properties"]?.objectMembers)
    #expect(properties.map(\.0) == SpecSchema.transition.map(\.name))
    #expect(defs["transition"]?["properties"]?["interrupt"]?["enum"] == .array(["blend", "replace"]))
    #expect(defs["states"]?["properties"]?["transitions"]?["items"] == ["$ref": "#/$defs/transition"])
    #expect(defs["state"]?["properties"]?["loop"] != nil)
  }

  /// Grammar.md's tables of `states:`, a state and a transition list exactly the keys the checker takes.
  @Test func grammarTablesMatchTheChecker() {
    #expect(GrammarTests.tableNames(after: "Keys of a transition:") == SpecSchema.transition.map(\.name))
    #expect(GrammarTests.tableNames(after: "Keys of a state:") == SpecSchema.state.map(\.name))
    #expect(
      GrammarTests.tableNames(after: "Keys of `states:`:").prefix(3) == ArraySlice(SpecSchema.stateMachine.map(\.name)))
  }

  /// `interrupt:` is an enum key like `discrete:`: read when valid, a located E0304 with did-you-mean otherwise.
  @Test func interruptMode() throws {
    let (result, _) = Self.check(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, interrupt: replace}"))
    let machine = try #require(result.scene?.stateMachine)
    #expect(machine.transitions.map(\.interrupt) == [.replace, .blend])
    let (misspelt, span) = Self.check(
      Self.toggle.replacingOccurrences(of: "to: lit}", with: "to: lit, interrupt: «blnd»}"))
    let diagnostic = try #require(misspelt.diagnostics.first)
    #expect(misspelt.diagnostics.map(\.code.id) == ["E0304"])
    #expect(diagnostic.span == span)
    #expect(diagnostic.message.contains("'blnd' is not an interruption mode"), "\(diagnostic.message)")
    #expect(diagnostic.help == "did you mean 'blend'?")
  }

  @Test func catalogueIsComplete() {
    let codes = StateDiagnostics.all
    #expect(Set(codes.map(\.id)).count == codes.count)
    #expect(Set(codes.map(\.name)).count == codes.count)
    #expect(codes.allSatisfy { $0.id.hasPrefix("E08") || $0.id.hasPrefix("W08") })
    #expect(codes.allSatisfy { SpecChecker.catalogue.contains($0) })
  }
}
