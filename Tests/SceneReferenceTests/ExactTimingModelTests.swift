import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneModel
import SceneReference
import SceneRuntime
import Testing

/// Issue 13, item 2: both evaluators against an exact-arithmetic model of the timing phases (`ExactTimingNode`,
/// rationals over checked 64-bit integers) for what Chromium cannot check — timeOffset (negative too),
/// repeatDuration, negative and zero speed, groups, sequences, cumulative — on random trees whose inputs are
/// decimals, so that 0.1 is 1/10 and the boundaries fall where the spec's numbers put them.
///
/// Every tree's leaves are linear probes (value = progress f) in one timeline and cumulative probes (f + n) in a
/// second, sampled on a 0.05 s grid (which lands on many boundaries exactly: begins, ends, cycle boundaries) and at
/// random microsecond times.
@Suite struct ExactTimingModelTests {
  static let treeCount = 400
  static let tolerance = 1e-9

  @Test func evaluatorsAgreeWithTheExactModel() throws {
    var generator = ExactTimingTreeGenerator(seed: 0x13E8AC7)
    var samples = 0
    var compared = 0
    var inEffect = 0
    var largest = 0.0
    var failures: [String] = []
    for round in 0..<Self.treeCount {
      let (tree, leaves) = generator.tree()
      let text = ExactTimingTreeGenerator.spec(tree, leaves: leaves)
      let result = SpecChecker.check(SourceFile(path: "exact-\(round).yaml", text: text))
      guard let scene = result.scene else {
        failures.append("round \(round) did not check: \(result.diagnostics.first?.message ?? "")\n\(text)")
        continue
      }
      let model = tree.resolved()
      var sampler = Sampler(plan: PlanCompiler.compile(scene))
      var frames: [LayerFrame] = []
      var times = (-10...120).map { ExactDecimal(Self.decimal(milliseconds: $0 * 50)) }
      for _ in 0..<20 {
        times.append(ExactDecimal(Self.decimal(microseconds: generator.random.int(-500_000...6_000_000))))
      }
      var roundFailures = 0
      for time in times {
        samples += 1
        var exact: [Int: (f: Rational, n: Rational)] = [:]
        model.evaluate(at: time.value, isRoot: true, into: &exact)
        sampler.sample(at: time.value.double, playing: [0, 1], into: &frames)
        let reference = ReferenceEvaluator.frames(of: scene, playing: scene.timelines, at: time.value.double)
        for leaf in 0..<leaves {
          for (layer, expected) in [(leaf, exact[leaf].map { $0.f }), (leaves + leaf, exact[leaf].map { $0.f + $0.n })]
          {
            compared += 1
            let want = expected?.double ?? -1000
            if expected != nil { inEffect += 1 }
            for (name, got) in [
              ("sampler", frames[layer].values[SlotLayout.position]),
              ("reference", reference[layer].values[SlotLayout.position]),
            ] {
              let difference = abs(got - want)
              if difference <= Self.tolerance * max(1, abs(want)) {
                if expected != nil { largest = max(largest, difference) }
              } else if roundFailures < 2 {
                roundFailures += 1
                failures.append(
                  "round \(round) leaf \(leaf)\(layer >= leaves ? " (cumulative)" : "") at t=\(time.text): "
                    + "\(name) \(got), exact \(expected.map(\.description) ?? "not in effect")\n\(text)"
                )
              }
            }
          }
        }
      }
      if failures.count >= 6 { break }
    }
    print(
      "Exact model: \(Self.treeCount) trees, \(samples) sample times, \(compared) probe values (\(inEffect) in effect) "
        + "each against both evaluators; largest difference \(largest)")
    #expect(failures.isEmpty, "\(failures.count) disagreements:\n\(failures.prefix(4).joined(separator: "\n\n"))")
    #expect(compared >= 50_000)
  }

  static func decimal(milliseconds value: Int) -> String {
    "\(value < 0 ? "-" : "")\(abs(value) / 1000).\(String(abs(value) % 1000 + 1000).dropFirst())"
  }

  static func decimal(microseconds value: Int) -> String {
    "\(value < 0 ? "-" : "")\(abs(value) / 1_000_000).\(String(abs(value) % 1_000_000 + 1_000_000).dropFirst())"
  }
}
