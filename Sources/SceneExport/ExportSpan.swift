import SceneRuntime

/// How long an export of some playing timelines lasts (filmstrips and Lottie alike).
///
/// A timeline's root is active from its `beginTime` for its active duration (scaled by 1/|speed|); the span ends
/// when the last finite root ends. A root that repeats forever has a period (its cycle, scaled by 1/|speed|): the
/// span then runs to the first whole number of common periods after every endless root has begun and every finite
/// root has ended, so a player's loop is seamless — when the periods have a common multiple of at most
/// `longestPeriod` seconds; otherwise (or when a root is endless without a period) it is capped at `cap` seconds.
/// A root that repeats for longer than the export may last (`ExportLimits.maxFrames`: `repeatCount: 3.4e38`,
/// Objective-C's FLT_MAX "forever", or `1e6`) counts as endless, so its export is whole periods too. Whatever the
/// timelines say, `limited(to:)` then cuts the span at the frame limit.
public struct ExportSpan: Sendable, Hashable {
  public var end: Double
  /// True when the span was cut at the cap.
  public var capped: Bool
  /// True when something plays forever (the export shows whole periods of it unless `capped`).
  public var endless: Bool
  /// The end the timelines asked for when it was longer than the frame limit allows (`limited(to:)`), else nil.
  public var unlimitedEnd: Double?

  public static let cap = 10.0
  public static let longestPeriod = 60.0

  public init(end: Double, capped: Bool, endless: Bool) {
    self.end = end
    self.capped = capped
    self.endless = endless
  }

  /// The span that lasts until both this one and `other` have ended: the longer end, capped when the longer one
  /// was, endless when either is.
  public func covering(_ other: ExportSpan) -> ExportSpan {
    let longer = other.end > end ? other : self
    return ExportSpan(end: longer.end, capped: longer.capped, endless: endless || other.endless)
  }

  /// The span cut at the frames `limits` allow a scene of `layers` layers (at 60 fps), remembering the end it had.
  public func limited(to limits: ExportLimits, layers: Int) -> ExportSpan {
    let longest = limits.longestSpan(layers: layers)
    guard !(end <= longest) else { return self }
    var result = self
    result.unlimitedEnd = end
    result.end = longest
    return result
  }

  public static func of(plan: Plan, playing timelines: [Int], limits: ExportLimits = ExportLimits()) -> ExportSpan {
    var finiteEnd = 0.0
    var endless: [(begin: Double, period: Double)] = []
    var aperiodic = false
    let table = plan.timelines
    let tracks = plan.tracks
    for timeline in timelines where timeline >= 0 && timeline < table.count {
      for track in table.trackStarts[timeline]..<table.trackStarts[timeline + 1] {
        let first = tracks.stageStarts[track]
        guard first < tracks.stageStarts[track + 1] else { continue }
        let root = tracks.stages[first]
        let begin = root.beginTime
        let speed = abs(root.speed)
        let active = root.activeDuration
        let cycle = root.cycle
        if speed == 0 { continue }
        // Repeating for longer than any export may last: shown as whole periods, like a root that never ends.
        let outlasts = !(begin + active / speed <= limits.longestSpan)
        if active.isFinite && !(outlasts && cycle.isFinite && cycle > 0 && cycle < active) {
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
      // The first whole number of periods ending at or after finiteEnd: computed, then nudged (at most a step
      // or two) to match the counting it replaces exactly; a count beyond 1e9 periods is past every limit anyway.
      var count = max(1, ((finiteEnd - 1e-9 - begin) / period).rounded(.up))
      if count.isFinite && count <= 1e9 {
        while count > 1 && begin + (count - 1) * period >= finiteEnd - 1e-9 { count -= 1 }
        while begin + count * period < finiteEnd - 1e-9 { count += 1 }
      }
      let end = begin + count * period
      if end.isFinite && end <= max(longestPeriod, finiteEnd + longestPeriod) {
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
