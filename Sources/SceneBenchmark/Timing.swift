import CBenchSupport

/// Wall-clock timing for the benchmark: repeat a body until enough time has passed, take medians of rounds.
public enum Timing {
  /// Monotonic seconds.
  public static func now() -> Double { cbench_now() }

  /// Seconds per call of `body`, calling it until at least `minimum` seconds have passed (at least once).
  public static func perCall(minimum: Double, _ body: () -> Void) -> Double {
    var calls = 0
    let start = now()
    var elapsed = 0.0
    repeat {
      body()
      calls += 1
      elapsed = now() - start
    } while elapsed < minimum
    return elapsed / Double(calls)
  }

  public static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// Keeps a value alive and observed, so the optimiser cannot drop the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { _ = $0 }
}
