import Foundation
import SceneCompiler
import SceneCore
import SceneModel
import SceneReference
import SceneRuntime
import SceneTestSupport
import Testing

/// Issue 13, item 2: both evaluators against an oracle that shares none of their code — Chromium's Web Animations
/// — on 1,200 random scalar animations (basic and keyframes, named and cubic-bézier curves, fill modes, whole and
/// fractional repeats, autoreverse, speed, beginTime, timeOffset ≥ 0, discrete), each sampled at 12 random times
/// kept 5 µs away from its begin, end and cycle boundaries (Chromium snaps times within 1 µs of a boundary).
/// The mapping between the two models is documented on `WebAnimationsCase`.
///
/// Compared per sample: whether the animation is in effect; its eased progress (Chromium's
/// `getComputedTiming().progress`, a double, against a 0→1 probe with the same timing in each evaluator); its
/// value (Chromium's computed `--v`, 6 significant digits). Chromium's cubic-bézier solver is off near vertical
/// tangents (by up to 0.24): where it disagrees with both our solver and an exact evaluation (bisection to the
/// last bit), the sample is counted as Chromium's error, reported, and not failed.
@Suite struct ChromiumTimingTests {
  static let caseCount = 1200
  static let timesPerCase = 12
  static let margin = 5e-6
  static let model = -1000.0
  /// Progress: doubles on both sides; Chromium solves curves to ~1e-7 in x.
  static let progressTolerance = 2e-6
  /// Values: Chromium prints 6 significant digits.
  static let valueRelativeTolerance = 1e-5

  struct Outcome {
    var samples = 0
    var inEffect = 0
    var largestProgressDifference = 0.0
    var largestValueDifference = 0.0
    var chromiumSolverSamples = 0
    var chromiumSolverLargest = 0.0
    var chromiumSolverLargestValue = 0.0
    /// Samples after an end on a whole cycle that Chromium shows at the start of one more (its own rounding of n·d).
    var chromiumEndSamples = 0
    var failures: [String] = []
  }

