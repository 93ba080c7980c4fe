import Foundation
import SceneCore
import SceneModel
import SceneTestSupport

/// One random scalar animation that both Core Animation's model (our evaluators) and Web Animations (Chromium)
/// can express, and how it maps from one to the other.
///
/// The mapping (CA property ↔ Web Animations, `element.animate(keyframes, options)` on a registered `<number>`
/// custom property `--v`, the animation paused and its `currentTime` set):
/// - scene time `tp` (s) ↔ `animation.currentTime = tp · speed · 1000` (ms): the animation's local time, which is
///   timeline time × `playbackRate`; `playbackRate = speed` is set too (speed > 0 only).
/// - `beginTime` (parent time) ↔ `delay = beginTime · speed · 1000` (delay is in the animation's local time).
/// - `duration` ↔ `duration · 1000`; `autoreverses` ↔ `direction: "alternate"` with twice the iterations (a CA repeat
///   is there and back, two Web Animations iterations).
/// - `repeatCount` (0 → 1, fractional, inf) ↔ `iterations` (× 2 when autoreversing; `Infinity`).
/// - `timeOffset` ≥ 0 ↔ `iterationStart = timeOffset / duration` (both shift the position in the cycles without
///   moving the active window).
/// - `fillMode` ↔ `fill`: backwards fill ↔ "backwards"; forwards fill *and* `removedOnCompletion: false` ↔
///   "forwards" (a removed root shows nothing after its end, as `fill: "none"`); both ↔ "both".
/// - `timingFunction` ↔ the effect's `easing`: CA's named functions are CSS's (`default` = `ease`, `easeIn` =
///   `ease-in`, `easeOut` = `ease-out`, `easeInEaseOut` = `ease-in-out`), others `cubic-bezier(x1, y1, x2, y2)`.
///   Both apply it to the directed (already reversed) progress of the iteration.
/// - basic `from`/`to` ↔ two keyframes; keyframes `values`/`keyTimes` ↔ keyframes with `offset`s, each segment's
///   `timingFunctions[i]` ↔ keyframe i's `easing`; `calculationMode: discrete` (n values, n + 1 key times) ↔ the
///   n values at the first n key times, each with `easing: "step-end"`, and the last value again at offset 1.
/// - What is read: `effect.getComputedTiming().progress` (null when not in effect; a double) and the computed
///   `--v` (serialized by Chromium to 6 significant digits).
struct WebAnimationsCase {
  enum Content {
    case basic(from: Double, to: Double)
    /// keyTimes nil: evenly spaced. `easings` one per segment (linear only).
    case keyframes(values: [Double], keyTimes: [Double]?, easings: [TimingFunction]?, discrete: Bool)
  }

  var content: Content
  var timing: Timing
  /// Scene times to sample (s).
  var times: [Double] = []

