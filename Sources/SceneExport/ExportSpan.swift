import SceneCore
import SceneDiagnostics
import SceneRuntime

/// The time range [start, end] of scene time an export of some playing timelines shows, and where a looping
/// player loops: the one rule every export (filmstrip, video, Lottie), `scenec sample`'s default times and the
/// preview's loop use (docs/exports.md, "The span").
///
/// Each track is read down its stages (`TrackSteadyState`): it ends (its root's active duration over |speed|
/// after its `beginTime`), or it repeats forever from the time it and every group above it have begun, with a
/// period of its first endless stage's cycle in scene seconds (a group without a duration passes its time through,
/// so its endless children's periods count, each under the group's speed). Without endless content the span is
/// [0, the last end]. With it, the span is one common period of everything that repeats (`CommonPeriod`: periods
/// as rationals to 1e-9, the least common multiple, at most `longestPeriod` seconds), starting at the loop point:
/// once every endless track has begun and every finite one has ended (never before 0). From there the scene is
/// periodic, so frame `start` and frame `end` agree and a looping player repeats it seamlessly; what plays before
/// the loop point (staggered starts, an intro) is the preview's first pass only. Without a common period under
/// `longestPeriod` (or with something that changes forever without a period) the span is [0, max(`cap`, the last
/// end)], `capped`, and the exports warn (W0910, `cappedExplanation`).
/// A root that repeats for longer than the export may last (`ExportLimits.maxFrames`: `repeatCount: 3.4e38`,
/// Objective-C's FLT_MAX "forever", or `1e6`) counts as endless. Whatever the timelines say, `limited(to:)` then
/// cuts the span at the frame limit.
public struct ExportSpan: Sendable, Hashable {
  /// The scene time of the export's first frame: the loop point, 0 unless endless content starts later.
  public var start: Double = 0
  public var end: Double
  /// True when the span was cut at the cap.
  public var capped: Bool
  /// True when something plays forever (the export shows a whole common period of it unless `capped`).
  public var endless: Bool
  /// The end the timelines asked for when it was longer than the frame limit allows (`limited(to:)`), else nil.
  public var unlimitedEnd: Double?
  /// The distinct periods of what repeats forever (seconds, ascending), for the warning of a capped span.
  public var periods: [Double] = []
  /// Whether a period is a child's of an endless group without a duration (the cause a capped span names).
  public var underUnboundedGroup = false
  /// Whether something changes forever without any period (the other cause of a capped span).
  public var aperiodic = false

  public static let cap = 10.0
  public static let longestPeriod = 60.0

  public init(start: Double = 0, end: Double, capped: Bool, endless: Bool) {
    self.start = start
    self.end = end
    self.capped = capped
    self.endless = endless
  }

  /// How long the export lasts.
  public var length: Double { end - start }

  /// The span that lasts until both this one and `other` have ended, from the earlier start: the longer end,
  /// capped when the longer one was, endless when either is.
  public func covering(_ other: ExportSpan) -> ExportSpan {
    var longer = other.end > end ? other : self
    longer.start = min(start, other.start)
    longer.endless = endless || other.endless
    longer.unlimitedEnd = nil
    return longer
  }

  /// The span cut at the frames `limits` allow a scene of `layers` layers (at 60 fps), remembering the end it had.
  public func limited(to limits: ExportLimits, layers: Int) -> ExportSpan {
    let longest = start + limits.longestSpan(layers: layers)
    guard !(end <= longest) else { return self }
    var result = self
    result.unlimitedEnd = end
    result.end = longest
    return result
  }

  public static func of(plan: Plan, playing timelines: [Int], limits: ExportLimits = ExportLimits()) -> ExportSpan {
    var finiteEnd = 0.0
    var loopStart = 0.0
    var periods: [Double] = []
    var aperiodic = false
    var underUnboundedGroup = false
    let table = plan.timelines
    for timeline in timelines where timeline >= 0 && timeline < table.count {
      for track in table.trackStarts[timeline]..<table.trackStarts[timeline + 1] {
        switch TrackSteadyState.of(track: track, in: plan.tracks, horizon: limits.longestSpan) {
        case nil: continue
        case .ends(let end): finiteEnd = max(finiteEnd, end)
        case .repeats(let start, let period, let nested):
          loopStart = max(loopStart, start)
          periods.append(period)
          underUnboundedGroup = underUnboundedGroup || nested
        case .aperiodic: aperiodic = true
        }
      }
    }
    if periods.isEmpty && !aperiodic { return ExportSpan(end: finiteEnd, capped: false, endless: false) }
    let distinct = distinctPeriods(periods)
    if !aperiodic, let period = CommonPeriod.of(distinct, atMost: longestPeriod) {
      let start = max(loopStart, finiteEnd)
      var span = ExportSpan(start: start, end: start + period, capped: false, endless: true)
      span.periods = distinct
      return span
    }
    var span = ExportSpan(end: max(cap, finiteEnd), capped: true, endless: true)
    span.periods = distinct
    span.underUnboundedGroup = underUnboundedGroup
    span.aperiodic = aperiodic
    return span
  }

  /// The periods without repeats (equal to 1e-9, relative), ascending.
  static func distinctPeriods(_ periods: [Double]) -> [Double] {
    var result: [Double] = []
    for period in periods.sorted() where result.last.map({ abs(period - $0) > 1e-9 * period }) ?? true {
      result.append(period)
    }
    return result
  }

  /// Why a capped span is capped, what a looping player then does, and the fix: the message of W0910 (and of the
  /// filmstrip's note), ending where each adds its own words.
  public var cappedExplanation: String {
    let stop = "the export stops at \(MessageNumber.text(end)) s, where a looping player jumps back"
    let most = "\(NumberFormatting.shortest(Self.longestPeriod)) s"
    guard !aperiodic else {
      return "something plays forever without a period (an endless animation of endless duration, or an endless "
        + "cumulative repeat); \(stop); set the span with --duration"
    }
    // To the nanosecond the periods are read to, not MessageNumber's five digits (1.7320508 s is not 1.7321 s).
    let shown = periods.prefix(6).map { "\(NumberFormatting.shortest(($0 * 1e9).rounded() / 1e9)) s" }
    let list = shown.joined(separator: ", ") + (periods.count > shown.count ? ", … (\(periods.count) periods)" : "")
    let cause =
      underUnboundedGroup
      ? "an endless group without a duration repeats as its children do, and its children's periods (\(list)) "
        + "have no common period of at most \(most)"
      : "the endless timelines' periods (\(list)) have no common period of at most \(most)"
    let fix =
      underUnboundedGroup
      ? "give the group a `duration` (its period), make the periods whole multiples of one, or set --duration"
      : "make the periods whole multiples of one, or set --duration"
    return "\(cause); \(stop); \(fix)"
  }
}
