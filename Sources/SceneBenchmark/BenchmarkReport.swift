/// Everything one run measured, and its Markdown table.
public struct BenchmarkReport: Sendable {
  public struct SceneRow: Sendable {
    public var name: String
    /// "layers × properties × keyframes" for synthetic scenes, empty for the seed specs.
    public var shape: String
    public var compile: CompileBenchmark.Result
    public var memory: MemoryBenchmark.Result?
    public var sample: SampleBenchmark.Result?
    public var planSize: PlanSize
  }

  public var rows: [SceneRow] = []
  public var lint: LintBenchmark.Result?
  public var scaling: [ScalingBenchmark.Row] = []
  public var lottie: LottieComparison.Outcome = .pending("not run")
  public var lottieScene = ""
  /// Load averages before and after the run (from /proc/loadavg).
  public var loadBefore = ""
  public var loadAfter = ""

  public init() {}

  /// The targets of issue 7, each with its measured figure and whether it is met.
  public var targets: [(target: String, measured: String, met: Bool)] {
    var list: [(String, String, Bool)] = []
    if let many = rows.first(where: { $0.name == "many-small-compile" }) {
      list.append(
        (
          "compile ≤ 2× the libyaml event parse (\(many.name))", Self.fixed(many.compile.ratio, 2) + "×",
          many.compile.ratio <= 2
        ))
    }
    if !scaling.isEmpty {
      let worst = scaling.max { $0.ratio < $1.ratio }!
      let within = scaling.filter { $0.ratio <= ScalingBenchmark.goal }.count
      list.append(
        (
          "scaling: cost per unit at 16× within \(Self.fixed(ScalingBenchmark.goal, 1))× of 1× in every row",
          "\(within) of \(scaling.count) rows; worst \(worst.dimension) \(Self.fixed(worst.ratio, 2))×",
          within == scaling.count
        ))
    }
    if let big = rows.first(where: { $0.name == "synthetic-compile" }) {
      list.append(
        (
          "compile ≤ 2× the libyaml event parse (\(big.name))", Self.fixed(big.compile.ratio, 2) + "×",
          big.compile.ratio <= 2
        ))
      if let memory = big.memory {
        list.append(
          (
            "peak memory while compiling < 8× the spec (\(big.name))", Self.fixed(memory.perSpecByte, 1) + "×",
            memory.perSpecByte < 8
          ))
      }
    }
    if let row = rows.first(where: { $0.sample != nil && !$0.shape.isEmpty }), let sample = row.sample {
      list.append(
        (
          "playback ≤ 20 ns per property per sample (\(row.name))", Self.fixed(sample.playbackNanoseconds, 1) + " ns",
          sample.playbackNanoseconds <= 20
        ))
      list.append(
        (
          "random access ≤ 60 ns per property per sample (\(row.name))",
          Self.fixed(sample.randomNanoseconds, 1) + " ns", sample.randomNanoseconds <= 60
        ))
      list.append(
        (
          "sampler ≥ 20× faster than the reference (\(row.name))", Self.fixed(sample.speedup, 0) + "×",
          sample.speedup >= 20
        ))
    }
    if let lint {
      list.append(
        ("lint on \(lint.cores) cores ≥ 1.7× one core", Self.fixed(lint.speedup, 2) + "×", lint.speedup >= 1.7))
    }
    return list
  }

