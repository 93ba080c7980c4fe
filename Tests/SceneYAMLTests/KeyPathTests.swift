import SceneDiagnostics
import SceneYAML
import Testing

/// `YAMLDocument.keyPath(at:)`: what a finding's fingerprint uses in place of its line.
@Suite struct KeyPathTests {
  static let text = """
    scene: s
    layers:
      - id: track
        sublayers:
          - id: knob
            opactiy: 1
      - frame: [0, 0, 4, 4]
    timelines:
      tap:
        animations:
          - target: knob
            toValue: [1, 2]
    "odd.key": {"x y": 1}

    """

  /// The key path at the first byte of the `occurrence`-th `needle`.
  func keyPath(at needle: String, occurrence: Int = 1, in text: String = text) -> String {
    let source = SourceFile(path: "t.yaml", text: text)
    let document = YAMLReader.read(source).document
    var remaining = text[...]
    var offset = 0
    for _ in 0..<occurrence {
      guard let range = remaining.range(of: needle) else {
        Issue.record("'\(needle)' not found")
        return ""
      }
      offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      remaining = text[range.upperBound...]
    }
    return document.keyPath(at: offset)
  }

  @Test func keysAndItemsLeadToTheInnermostNode() {
    #expect(keyPath(at: "scene") == "scene")
    #expect(keyPath(at: "s\n") == "scene")
    #expect(keyPath(at: "opactiy") == "layers[id=track].sublayers[id=knob].opactiy")
    #expect(keyPath(at: "1\n") == "layers[id=track].sublayers[id=knob].opactiy")
    // An item without an id is named by its index.
    #expect(keyPath(at: "0, 0") == "layers[1].frame[0]")
    #expect(keyPath(at: "2]") == "timelines.tap.animations[0].toValue[1]")
    #expect(keyPath(at: "id: knob") == "layers[id=track].sublayers[id=knob].id")
  }

  @Test func keysThatAreNoPlainWordAreQuoted() {
    #expect(keyPath(at: "\"odd.key\"") == "[\"odd.key\"]")
    #expect(keyPath(at: "1}") == "[\"odd.key\"][\"x y\"]")
  }

  @Test func outsideEveryNodeIsTheTopOrTheEnclosingCollection() {
    #expect(keyPath(at: "\n\n", in: "a: 1\n\n\n") == "")
    #expect(keyPath(at: "# c", in: "# c\na: 1\n") == "")
    let empty = YAMLReader.read(SourceFile(path: "e.yaml", text: "")).document
    #expect(empty.keyPath(at: 0) == "")
  }

  /// Lines added above a node change its line, not its key path.
  @Test func addingLinesAboveKeepsTheKeyPath() {
    let moved = "# a new first line\n" + Self.text.replacingOccurrences(of: "  - frame", with: "  # note\n  - frame")
    #expect(keyPath(at: "opactiy", in: moved) == keyPath(at: "opactiy"))
    #expect(keyPath(at: "0, 0", in: moved) == keyPath(at: "0, 0"))
  }
}
