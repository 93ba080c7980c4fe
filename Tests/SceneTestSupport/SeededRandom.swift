import SceneBenchmark

/// The oracle tests' generator: the benchmark's SplitMix64, deterministic on every platform for a seed.
public typealias SeededRandom = SplitMix
