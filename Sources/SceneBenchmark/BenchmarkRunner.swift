import Foundation
import SceneModel
import SceneRuntime

/// Runs every measurement of one configuration and collects the report.
public enum BenchmarkRunner {
  /// `executable` is the benchmark's own path, for the peak-memory child; `log` receives progress lines.
  public static func run(
    _ configuration: BenchmarkConfiguration, executable: String?, log: (String) -> Void
  ) throws -> BenchmarkReport {
    var report = BenchmarkReport()
    report.loadBefore = loadAverage()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // 1. The big synthetic spec: compile against the floor, peak memory.
    if configuration.runs("compile") {
      try compileBig(configuration, executable: executable, folder: folder, into: &report, log: log)
    }

    // 2. The sampling scene, then the seed specs: compile, sample, plan size.
    var specs: [(name: String, shape: String, bytes: [UInt8])] = [
      ("synthetic-sample", shape(configuration.sampleScene), Array(configuration.sampleScene.text().utf8))
    ]
    var seedBytes: [[UInt8]] = []
    if let seeds = configuration.seedSpecsFolder {
      for name in ["shoot-button", "shake-button", "submit-button", "like-button"] {
        guard let data = FileManager.default.contents(atPath: seeds + "/\(name).yaml") else { continue }
        specs.append((name, "", [UInt8](data)))
        seedBytes.append([UInt8](data))
      }
    }
    var samplePlan: Plan?
    for spec in specs where configuration.runs("sample") || configuration.runs("compile") {
      log("sample: \(spec.name)")
      let (scene, plan) = try CompileBenchmark.compileOnce(spec.bytes, path: spec.name + ".yaml")
      if samplePlan == nil { samplePlan = plan }
      report.rows.append(
        BenchmarkReport.SceneRow(
          name: spec.name, shape: spec.shape,
          compile: try CompileBenchmark.run(spec.bytes, path: spec.name + ".yaml", configuration: configuration),
          memory: nil,
          sample: configuration.runs("sample")
            ? SampleBenchmark.run(scene: scene, plan: plan, configuration: configuration) : nil,
          planSize: PlanSize(plan)))
    }

    // 3. Lint.
    if configuration.runs("lint") {
      log("lint: \(configuration.lintFiles) files")
      let lintFolder = folder.appendingPathComponent("lint")
      try LintBenchmark.writeFiles(count: configuration.lintFiles, into: lintFolder, seedSpecs: seedBytes)
      report.lint = try LintBenchmark.run(
        folder: lintFolder, files: configuration.lintFiles, configuration: configuration)
    }

    // 4. The scaling table.
    if configuration.runs("scaling") {
      report.scaling = try ScalingBenchmark.run(
        ScalingBenchmark.dimensions(scale: configuration.scalingScale).filter { dimension in
          configuration.scalingRows.isEmpty || configuration.scalingRows.contains { dimension.name.hasPrefix($0) }
        }, rounds: configuration.scalingRounds,
        minimumTime: configuration.minimumTime, folder: folder.appendingPathComponent("scaling"), log: log)
    }

    // 5. rlottie.
    report.lottieScene = "synthetic-sample"
    if configuration.comparesLottie, configuration.runs("lottie"), let samplePlan {
      log("rlottie")
      report.lottie = LottieComparison.run(plan: samplePlan, configuration: configuration)
    } else {
      report.lottie = .pending("not measured in this run")
    }
    report.loadAfter = loadAverage()
    return report
  }

  private static func compileBig(
    _ configuration: BenchmarkConfiguration, executable: String?, folder: URL, into report: inout BenchmarkReport,
    log: (String) -> Void
  ) throws {
    let big = sizedScene(megabytes: configuration.compileMegabytes)
    let bigBytes = Array(big.text().utf8)
    let bigPath = folder.appendingPathComponent("synthetic-compile.yaml").path
    try Data(bigBytes).write(to: URL(fileURLWithPath: bigPath))
    log("compile: synthetic \(shape(big)), \(BenchmarkReport.size(bigBytes.count))")
    let bigPlan = try CompileBenchmark.compileOnce(bigBytes, path: bigPath).plan
    var bigRow = BenchmarkReport.SceneRow(
      name: "synthetic-compile", shape: shape(big),
      compile: try CompileBenchmark.run(bigBytes, path: bigPath, configuration: configuration), memory: nil,
      sample: nil, planSize: PlanSize(bigPlan))
    if configuration.measuresMemory, let executable {
      log("memory: child process")
      bigRow.memory = MemoryBenchmark.run(executable: executable, specPath: bigPath, specBytes: bigBytes.count)
    }
    report.rows.append(bigRow)

    // The same size of many small layers and timelines, the shape the synthetic scene does not have.
    let many = ManySmallScene.sized(megabytes: configuration.compileMegabytes)
    let manyBytes = Array(many.text().utf8)
    log(
      "compile: many small, \(many.layers) layers, \(many.timelines) timelines, "
        + BenchmarkReport.size(manyBytes.count)
    )
    report.rows.append(
      BenchmarkReport.SceneRow(
        name: "many-small-compile", shape: "\(many.layers) layers, \(many.timelines) timelines",
        compile: try CompileBenchmark.run(manyBytes, path: "many-small-compile.yaml", configuration: configuration),
        memory: nil, sample: nil,
        planSize: PlanSize(try CompileBenchmark.compileOnce(manyBytes, path: "many-small-compile.yaml").plan)))
  }

  static func shape(_ scene: SyntheticScene) -> String { "\(scene.layers) × \(scene.properties) × \(scene.keyframes)" }

  /// A scene of about `megabytes` of spec: 10 properties per layer, 50 layers per MB, keyframes to fit.
  public static func sizedScene(megabytes: Double) -> SyntheticScene {
    let layers = max(4, Int(megabytes * 50))
    let target = megabytes * 1e6
    let small = Double(SyntheticScene(layers: layers, properties: 10, keyframes: 4).text().utf8.count)
    let large = Double(SyntheticScene(layers: layers, properties: 10, keyframes: 12).text().utf8.count)
    let perKeyframe = (large - small) / 8
    let keyframes = Int(((target - small) / perKeyframe).rounded()) + 4
    return SyntheticScene(layers: layers, properties: 10, keyframes: max(2, keyframes))
  }

  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// CPU model, core count and memory, from /proc (Linux), and the OS.
  public static func machine() -> String {
    var model = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(BenchmarkReport.fixed(memory, 1)) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
  }
}