  /// The tables, without a title (the caller adds the date, machine and command).
  public var markdown: String {
    var text = "### Compile and memory\n\n"
    text +=
      "Compile = check + lower to a plan in memory as `scenec compile` does (the scene handed over, the source map "
      + "built; the plan's JSON is not written); the libyaml floor only pulls "
    text += "libyaml's events over the same bytes; with JSON = compile and write the plan's pretty JSON text, as "
    text += "`scenec compile -o` does (short of the file write). Peak memory = peak resident size of a fresh process "
    text += "that reads and compiles the spec, minus its size before reading, ÷ the spec's size.\n\n"
    text +=
      "| scene | shape | spec | compile MB/s | libyaml floor MB/s | compile ÷ floor | with JSON MB/s | "
      + "peak memory ÷ spec | plan bytes/keyframe (memory, JSON) |\n"
    text += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    for row in rows {
      let memory = row.memory.map { Self.fixed($0.perSpecByte, 1) + "×" } ?? "—"
      text += "| \(row.name) | \(row.shape.isEmpty ? "seed spec" : row.shape) | \(Self.size(row.compile.bytes)) | "
      text +=
        "\(Self.fixed(row.compile.megabytesPerSecond, 1)) | \(Self.fixed(row.compile.floorMegabytesPerSecond, 1)) | "
      text +=
        "\(Self.fixed(row.compile.ratio, 2))× | \(Self.fixed(row.compile.withJSONMegabytesPerSecond, 1)) | \(memory) | "
      text +=
        "\(Self.fixed(row.planSize.memoryBytesPerKeyframe, 0)), \(Self.fixed(row.planSize.jsonBytesPerKeyframe, 0)) |\n"
    }
    text +=
      "\n### Sample\n\nNanoseconds per animated property (track) per sample; "
      + "playback = 600 increasing times at 60 fps, "
    text += "random access = 600 random times in [−0.5, 10) s; the reference evaluator on the playback times.\n\n"
    text += "| scene | tracks | playback ns | random access ns | reference ns | sampler ÷ reference speed-up |\n"
    text += "| --- | ---: | ---: | ---: | ---: | ---: |\n"
    for row in rows {
      guard let sample = row.sample else { continue }
      text += "| \(row.name) | \(sample.tracks) | \(Self.fixed(sample.playbackNanoseconds, 1)) | "
      text += "\(Self.fixed(sample.randomNanoseconds, 1)) | \(Self.fixed(sample.referenceNanoseconds, 0)) | "
      text += "\(Self.fixed(sample.speedup, 0))× |\n"
    }
    if let lint {
      text += "\n### Lint\n\n`scenec lint --jobs N` over \(lint.files) small spec files (report kept in memory).\n\n"
      text += "| files | 1 core files/s | \(lint.cores) cores files/s | speed-up |\n| ---: | ---: | ---: | ---: |\n"
      text +=
        "| \(lint.files) | \(Self.fixed(lint.oneCoreFilesPerSecond, 0)) | "
        + "\(Self.fixed(lint.allCoresFilesPerSecond, 0)) | "
      text += "\(Self.fixed(lint.speedup, 2))× |\n"
    }
    if !scaling.isEmpty {
      text +=
        "\n### Scaling\n\nEach row grows one dimension of the input alone "
        + "(`Sources/SceneBenchmark/ScalingScenes.swift`) "
      text += "and times the command a user runs on it, in process, its output kept in memory (`-o` to a file); the "
      text += "three sizes of a row run side by side in every round. Linear cost is a flat cost per unit.\n\n"
      text += ScalingBenchmark.markdown(scaling)
    }
    text += "\n### rlottie\n\n"
    switch lottie {
    case .measured(let rlottie, let scenec, let frames):
      text += "| scene | frames | rlottie render tree ns/frame | scenec sample ns/frame | rlottie ÷ scenec |\n"
      text += "| --- | ---: | ---: | ---: | ---: |\n"
      text +=
        "| \(lottieScene) | \(frames) | \(Self.fixed(rlottie, 0)) | \(Self.fixed(scenec, 0)) | "
        + "\(Self.fixed(rlottie / scenec, 1))× |\n"
    case .pending(let reason):
      text += "| scene | rlottie ÷ scenec |\n| --- | --- |\n| \(lottieScene) | \(reason) |\n"
    }
    text += "\n### Targets\n\n| target | measured | met |\n| --- | ---: | --- |\n"
    for target in targets { text += "| \(target.target) | \(target.measured) | \(target.met ? "yes" : "**no**") |\n" }
    return text
  }

  static func fixed(_ value: Double, _ places: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if places == 0 { return String(Int(rounded)) }
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < places { text += String(repeating: "0", count: places - decimals) }
    }
    return text
  }

  /// 16000 → "16,000".
  static func grouped(_ value: Int) -> String {
    var digits = Array(String(value))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  static func size(_ bytes: Int) -> String {
    if bytes >= 1_000_000 { return fixed(Double(bytes) / 1e6, 1) + " MB" }
    if bytes >= 1_000 { return fixed(Double(bytes) / 1e3, 1) + " kB" }
    return "\(bytes) B"
  }
}
