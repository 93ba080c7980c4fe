import SceneRuntime

/// How long an export of some playing timelines lasts (filmstrips and Lottie alike).
///
/// A timeline's root is active from its `beginTime` for its active duration (scaled by 1/|speed|); the span ends
/// when the last finite root ends. A root that repeats forever has a period (its cycle, scaled by 1/|speed|): the
/// span then runs to the first whole number of common periods after every endless root has begun and every finite
/// root has ended, so a player's loop is seamless — when the periods have a common multiple of at most
/// `longestPeriod` seconds; otherwise (or when a root is endless without a period) it is capped at `cap` seconds.
public struct ExportSpan: Sendable, Hashable {
  public var end: Double
  /// True when the span was cut at the cap.
  public var capped: Bool
  /// True when something plays forever (the export shows whole periods of it unless `capped`).
  public var endless: Bool

  public static let cap = 10.0
  public static let longestPeriod = 60.0

  public init(end: Double, capped: Bool, endless: Bool) {
    self.end = end
    self.capped = capped
    self.endless = endless
  }

  public static func of(plan: Plan, playing timelines: [Int]) -> ExportSpan {
    var finiteEnd = 0.0
    var endless: [(begin: Double, period: Double)] = []
    var aperiodic = false
    let table = plan.timelines
    let tracks = plan.tracks
    for timeline in timelines where timeline >= 0 && timeline < table.count {
      for track in table.trackStarts[timeline]..<table.trackStarts[timeline + 1] {
        let first = tracks.stageStarts[track]
        guard first < tracks.stageStarts[track + 1] else { continue }
        let base = first * TimeStage.stride
        let begin = tracks.stages[base + TimeStage.beginTime]
        let speed = abs(tracks.stages[base + TimeStage.speed])
        let active = tracks.stages[base + TimeStage.activeDuration]
        let cycle = tracks.stages[base + TimeStage.cycle]
        if speed == 0 { continue }
        if active.isFinite {
          finiteEnd = max(finiteEnd, begin + active / speed)
        } else if cycle.isFinite && cycle > 0 {
          endless.append((begin, cycle / speed))
        } else {
          aperiodic = true
        }
      }
    }
    if endless.isEmpty && !aperiodic { return ExportSpan(end: max(finiteEnd, 0), capped: false, endless: false) }
    if !aperiodic, let period = commonPeriod(endless.map(\.period)) {
      let begin = endless.map(\.begin).max() ?? 0
      var count = 1.0
      while begin + count * period < finiteEnd - 1e-9 { count += 1 }
      let end = begin + count * period
      if end <= max(longestPeriod, finiteEnd + longestPeriod) {
        return ExportSpan(end: end, capped: false, endless: true)
      }
    }
    return ExportSpan(end: max(cap, finiteEnd), capped: true, endless: true)
  }

  /// The smallest multiple of the longest period that is (within 1e-9 relative) a whole multiple of every period,
  /// if one is at most `longestPeriod` seconds.
  static func commonPeriod(_ periods: [Double]) -> Double? {
    guard let longest = periods.max(), longest > 0 else { return nil }
    var multiple = 1.0
    while multiple * longest <= longestPeriod + 1e-9 {
      let candidate = multiple * longest
      let fits = periods.allSatisfy { period in
        let ratio = candidate / period
        return abs(ratio - ratio.rounded()) <= 1e-9 * max(1, ratio)
      }
      if fits { return candidate }
      multiple += 1
    }
    return nil
  }
}
