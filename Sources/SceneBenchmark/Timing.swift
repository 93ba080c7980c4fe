import CBenchSupport

/// Wall-clock timing for the benchmark: repeat a body until enough time has passed, take medians of rounds.
public enum Timing {
  /// What single-threaded measurements count: wall-clock time (the default), or the thread's CPU time, which a
  /// machine shared with other work inflates much less (time spent waiting for a core is not counted).
  public enum Clock: String, Sendable {
    case wall
    case cpu
  }

  nonisolated(unsafe) public static var clock = Clock.wall

  /// Seconds on `clock`.
  public static func now() -> Double { clock == .wall ? cbench_now() : cbench_thread_cpu_now() }

  /// Monotonic wall-clock seconds, whatever `clock` says (for work spread over threads).
  public static func wallNow() -> Double { cbench_now() }

  /// Seconds per call of `body`, calling it until at least `minimum` seconds have passed (at least once).
  public static func perCall(minimum: Double, wall: Bool = false, _ body: () -> Void) -> Double {
    let read = wall ? wallNow : now
    var calls = 0
    let start = read()
    var elapsed = 0.0
    repeat {
      body()
      calls += 1
      elapsed = read() - start
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
