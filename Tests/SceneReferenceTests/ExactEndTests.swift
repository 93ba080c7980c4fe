import SceneCompiler
import SceneCore
import SceneModel
import SceneReference
import SceneRuntime
import SceneTestSupport
import Testing

/// Issue 13, item 1: an animation's last repeat and terminal value come from its repeat count and cycle, not from
/// how n·d happens to round. `repeatCount: 3, duration: 0.1` has an active duration of 0.30000000000000004, which
/// divided back by 0.1 is 3.0000000000000004: a ceiling on that ends in a fourth repeat at u ≈ 0, on the start value.
@Suite struct ExactEndTests {
  typealias F = ReferenceFixture

  static let issueSpec = """
    scene: ends
    size: [10, 10]
    layers:
      - id: box
        frame: [0, 0, 10, 10]
    timelines:
      t:
        target: box
        autoplay: true
        keyPath: position.x
        from: 0
        to: 100
        duration: 0.1
        repeatCount: 3
        fillMode: forwards
        removedOnCompletion: false
    """

  @Test func theIssueCaseEndsOnTheEndValueInBothEvaluators() throws {
    let scene = try #require(PlanTestSupport.scene(yaml: Self.issueSpec))
    var sampler = Sampler(plan: PlanCompiler.compile(scene))
    var frames: [LayerFrame] = []
    for time in [0.3, 0.30000000000000004, 0.5, 10] {
      sampler.sample(at: time, playing: [0], into: &frames)
      #expect(frames[0].values[SlotLayout.position] == 100, "sampler at \(time)")
      let reference = ReferenceEvaluator.frames(of: scene, playing: scene.timelines, at: time)[0]
      #expect(reference.values[SlotLayout.position] == 100, "reference at \(time)")
    }
    // Just inside the last repeat it is still running towards the end value.
    sampler.sample(at: 0.299, playing: [0], into: &frames)
    #expect(abs(frames[0].values[SlotLayout.position] - 99) < 1e-6)
  }

  /// One way of ending, with the value it must end on for `count` repeats (or `count + 0.25`, `+ 0.5`).
  struct Variant: CustomStringConvertible, Sendable {
    var description: String
    /// The node for repeat count `count` of cycles of `duration`, on layer `layer`.
    var node: @Sendable (_ duration: Double, _ count: Double, _ layer: Int) -> AnimationNode
    var expected: @Sendable (_ count: Double) -> Double
  }

  static func kept(_ configure: (inout Timing) -> Void) -> Timing {
    F.timing {
      $0.fillMode = .forwards
      $0.removedOnCompletion = false
      configure(&$0)
    }
  }

  static func leaf(
    _ duration: Double, _ count: Double, layer: Int, cumulative: Bool = false,
    _ configure: (inout Timing) -> Void = { _ in }
  ) -> AnimationNode {
    let timing = kept {
      $0.duration = duration
      $0.repeatCount = count
      configure(&$0)
    }
    return F.leaf(F.basic(from: 0, to: 100), timing: timing, cumulative: cumulative, layer: layer)
  }

  static let variants: [Variant] = [
    Variant(description: "whole repeats", node: { d, n, l in leaf(d, n, layer: l) }, expected: { _ in 100 }),
    Variant(
      description: "whole repeats, autoreversing", node: { d, n, l in leaf(d, n, layer: l) { $0.autoreverses = true } },
      expected: { _ in 0 }),
    Variant(
      description: "a quarter repeat more", node: { d, n, l in leaf(d, n + 0.25, layer: l) }, expected: { _ in 25 }),
    Variant(
      description: "half a repeat more, autoreversing",
      node: { d, n, l in leaf(d, n + 0.5, layer: l) { $0.autoreverses = true } }, expected: { _ in 100 }),
    Variant(
      description: "timeOffset of two cycles", node: { d, n, l in leaf(d, n, layer: l) { $0.timeOffset = 2 * d } },
      expected: { _ in 100 }),
    Variant(
      description: "timeOffset of half a cycle", node: { d, n, l in leaf(d, n, layer: l) { $0.timeOffset = d / 2 } },
      expected: { _ in 50 }),
    Variant(
      description: "negative speed (ends where it started: the cycle's start)",
      node: { d, n, l in leaf(d, n, layer: l) { $0.speed = -1 } }, expected: { _ in 0 }),
    Variant(
      description: "negative speed, a quarter repeat more",
      node: { d, n, l in leaf(d, n + 0.25, layer: l) { $0.speed = -1 } }, expected: { _ in 75 }),
    Variant(
      description: "speed 0 frozen half a cycle in",
      node: { d, n, l in
        leaf(d, n, layer: l) {
          $0.speed = 0; $0.timeOffset = 2.5 * d
        }
      },
      expected: { _ in 50 }),
    Variant(
      description: "speed 0 frozen on a cycle boundary (the next cycle starts)",
      node: { d, n, l in
        leaf(d, n, layer: l) {
          $0.speed = 0; $0.timeOffset = 2 * d
        }
      }, expected: { _ in 0 }),
    Variant(
      description: "cumulative", node: { d, n, l in leaf(d, n, layer: l, cumulative: true) }, expected: { n in 100 * n }
    ),
    Variant(
      description: "child filling inside a group that ends with it",
      node: { d, n, l in
        let child = leaf(d, n, layer: l)
        return F.group([child], timing: kept { $0.duration = child.end })
      }, expected: { _ in 100 }),
    Variant(
      description: "whole-repeat group over a whole-repeat child",
      node: { d, n, l in
        let child = leaf(d, n, layer: l)
        return F.group(
          [child],
          timing: kept {
            $0.duration = child.end; $0.repeatCount = n
          })
      }, expected: { _ in 100 }),
    Variant(
      description: "last child of a sequence",
      node: { d, n, l in
        let first = leaf(d, n, layer: l)
        var second = leaf(d, n, layer: l)
        second.timing.beginTime = first.end  // as the checker lays a sequence out
        return F.group([first, second], timing: kept { $0.duration = second.end })
      }, expected: { _ in 100 }),
  ]

