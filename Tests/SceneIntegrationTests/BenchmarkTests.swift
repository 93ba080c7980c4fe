import Foundation
import SceneBenchmark
import SceneChecker
import SceneDiagnostics
import SceneTestSupport
import Testing

/// The benchmark at a tiny size, so that it cannot rot: every measurement runs and the table renders. (The real
/// run is `swift run -c release scenec-bench`; see docs/performance.md, "Running the benchmark".)
@Suite("Benchmark")
struct BenchmarkTests {
  @Test("a tiny run measures everything and renders the table")
  func tinyRun() throws {
    var configuration = BenchmarkConfiguration.tiny(
      seedSpecsFolder: CLIPaths.repositoryRoot.appendingPathComponent("specs").path)
    configuration.rounds = 1
    let report = try BenchmarkRunner.run(configuration, executable: nil) { _ in }
    #expect(
      report.rows.map(\.name) == [
        "synthetic-compile", "many-small-compile", "synthetic-sample", "shoot-button", "shake-button", "submit-button",
        "like-button",
      ])
    for row in report.rows {
      #expect(row.compile.seconds > 0 && row.compile.floorSeconds > 0, "\(row.name)")
      #expect(row.planSize.keyframes > 0, "\(row.name)")
    }
    for row in report.rows.dropFirst(2) {
      let sample = try #require(row.sample, "\(row.name)")
      #expect(sample.playbackNanoseconds.isFinite && sample.referenceNanoseconds.isFinite, "\(row.name)")
    }
    let lint = try #require(report.lint)
    #expect(lint.files == configuration.lintFiles && lint.oneCoreFilesPerSecond > 0)
    let table = report.markdown
    #expect(report.scaling.map(\.dimension) == ScalingBenchmark.dimensions(scale: 1).map(\.name))
    for row in report.scaling {
      #expect(row.seconds.count == 3 && row.seconds.allSatisfy { $0 > 0 } && row.ratio.isFinite, "\(row.dimension)")
      #expect(row.units == ScalingBenchmark.multipliers.map { $0 * row.units[0] }, "\(row.dimension)")
    }
    for heading in ["### Compile and memory", "### Sample", "### Lint", "### Scaling", "### rlottie", "### Targets"] {
      #expect(table.contains(heading), "missing \(heading)")
    }
  }

  @Test("synthetic scenes of several shapes check cleanly", arguments: [(1, 1, 2), (9, 7, 3), (17, 12, 9)])
  func syntheticScenesCheck(layers: Int, properties: Int, keyframes: Int) throws {
    let scene = SyntheticScene(layers: layers, properties: properties, keyframes: keyframes)
    let compiled = try CompileBenchmark.compileOnce(Array(scene.text().utf8), path: "synthetic.yaml")
    #expect(compiled.plan.tracks.count == scene.trackCount)
  }

  @Test("the many-small scene has the layers and timelines it says, and checks cleanly")
  func manySmallSceneChecks() throws {
    let scene = ManySmallScene(groups: 7)
    let result = SpecChecker.check(SourceFile(path: "many.yaml", bytes: Array(scene.text().utf8)))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let checked = try #require(result.scene)
    #expect(checked.layers.count == scene.layers && checked.timelines.count == scene.timelines)
  }

  @Test(
    "every scaling spec checks without errors, and grows in its dimension",
    arguments: ScalingBenchmark.dimensions(scale: 1).map(\.name))
  func scalingSpecsCheck(dimension: String) throws {
    let small = try #require(ScalingBenchmark.specText(dimension: dimension, count: 8))
    let large = try #require(ScalingBenchmark.specText(dimension: dimension, count: 32))
    var options = SpecChecker.Options()
    options.limits.maxNesting = 64
    options.yamlLimits.maxDepth = 128
    for text in [small, large] {
      let result = SpecChecker.check(SourceFile(path: "\(dimension).yaml", bytes: Array(text.utf8)), options: options)
      #expect(!result.hasErrors, "\(dimension): \(result.diagnostics.map(\.message))")
    }
    // The event and export rows grow the command, not the spec.
    if !dimension.hasPrefix("events") && !dimension.hasPrefix("frames") {
      #expect(large.utf8.count > small.utf8.count, "\(dimension)")
    }
  }
}
