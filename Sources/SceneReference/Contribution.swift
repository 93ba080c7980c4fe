/// Where a node's parent time falls relative to its active window (docs/semantics.md, "CAMediaTiming of one node").
public enum Phase: Sendable, Hashable {
  /// `tp − beginTime < 0`.
  case before
  /// Inside the active window (or speed 0, which is always active).
  case active
  /// At or past the end of the active window (`|e| ≥ AD`); never reached with an infinite active duration.
  case after
}

/// What one node contributes at one parent time: nothing, or its basic local time with the derived progress.
public enum Contribution: Sendable, Hashable {
  case none
  /// `tau`: basic local time in [0, d]; `progress`: `f' = timingFunction(tau / d)`; `repeatIndex`: the completed
  /// cycles `n` that `cumulative` multiplies the end value by.
  case at(tau: Double, progress: Double, repeatIndex: Double)
}
