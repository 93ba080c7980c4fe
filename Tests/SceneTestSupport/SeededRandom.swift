import SceneBenchmark

/// The oracle tests' generator: the benchmark's SplitMix64, deterministic on every platform for a seed.
package typealias SeededRandom = SplitMix
