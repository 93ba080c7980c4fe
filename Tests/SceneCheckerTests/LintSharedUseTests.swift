import SceneDiagnostics
import Testing

@testable import SceneChecker

/// The lint rules that look across timelines and layers (W0109 no-op, W0106 unused layer), which the linter answers
/// from counts gathered once (so that its cost is linear in timelines and layers): the answers those counts give.
@Suite struct LintSharedUseTests {
  /// The codes of `text`'s diagnostics that are `code` (the other rules are tested by the fixtures).
  static func codes(_ text: String, _ code: String) -> [String] {
    SpecChecker.check(SourceFile(path: "shared.yaml", bytes: Array(text.utf8))).diagnostics.map(\.code.id)
      .filter { $0 == code }
  }

  static let layers = """
    scene: demo
    size: [100, 100]
    layers:
      - {id: box, frame: [0, 0, 50, 50], backgroundColor: red}
      - {id: other, frame: [0, 0, 50, 50], backgroundColor: red}

    """

  @Test("a restatement of the model value is a no-op only when no other timeline animates the property")
  func noOpDependsOnOtherTimelines() {
    let restate = "  hold: {target: box, keyPath: opacity, from: 1, to: 1}\n"
    let alone = Self.layers + "timelines:\n" + restate + "  move: {target: other, keyPath: opacity, from: 0, to: 1}\n"
    #expect(Self.codes(alone, "W0109") == ["W0109"])
    let shared = Self.layers + "timelines:\n" + restate + "  fade: {target: box, keyPath: opacity, from: 0, to: 1}\n"
    #expect(Self.codes(shared, "W0109").isEmpty)
    // The same property in two animations of the restating timeline itself is not "another timeline".
    let own =
      Self.layers + "timelines:\n  hold:\n    target: box\n    sequence:\n"
      + "      - {keyPath: opacity, from: 1, to: 1}\n      - {keyPath: opacity, from: 1, to: 1}\n"
    #expect(Self.codes(own, "W0109") == ["W0109", "W0109"])
  }

  @Test("a hidden instance of a repeated layer is unused only when no instance of it is animated")
  func unusedLayerLooksAtEveryInstance() {
    let dots = """
      scene: demo
      size: [100, 100]
      layers:
        - {id: dot, repeat: 3, frame: [i * 10, 0, 5, 5], hidden: true}
        - {id: box, frame: [0, 0, 50, 50], backgroundColor: red}
      timelines:

      """
    #expect(
      Self.codes(dots + "  show: {target: \"dot[1]\", keyPath: hidden, values: [false, true]}\n", "W0106").isEmpty)
    #expect(Self.codes(dots + "  move: {target: box, keyPath: position.x, from: 0, to: 9}\n", "W0106") == ["W0106"])
  }
}
