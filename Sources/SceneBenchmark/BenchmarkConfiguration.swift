/// What one benchmark run measures and how long it tries.
public struct BenchmarkConfiguration: Sendable {
  /// The synthetic scene for compile and memory, sized to about `compileMegabytes` of spec.
  public var compileMegabytes: Double
  /// The synthetic scene for sampling: layers × animated properties × keyframes.
  public var sampleScene: SyntheticScene
  /// Small spec files linted.
  public var lintFiles: Int
  /// Rounds per measurement; the table shows their medians.
  public var rounds: Int
  /// Least time one timed repetition runs, in seconds.
  public var minimumTime: Double
  /// Whether peak memory is measured in a child process (the executable) or skipped (tests).
  public var measuresMemory: Bool
  /// Whether the rlottie comparison is attempted.
  public var comparesLottie: Bool
  /// The scaling table's 1× counts, times this (1 for the full run).
  public var scalingScale: Double = 1
  /// The scaling rows to run, by the start of their names (`--scaling-rows layers,nesting`); empty for all.
  public var scalingRows: [String] = []
  /// Rounds of the scaling table (each round runs every size of every dimension once or more).
  public var scalingRounds = 3
  /// The parts to run (`compile`, `sample`, `lint`, `lottie`, `scaling`); empty for all.
  public var only: Set<String> = []
  /// Folder with the four seed specs (`specs/` of the repository); nil to leave them out.
  public var seedSpecsFolder: String?

  func runs(_ part: String) -> Bool { only.isEmpty || only.contains(part) }

  public init(
    compileMegabytes: Double, sampleScene: SyntheticScene, lintFiles: Int, rounds: Int, minimumTime: Double,
    measuresMemory: Bool, comparesLottie: Bool, seedSpecsFolder: String?
  ) {
    self.compileMegabytes = compileMegabytes
    self.sampleScene = sampleScene
    self.lintFiles = lintFiles
    self.rounds = rounds
    self.minimumTime = minimumTime
    self.measuresMemory = measuresMemory
    self.comparesLottie = comparesLottie
    self.seedSpecsFolder = seedSpecsFolder
  }

  /// The sizes: a 20 MB spec, 1,000 lint files, 7 rounds.
  public static func full(seedSpecsFolder: String?) -> BenchmarkConfiguration {
    BenchmarkConfiguration(
      compileMegabytes: 20, sampleScene: SyntheticScene(layers: 200, properties: 10, keyframes: 24), lintFiles: 1000,
      rounds: 7, minimumTime: 0.2, measuresMemory: true, comparesLottie: true, seedSpecsFolder: seedSpecsFolder)
  }

  /// A run of a few seconds that exercises every measurement (the test's size).
  public static func tiny(seedSpecsFolder: String?) -> BenchmarkConfiguration {
    var tiny = BenchmarkConfiguration(
      compileMegabytes: 0.05, sampleScene: SyntheticScene(layers: 6, properties: 6, keyframes: 5), lintFiles: 12,
      rounds: 3, minimumTime: 0.002, measuresMemory: false, comparesLottie: false, seedSpecsFolder: seedSpecsFolder)
    tiny.scalingScale = 0.02
    tiny.scalingRounds = 1
    return tiny
  }
}
