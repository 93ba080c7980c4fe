import Foundation
import SceneBenchmark
import Testing

/// The benchmark at a tiny size, so that it cannot rot: every measurement runs and the table renders. (The real
/// run is `swift run -c release scenec-bench`; see README, "Benchmarks".)
@Suite("Benchmark")
struct BenchmarkTests {
  @Test("a tiny run measures everything and renders the table")
  func tinyRun() throws {
    var configuration = BenchmarkConfiguration.tiny(
      seedSpecsFolder: CLIPaths.repositoryRoot.appendingPathComponent("specs").path)
    configuration.rounds = 1
    let report = try BenchmarkRunner.run(configuration, executable: nil) { _ in }
    #expect(report.rows.map(\.name) == [
      "synthetic-compile", "synthetic-sample", "shoot-button", "shake-button", "submit-button", "like-button",
    ])
    for row in report.rows {
      #expect(row.compile.seconds > 0 && row.compile.floorSeconds > 0, "\(row.name)")
      #expect(row.planSize.keyframes > 0, "\(row.name)")
    }
    for row in report.rows.dropFirst() {
      let sample = try #require(row.sample, "\(row.name)")
      #expect(sample.playbackNanoseconds.isFinite && sample.referenceNanoseconds.isFinite, "\(row.name)")
    }
    let lint = try #require(report.lint)
    #expect(lint.files == configuration.lintFiles && lint.oneCoreFilesPerSecond > 0)
    let table = report.markdown
    for heading in ["### Compile and memory", "### Sample", "### Lint", "### rlottie", "### Targets"] {
      #expect(table.contains(heading), "missing \(heading)")
    }
  }

  @Test("synthetic scenes of several shapes check cleanly", arguments: [(1, 1, 2), (9, 7, 3), (17, 12, 9)])
  func syntheticScenesCheck(layers: Int, properties: Int, keyframes: Int) throws {
    let scene = SyntheticScene(layers: layers, properties: properties, keyframes: keyframes)
    let compiled = try CompileBenchmark.compileOnce(Array(scene.text().utf8), path: "synthetic.yaml")
    #expect(compiled.plan.tracks.count == scene.trackCount)
  }
}