  /// CA's named functions with their CSS names.
  static let namedEasings: [(TimingFunction, String)] = [
    (.default, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"), (.easeInEaseOut, "ease-in-out"),
    (.linear, "linear"),
  ]

  static func css(_ function: TimingFunction?) -> String {
    guard let function else { return "linear" }
    if let named = namedEasings.first(where: { $0.0 == function }) { return named.1 }
    return "cubic-bezier(\(function.x1), \(function.y1), \(function.x2), \(function.y2))"
  }

  /// The effect's keyframes and options, and the sampling times as `currentTime`s, for the page.
  var webAnimation: [String: Any] {
    var keyframes: [[String: Any]] = []
    switch content {
    case .basic(let from, let to):
      keyframes = [["--v": from], ["--v": to]]
    case .keyframes(let values, let keyTimes, let easings, let discrete):
      if discrete {
        let offsets = keyTimes ?? (0...values.count).map { Double($0) / Double(values.count) }
        for (index, value) in values.enumerated() {
          keyframes.append(["--v": value, "offset": offsets[index], "easing": "step-end"])
        }
        keyframes.append(["--v": values.last!, "offset": 1])
      } else {
        let offsets = keyTimes ?? values.indices.map { Double($0) / Double(values.count - 1) }
        for (index, value) in values.enumerated() {
          var frame: [String: Any] = ["--v": value, "offset": offsets[index]]
          if let easings, index < easings.count { frame["easing"] = Self.css(easings[index]) }
          keyframes.append(frame)
        }
      }
    }
    let speed = timing.speed
    let reversing = timing.autoreverses
    let count = timing.repeatCount > 0 ? timing.repeatCount : 1
    var fill = ""
    let forwards = timing.fillMode.fillsForwards && !timing.removedOnCompletion
    switch (timing.fillMode.fillsBackwards, forwards) {
    case (true, true): fill = "both"
    case (true, false): fill = "backwards"
    case (false, true): fill = "forwards"
    case (false, false): fill = "none"
    }
    let iterations = count.isFinite ? count * (reversing ? 2 : 1) : -1  // -1: Infinity, set by the page
    let options: [String: Any] = [
      "duration": timing.duration * 1000, "delay": timing.beginTime * speed * 1000, "iterations": iterations,
      "direction": reversing ? "alternate" : "normal", "fill": fill, "easing": Self.css(timing.timingFunction),
      "iterationStart": timing.timeOffset / timing.duration,
    ]
    return [
      "keyframes": keyframes, "options": options, "rate": speed, "times": times.map { $0 * speed * 1000 },
    ]
  }

  /// The same animation as a leaf of our model on `layer`'s `position.x`.
  func node(layer: Int) -> AnimationNode {
    let animationContent: Animation.Content
    switch content {
    case .basic(let from, let to):
      animationContent = .basic(FromToBy(from: [from], to: [to]))
    case .keyframes(let values, let keyTimes, let easings, let discrete):
      var keyframes = Keyframes(values: KeyframeValues(values.map { [$0] }))
      keyframes.keyTimes = keyTimes
      keyframes.timingFunctions = easings
      keyframes.calculationMode = discrete ? .discrete : .linear
      animationContent = .keyframes(keyframes)
    }
    let animation = Animation(layer: layer, keyPath: AnimatableKeyPath.named("position.x")!, content: animationContent)
    return AnimationNode(kind: .animation(animation), timing: timing)
  }

  /// A progress probe with the same timing: position.x from 0 to 1 on `layer` shows the eased progress.
  func probe(layer: Int) -> AnimationNode {
    let animation = Animation(
      layer: layer, keyPath: AnimatableKeyPath.named("position.x")!, content: .basic(FromToBy(from: [0], to: [1])))
    return AnimationNode(kind: .animation(animation), timing: timing)
  }

  /// Whether the active window ends exactly on a cycle boundary, in exact arithmetic on the decimal inputs
  /// (durations and offsets are whole milliseconds, counts whole quarters): then it ends at u = C.
  var endsOnCycleBoundary: Bool {
    guard timing.activeDuration.isFinite else { return false }
    let cycle = Int((timing.cycle * 1000).rounded())
    let offset = Int((timing.timeOffset * 1000).rounded())
    let quarters = Int(((timing.repeatCount > 0 ? timing.repeatCount : 1) * 4).rounded())
    return (quarters * cycle + 4 * offset) % (4 * cycle) == 0
  }

  /// Scene times where the animation jumps or turns (its begin, end and every cycle boundary): samples keep
  /// `margin` seconds away from them, since Chromium snaps times within 1 µs of a boundary.
  func boundaries(upTo horizon: Double) -> [Double] {
    let d = timing.duration
    let s = timing.speed
    var result = [timing.beginTime]
    let active = timing.activeDuration
    if active.isFinite { result.append(timing.beginTime + active / s) }
    var k = (timing.timeOffset / d).rounded(.down)
    while true {
      let time = timing.beginTime + (k * d - timing.timeOffset) / s
      if time > horizon { break }
      if time >= timing.beginTime { result.append(time) }
      k += 1
    }
    return result
  }
}

extension WebAnimationsCase {
  /// A random case on decimal grids (durations in ms, control points in hundredths).
  static func random(_ random: inout SeededRandom) -> WebAnimationsCase {
    var timing = Timing()
    timing.duration = Double(random.int(20...2000)) / 1000
    if random.chance(50) { timing.beginTime = Double(random.int(-500...1000)) / 1000 }
    if random.chance(40) { timing.speed = random.pick([0.5, 2, 1.5, 0.25, 3]) }
    if random.chance(60) {
      timing.repeatCount =
        random.chance(10)
        ? .infinity
        : random.chance(50)
          ? Double(random.int(2...10)) : Double(random.int(1...40)) / 4
    }
    timing.autoreverses = random.chance(35)
    if random.chance(20) { timing.timeOffset = Double(random.int(0...3000)) / 1000 }
    timing.fillMode = random.pick(FillMode.allCases)
    timing.removedOnCompletion = random.chance(30)
    let function = random.chance(60) ? randomFunction(&random) : nil

    let content: Content
    if random.chance(40) {
      content = .basic(from: Double(random.int(-10000...10000)) / 100, to: Double(random.int(-10000...10000)) / 100)
    } else {
      let count = random.int(2...5)
      let values = (0..<count).map { _ in Double(random.int(-10000...10000)) / 100 }
      let discrete = random.chance(30)
      var keyTimes: [Double]?
      if random.chance(60) {
        let n = discrete ? count + 1 : count
        var cuts = (1..<(n - 1)).map { _ in Double(random.int(1...99)) / 100 }.sorted()
        cuts = [0] + cuts + [1]
        keyTimes = cuts
      }
      var easings: [TimingFunction]?
      if !discrete && random.chance(50) { easings = (1..<count).map { _ in randomFunction(&random) } }
      content = .keyframes(values: values, keyTimes: keyTimes, easings: easings, discrete: discrete)
    }
    // Outside the common subset, a keyframe progress outside [0, 1] (an overshooting curve) on discrete keyframes
    // or on keyframes with segment curves: Core Animation holds the first or last value and clamps a segment
    // curve's input; Web Animations extrapolates the step or the curve's end tangent. Such curves keep y in [0, 1].
    var segmentsEased = false
    if case .keyframes(_, _, let easings, let discrete) = content { segmentsEased = discrete || easings != nil }
    if let function, segmentsEased {
      func clamp(_ y: Double) -> Double { min(max(y, 0), 1) }
      timing.timingFunction = TimingFunction(function.x1, clamp(function.y1), function.x2, clamp(function.y2))
    } else {
      timing.timingFunction = function
    }
    return WebAnimationsCase(content: content, timing: timing)
  }

  static func randomFunction(_ random: inout SeededRandom) -> TimingFunction {
    if random.chance(50) { return random.pick(namedEasings).0 }
    if random.chance(30) {
      // Vertical or near-vertical tangents (x control points at or next to 0 and 1), where solvers struggle.
      let edges = [0, 0.01, 0.99, 1.0]
      return TimingFunction(
        random.pick(edges), Double(random.int(-100...200)) / 100, random.pick(edges),
        Double(random.int(-100...200)) / 100)
    }
    return TimingFunction(
      Double(random.int(0...100)) / 100, Double(random.int(-100...200)) / 100, Double(random.int(0...100)) / 100,
      Double(random.int(-100...200)) / 100)
  }
}
