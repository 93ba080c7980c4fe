import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime
import SceneTestSupport
import Testing

/// Issue 33, in JavaScript: every plan `scenec compile` writes from random specs with extreme numbers (the
/// generator `PlanRoundTripPropertyTests` uses, another seed) loads with Web/scenec-player.js's `loadPlan` in
/// headless Chromium, given as the text the command writes, and samples at 0. CI loads 150 plans;
/// `SCENEC_WEB_PLAN_LOADS=2000` the long run (docs/plan-format.md).
@Suite("Web player, plans with extreme numbers")
struct WebPlayerPlanLoadTests {
  static let count = ProcessInfo.processInfo.environment["SCENEC_WEB_PLAN_LOADS"].flatMap { Int($0) } ?? 150
  /// Plans per page: a page of megabytes of plan text is answered in seconds; `--dump-dom` of a hundred never is.
  static let plansPerPage = 100

  @Test func everyWrittenPlanLoadsInTheWebPlayer() throws {
    var generator = RandomSpecGenerator(seed: 0x33_0005, extremes: true)
    var plans: [JSONValue] = []
    var round = 0
    // Specs the checker rejects or that overflow (E0309) write no plan: draw until `count` plans are written.
    while plans.count < Self.count, round < Self.count * 4 {
      let text = round % 3 == 2 ? generator.interactiveSpec() : generator.spec()
      if let plan = PlanTestSupport.compiled(SourceFile(path: "random-\(round).yaml", text: text)).plan {
        plans.append(.string(String(decoding: plan.prettyJSONBytes(), as: UTF8.self)))
      }
      round += 1
    }
    #expect(plans.count == Self.count, "\(plans.count) of \(round) random specs compiled")
    var loaded = 0
    var failures: [String] = []
    for start in stride(from: 0, to: plans.count, by: Self.plansPerPage) {
      let batch = Array(plans[start..<min(start + Self.plansPerPage, plans.count)])
      let reply = try WebPlayerHarness.run(request: ["plans": .array(batch)], script: Self.script)
      loaded += Int(reply["loaded"]?.numberValue ?? 0)
      failures += (reply["failures"]?.arrayValue ?? [.string("no answer")]).map {
        "plan \(start) + \($0.stringValue ?? "?")"
      }
    }
    print("web player: \(loaded) of \(plans.count) written plans (from \(round) random specs) loaded and sampled")
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    #expect(loaded == plans.count)
  }

  /// The page: `{plans: [text]}` in, `{loaded, failures}` out.
  static let script = """
    const answer = (module, request) => {
      const result = {loaded: 0, failures: []};
      request.plans.forEach((text, index) => {
        try {
          module.loadPlan(text).sample(0, {});
          result.loaded += 1;
        } catch (error) {
          if (result.failures.length < 20) result.failures.push(`${index}: ${error && error.message || error}`);
        }
      });
      return result;
    };
    """
}
