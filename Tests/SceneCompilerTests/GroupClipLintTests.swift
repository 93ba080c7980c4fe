import SceneChecker
import SceneDiagnostics
import SceneModel
import SceneTestSupport
import Testing

/// The checker notes a group's clipped children while it decodes the group (`TimelineFacts`), instead of the
/// linter walking the finished trees: on random trees of groups, sequences and repeated targets, the W0104
/// warnings must be exactly those a walk of the checked scene finds.
@Suite struct GroupClipLintTests {
  /// The clipped children of every group, as a walk of the finished trees finds them: (entry, group) spans.
  static func clippedByWalk(_ scene: Scene) -> [Span: Set<Span>] {
    var found: [Span: Set<Span>] = [:]
    func roots(_ node: AnimationNode, _ body: (AnimationNode) -> Void) {
      guard case .instances(let copies) = node.kind else { return body(node) }
      for copy in copies { roots(copy, body) }
    }
    func walk(_ node: AnimationNode) {
      switch node.kind {
      case .animation: return
      case .instances(let copies): copies.forEach(walk)
      case .group(let children):
        for child in children {
          roots(child) { single in
            let firstPass = single.timing.beginTime + single.timing.duration / max(abs(single.timing.speed), 1e-300)
            if single.timing.speed != 0, firstPass > node.timing.duration + 1e-9 {
              found[single.span, default: []].insert(node.span)
            }
          }
          walk(child)
        }
      }
    }
    for timeline in scene.timelines { walk(timeline.root) }
    return found
  }

  /// An entry cut off partway gets its cut time; one that begins at or after the group's end never plays, and is
  /// told so (its "cut time" was negative: `cuts this entry off at -3.1 s`).
  @Test func anEntryPastTheGroupsEndNeverPlays() {
    let text = """
      scene: clip
      size: [10, 10]
      layers:
        - id: a
      timelines:
        t:
          duration: 2
          group:
            - {target: a, keyPath: opacity, from: 0, to: 1, duration: 3}
            - {target: a, keyPath: opacity, from: 0, to: 1, duration: 1, beginTime: 2.5}
      """
    let messages = SpecChecker.check(SourceFile(path: "clip.yaml", text: text)).diagnostics
      .filter { $0.code.id == "W0104" }.map(\.message)
    #expect(
      messages == [
        "the group's duration (2 s) cuts this entry off at 2 s of its 3 s",
        "the group's duration (2 s) ends before this entry begins (at 2.5 s), so it never plays",
      ])
  }

  @Test func randomTrees() {
    var generator = RandomSpecGenerator(seed: 0xC11B)
    var checked = 0
    var clipped = 0
    for round in 0..<300 {
      let text = generator.spec()
      let result = SpecChecker.check(SourceFile(path: "random-\(round).yaml", text: text))
      guard let scene = result.scene else { continue }
      checked += 1
      var reported: [Span: Set<Span>] = [:]
      for diagnostic in result.diagnostics where diagnostic.code.id == "W0104" {
        reported[diagnostic.span, default: []].formUnion(diagnostic.labels.map(\.span))
      }
      let expected = Self.clippedByWalk(scene)
      clipped += expected.count
      #expect(reported == expected, "round \(round)\n\(text)")
      if reported != expected { break }
    }
    #expect(checked == 300)
    // The trees must hold clipped children for the comparison to say anything.
    #expect(clipped > 20, "\(clipped) clipped children in 300 random specs")
  }
}
