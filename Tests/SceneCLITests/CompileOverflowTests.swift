import Foundation
import Testing

/// Issue 33: `scenec compile` wrote plans that its own loader refused ("inf" and "nan" where numbers belong) on
/// lint-clean specs, and `sample PLAN.json` then exited 1. Now every such spec is an E0309 error: compile exits 1
/// and writes nothing, and so do `sample` and `export` of the spec. Near the limit, specs whose numbers stay finite
/// still compile, and their plans sample.
@Suite struct CompileOverflowTests {
  /// The checker's fixtures (frames, paths) and the compiler's (from + by, cubic tangents, begin times).
  static let fixtures: [String] = {
    func yaml(in folder: String, prefix: String) -> [String] {
      let path = CLI.repositoryRoot.appendingPathComponent(folder).path
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return files.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }
    return yaml(in: "Tests/SceneCheckerTests/Fixtures", prefix: "E0309-")
      + yaml(in: "Tests/SceneIntegrationTests/Fixtures/overflow", prefix: "")
  }()

  @Test func everyConstructOfTheIssueHasAFixture() {
    #expect(Self.fixtures.count >= 15, "\(Self.fixtures)")
  }

  @Test(arguments: fixtures) func compileRefusesAndWritesNothing(_ fixture: String) {
    let folder = CLI.temporaryFolder()
    let plan = folder.appendingPathComponent("plan.json")
    let compile = CLI.run(["compile", fixture, "-o", plan.path])
    #expect(compile.status == 1, "\(fixture): \(compile.standardError)")
    #expect(compile.standardError.contains("[E0309]"), "\(fixture): \(compile.standardError)")
    #expect(!FileManager.default.fileExists(atPath: plan.path), "\(fixture): a plan was written")
    let sample = CLI.run(["sample", fixture, "--at", "0.5", "--format", "json"])
    #expect(sample.status == 1, "\(fixture)")
    #expect(sample.standardError.contains("\"E0309\""), "\(fixture): \(sample.standardError)")
  }

  /// Numbers as large as the issue's, whose sums stay finite: the plan is written, and it loads and samples.
  @Test func largeFiniteNumbersStillCompileAndSample() throws {
    let spec = """
      scene: big
      size: [100, 100]
      layers:
        - id: box
          frame: [1e308, -1e308, 1e300, 10]
        - id: wave
          type: shape
          path: "M 0 0 Q 1e308 0 1e308 0 T -1e308 0"
      timelines:
        t:
          - target: box
            keyPath: position.x
            from: 1e308
            by: -1e308
          - target: box
            keyPath: position.y
            values: [1e307, -1e307, 1e307]
            calculationMode: cubic

      """
    let folder = CLI.temporaryFolder()
    let specURL = folder.appendingPathComponent("big.yaml")
    try spec.write(to: specURL, atomically: true, encoding: .utf8)
    let plan = folder.appendingPathComponent("big.json")
    let compile = CLI.run(["compile", specURL.path, "-o", plan.path])
    #expect(compile.status == 0, "\(compile.standardError)")
    let sample = CLI.run(["sample", plan.path, "--at", "0,0.1,0.25"])
    #expect(sample.status == 0, "\(sample.standardError)")
    #expect(sample.standardOutput.contains("\"box\""))
  }
}