  /// Durations 0.050–4.000 s in 0.001 s steps × counts 2–10, every variant, both evaluators, well after the end:
  /// no case may end anywhere but where its count says (about 4 % of them ended on the start value before).
  @Test(arguments: 0..<variants.count)
  func sweepEndsWhereTheCountSays(variant index: Int) {
    let variant = Self.variants[index]
    let durations = (50...4000).map { Double($0) / 1000 }
    var values = SlotLayout.defaults
    values[SlotLayout.position] = F.model
    let layers = durations.indices.map {
      LayerInstance(id: "l\($0)", baseID: "l\($0)", type: .shape, path: BezierPath())
    }
    var wrong: [String] = []
    var checked = 0
    for count in 2...10 {
      // One timeline whose root copies (an `instances` node, transparent in time) are the cases, a layer each.
      let copies = durations.enumerated().map { variant.node($0.element, Double(count), $0.offset) }
      let root = AnimationNode(kind: .instances(copies), timing: .transparent)
      let scene = Scene(
        name: "sweep", width: 10, height: 10, layers: layers,
        slotValues: Array(repeatElement(values, count: layers.count).joined()),
        timelines: [Timeline(name: "t", autoplay: true, root: root)])
      var sampler = Sampler(plan: PlanCompiler.compile(scene))
      var frames: [LayerFrame] = []
      let time = 1000.0
      sampler.sample(at: time, playing: [0], into: &frames)
      let reference = ReferenceEvaluator.frames(of: scene, playing: scene.timelines, at: time)
      let expected = variant.expected(Double(count))
      for (layer, duration) in durations.enumerated() {
        checked += 1
        let got = frames[layer].values[SlotLayout.position]
        let want = reference[layer].values[SlotLayout.position]
        if abs(got - expected) > 1e-9 * max(1, expected) || abs(want - expected) > 1e-9 * max(1, expected) {
          wrong.append("d=\(duration) n=\(count): sampler \(got), reference \(want), expected \(expected)")
        }
      }
    }
    #expect(checked == 3951 * 9)
    #expect(
      wrong.isEmpty, "\(variant): \(wrong.count) of \(checked) wrong, e.g. \(wrong.prefix(5).joined(separator: "; "))")
  }

  @Test func aRepeatCountJustOffAWholeNumberIsNotSnapped() {
    // 3 + 1e-9 repeats is a sliver of a fourth repeat: the start value, far outside the 1e-12 tolerance.
    let node = Self.leaf(1, 3 + 1e-9, layer: 0)
    #expect(abs(F.x(node, at: 10) - 1e-7) < 1e-9)
    let scene = Scene(
      name: "s", width: 1, height: 1, layers: F.scene().layers, slotValues: F.scene().slotValues,
      timelines: [Timeline(name: "t", autoplay: true, root: node)])
    var sampler = Sampler(plan: PlanCompiler.compile(scene))
    var frames: [LayerFrame] = []
    sampler.sample(at: 10, playing: [0], into: &frames)
    #expect(abs(frames[0].values[SlotLayout.position] - 1e-7) < 1e-9)
  }

  @Test func cycleClockDecidesBoundaries() {
    // 0.1·3 rounds to 0.30000000000000004; divided by 0.1 that is 3.0000000000000004.
    let end = CycleClock.terminal(activeDuration: 3 * 0.1, timeOffset: 0, cycle: 0.1, speed: 1)
    #expect(end.iteration == 2 && end.position == 0.1)
    let backwards = CycleClock.terminal(activeDuration: 3 * 0.1, timeOffset: 0, cycle: 0.1, speed: -1)
    #expect(backwards.iteration == -3 && backwards.position == 0)
    // 0.3/0.1 is 2.9999999999999996: on the boundary, so the fourth cycle starts.
    let inside = CycleClock.entering(0.3, cycle: 0.1)
    #expect(inside.iteration == 3 && inside.position == 0)
    let leaving = CycleClock.leaving(0.3, cycle: 0.1)
    #expect(leaving.iteration == 2 && leaving.position == 0.1)
    // Off the boundary nothing moves.
    let plain = CycleClock.entering(0.25, cycle: 0.1)
    #expect(plain.iteration == 2 && abs(plain.position - 0.05) < 1e-15)
    // repeatCount 1e15: n·C/C is off by a fraction of a cycle at that size; the end is still repeat n − 1 at C.
    let huge = CycleClock.terminal(activeDuration: 1e15 * 0.3, timeOffset: 0, cycle: 0.3, speed: 1)
    #expect(huge.iteration == 1e15 - 1 && huge.position == 0.3)
    // An offset half a cycle in: 0.35 − 3·0.1 would be 0.0499…, short of a key time at ½; 1 + 2.5 cycles is not.
    let offset = CycleClock.terminal(activeDuration: 0.1, timeOffset: 0.25, cycle: 0.1, speed: 1)
    #expect(offset.iteration == 3 && offset.position / 0.1 == 0.5)
  }
}
