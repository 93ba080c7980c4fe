import Dispatch

/// Work on many files spread over up to `jobs` threads.
enum ParallelWork {
  /// `transform` of every element; results land by index, so the answer is the same as a serial run's.
  static func map<Element: Sendable, Result>(
    _ elements: [Element], jobs: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    let results = ResultSlots<Result>(count: elements.count)
    let workers = max(1, min(jobs, elements.count))
    if workers == 1 {
      for (index, element) in elements.enumerated() { results[index] = transform(element) }
    } else {
      let next = AtomicCounter()
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          let index = next.increment()
          guard index < elements.count else { return }
          results[index] = transform(elements[index])
        }
      }
    }
    return results.values
  }
}