  @Test func evaluatorsAgreeWithChromiumWebAnimations() throws {
    var random = SeededRandom(seed: 0xC0FF_EE13)
    var cases: [WebAnimationsCase] = []
    for _ in 0..<Self.caseCount {
      var item = WebAnimationsCase.random(&random)
      item.times = Self.times(for: item, &random)
      cases.append(item)
    }
    let readings = try ChromiumHarness.run(cases.map(\.webAnimation))
    #expect(readings.count == cases.count)
    var outcome = Outcome()
    for (index, (item, chromium)) in zip(cases, readings).enumerated() {
      compare(item, index: index, chromium: chromium, into: &outcome)
    }
    print(
      "Chromium oracle: \(cases.count) cases, \(outcome.samples) samples (\(outcome.inEffect) in effect); largest "
        + "progress difference \(outcome.largestProgressDifference), largest value difference "
        + "\(outcome.largestValueDifference); Chromium's cubic-bézier solver off in \(outcome.chromiumSolverSamples) "
        + "samples, by up to \(outcome.chromiumSolverLargest) in progress and \(outcome.chromiumSolverLargestValue) in "
        + "value (not failed); Chromium ended on a cycle's start where the end is exactly on a cycle boundary in "
        + "\(outcome.chromiumEndSamples) samples (not failed)")
    #expect(outcome.samples >= 1000 * Self.timesPerCase / 2)
    #expect(
      outcome.failures.isEmpty,
      "\(outcome.failures.count) disagreements: \(outcome.failures.prefix(6).joined(separator: "\n"))")
  }

  @Test func aMissingChromiumFailsSayingHowToInstallIt() {
    #expect(throws: ChromiumHarness.Failure.self) { try ChromiumHarness.executable(path: "/nonexistent-\(getpid())") }
    do {
      _ = try ChromiumHarness.executable(path: "/nonexistent")
    } catch {
      #expect("\(error)".contains("apt-get install libyaml-dev chromium"))
    }
  }

  /// Random scene times from before the begin to after the end, none within `margin` of a boundary.
  static func times(for item: WebAnimationsCase, _ random: inout SeededRandom) -> [Double] {
    let timing = item.timing
    let end = timing.end.isFinite ? timing.end : timing.beginTime + 4 * timing.cycle / timing.speed
    // Scene time starts at 0, when the timeline's root is added (Web Animations is never active at a negative
    // local time, whatever the delay).
    let low = 0.0
    let high = max(end, 0) + 0.5
    let boundaries = [0] + item.boundaries(upTo: high + 1)
    var times: [Double] = []
    while times.count < timesPerCase {
      let time = ((low + (high - low) * random.unit()) * 1e6).rounded() / 1e6
      if boundaries.allSatisfy({ abs($0 - time) > margin }) { times.append(time) }
    }
    return times
  }

  func compare(_ item: WebAnimationsCase, index: Int, chromium: [ChromiumHarness.Reading], into outcome: inout Outcome)
  {
    var values = SlotLayout.defaults
    values[SlotLayout.position] = Self.model
    let layers = (0..<2).map {
      LayerInstance(id: "l\($0)", baseID: "l\($0)", type: .shape, path: BezierPath())
    }
    let root = AnimationNode(kind: .instances([item.node(layer: 0), item.probe(layer: 1)]), timing: .transparent)
    let scene = Scene(
      name: "case", width: 1, height: 1, layers: layers, slotValues: values + values,
      timelines: [Timeline(name: "t", autoplay: true, root: root)])
    var sampler = Sampler(plan: PlanCompiler.compile(scene))
    var frames: [LayerFrame] = []
    for (time, reading) in zip(item.times, chromium) {
      outcome.samples += 1
      sampler.sample(at: time, playing: [0], into: &frames)
      let reference = ReferenceEvaluator.frames(of: scene, playing: scene.timelines, at: time)
      let ours = (value: frames[0].values[SlotLayout.position], progress: frames[1].values[SlotLayout.position])
      let theirs = (value: reference[0].values[SlotLayout.position], progress: reference[1].values[SlotLayout.position])
      let place = "case \(index) at t=\(time) (\(item.timing), \(item.content))"
      let inEffect = ours.progress != Self.model
      guard inEffect == (theirs.progress != Self.model), inEffect == (reading.progress != nil) else {
        outcome.failures.append(
          "\(place): in effect? sampler \(inEffect), reference \(theirs.progress != Self.model), "
            + "chromium \(reading.progress != nil)"
        )
        continue
      }
      guard inEffect, let chromiumProgress = reading.progress else { continue }
      outcome.inEffect += 1
      var chromiumSolverOff = false
      var chromiumEndOff = false
      let failuresBefore = outcome.failures.count
      for (name, progress) in [("sampler", ours.progress), ("reference", theirs.progress)] {
        let difference = abs(progress - chromiumProgress)
        guard difference > Self.progressTolerance else {
          outcome.largestProgressDifference = max(outcome.largestProgressDifference, difference)
          continue
        }
        let exactEnd = item.timing.autoreverses ? 0.0 : 1.0
        if time >= item.timing.end, item.endsOnCycleBoundary, progress == exactEnd {
          // Chromium's own n·d rounding: an end on a whole cycle shown as the start of one more.
          chromiumEndOff = true
        } else if let exact = Self.exactProgress(item.timing, at: time), abs(progress - exact) <= Self.progressTolerance
        {
          chromiumSolverOff = true
          outcome.chromiumSolverLargest = max(outcome.chromiumSolverLargest, abs(chromiumProgress - exact))
        } else {
          outcome.failures.append("\(place): progress \(name) \(progress), chromium \(chromiumProgress)")
        }
      }
      if chromiumEndOff {
        outcome.chromiumEndSamples += 1
        continue
      }
      if chromiumSolverOff {
        outcome.chromiumSolverSamples += 1
        continue
      }
      // A progress that disagreed has failed already; its value would only repeat that.
      if outcome.failures.count > failuresBefore { continue }
      // Values: skip a sample whose progress sits on a key time where the value jumps (discrete, or a
      // zero-length segment), as times are kept off timing boundaries.
      if Self.jumps(item.content, near: ours.progress) { continue }
      guard let chromiumValue = Double(reading.value) else {
        outcome.failures.append("\(place): chromium's --v is \(reading.value)")
        continue
      }
      for (name, value) in [("sampler", ours.value), ("reference", theirs.value)] {
        let difference = abs(value - chromiumValue)
        // Chromium's 6 printed digits, plus its progress error (its curve solver's ~1e-7) times how fast the
        // value moves with the progress.
        let allowed = Self.valueRelativeTolerance * max(1, abs(value)) + 1e-6 * Self.slope(item.content)
        if difference <= allowed {
          outcome.largestValueDifference = max(outcome.largestValueDifference, difference)
        } else if case .keyframes(_, _, .some, _) = item.content,
          let exact = Self.exactValue(item.content, progress: ours.progress),
          abs(value - exact) <= 1e-9 * max(1, abs(exact))
        {
          // The progress agreed, so this is a keyframe segment's cubic-bézier, solved off by Chromium.
          outcome.chromiumSolverSamples += 1
          outcome.chromiumSolverLargestValue = max(outcome.chromiumSolverLargestValue, abs(chromiumValue - exact))
        } else {
          outcome.failures.append("\(place): value \(name) \(value), chromium \(chromiumValue)")
        }
      }
    }
  }

  /// The eased progress with the curve solved by bisection to the last bit (x control points in [0, 1] make X
  /// monotonic), from the reference's un-eased τ / d; nil without a curve.
  static func exactProgress(_ timing: Timing, at time: Double) -> Double? {
    guard let function = timing.timingFunction,
      case .at(let tau, _, _) = ReferenceEvaluator.localTime(of: timing, at: time, isRoot: true)
    else { return nil }
    return exactCurve(function, tau / timing.duration)
  }

  static func exactCurve(_ function: TimingFunction, _ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if bezier(function.x1, function.x2, mid) < x { low = mid } else { high = mid }
    }
    return bezier(function.y1, function.y2, (low + high) / 2)
  }

  /// The keyframe value at eased progress `p` with each segment's curve solved exactly; nil for discrete.
  static func exactValue(_ content: WebAnimationsCase.Content, progress p: Double) -> Double? {
    switch content {
    case .basic(let from, let to): return from + (to - from) * p
    case .keyframes(let values, let keyTimes, let easings, let discrete):
      guard !discrete else { return nil }
      let times = keyTimes ?? values.indices.map { Double($0) / Double(values.count - 1) }
      var segment = values.count - 2
      for index in 0..<(values.count - 1) where p < times[index + 1] {
        segment = index
        break
      }
      let span = times[segment + 1] - times[segment]
      var s = span > 0 ? (p - times[segment]) / span : 0
      if p >= 1 { s = 1 }
      if let easings, segment < easings.count { s = exactCurve(easings[segment], s) }
      return values[segment] + (values[segment + 1] - values[segment]) * s
    }
  }

  /// The largest |dv/dp| of the content without its segment curves (their slopes are bounded by ~3 for the
  /// curves generated, folded into the factor 3).
  static func slope(_ content: WebAnimationsCase.Content) -> Double {
    switch content {
    case .basic(let from, let to): return abs(to - from)
    case .keyframes(let values, let keyTimes, _, let discrete):
      guard !discrete else { return 0 }
      let times = keyTimes ?? values.indices.map { Double($0) / Double(values.count - 1) }
      var largest = 0.0
      for index in 0..<(values.count - 1) where times[index + 1] > times[index] {
        largest = max(largest, 3 * abs(values[index + 1] - values[index]) / (times[index + 1] - times[index]))
      }
      return largest
    }
  }

  /// Whether the value jumps at a key time within 1e-6 of `p` (discrete keyframes; zero-length segments).
  static func jumps(_ content: WebAnimationsCase.Content, near p: Double) -> Bool {
    guard case .keyframes(let values, let keyTimes, _, let discrete) = content else { return false }
    let count = discrete ? values.count + 1 : values.count
    let times = keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }
    for (index, time) in times.enumerated() where abs(time - p) < 1e-6 {
      if discrete || (index + 1 < times.count && times[index + 1] == time) || (index > 0 && times[index - 1] == time) {
        return true
      }
    }
    return false
  }
}
