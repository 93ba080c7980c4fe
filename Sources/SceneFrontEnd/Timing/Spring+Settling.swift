import Foundation
import SceneCore

extension SpringParameters {
  /// The fraction of the distance below which the spring counts as at rest for `settlingDuration`.
  ///
  /// Apple does not publish its rule. Its documentation gives two figures for mass 1, stiffness 100: damping 5
  /// settles in "approximately 2.85 seconds", damping 15 in "just over 1 second". The envelope rule below with this
  /// threshold gives 2.851 s and 1.001 s. (The stricter "last time |x| reaches 0.001" gives 2.688 s and 0.800 s,
  /// and no threshold of that rule reaches both figures: it jumps by half a period as the threshold moves.)
  public static let settlingThreshold = 8.3e-4

  /// The estimated time, in seconds, after which the spring stays within `settlingThreshold` of its target for good.
  ///
  /// Criterion: the last time the spring's *envelope* E(t) is at least the threshold, where E(t) ≥ |x(t)| bounds the
  /// displacement and varies smoothly with the parameters (so a small change of damping never jumps the duration by
  /// half an oscillation, as the last crossing of |x| itself does). With α = ζω0 and v0 the initial velocity:
  /// - ζ < 1: E = e^(−αt)·min(√(1 + B²), 1 + |α − v0|·t), B = (α − v0)/ωd — the oscillation's amplitude, or near
  ///   ζ = 1 the tighter bound that makes E tend to the critical one;
  /// - ζ = 1: E = e^(−ω0t)·(1 + |ω0 − v0|·t);
  /// - ζ > 1 (only with `allowsOverdamping`): E = e^(−αt)·(cosh ω*t + |k|·sinh ω*t), k = (α − v0)/ω*.
  /// The last crossing is found on a grid of 4096 steps up to a time where E is below the threshold and falling,
  /// then refined by bisection to 1e-12 s. Returns `.infinity` for a spring that never settles (damping ≤ 0, or
  /// non-positive mass or stiffness).
  public var settlingDuration: Double {
    let threshold = Self.settlingThreshold
    guard mass > 0, stiffness > 0, damping > 0, mass.isFinite, stiffness.isFinite, damping.isFinite else {
      return .infinity
    }
    var horizon = 1 / (effectiveDampingRatio * naturalFrequency)
    var doublings = 0
    // Every E above rises at most once and then falls, so once it is below the threshold and falling it stays below.
    while envelope(at: horizon) >= threshold || envelope(at: horizon * (1 + 1e-6)) >= envelope(at: horizon) {
      horizon *= 2
      doublings += 1
      if doublings > 200 { return .infinity }
    }
    let steps = 4096
    let step = horizon / Double(steps)
    var index = steps
    // E(0) ≥ 1 > threshold, so index 0 always qualifies and the bracket [low, high] is never empty.
    while index > 0 && envelope(at: Double(index) * step) < threshold { index -= 1 }
    var low = Double(index) * step
    var high = low + step
    while high - low > 1e-12 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if envelope(at: middle) >= threshold { low = middle } else { high = middle }
    }
    return high
  }

  /// E(t) ≥ |x(t)|, the bound `settlingDuration` tests (see there).
  func envelope(at t: Double) -> Double {
    let omega0 = naturalFrequency
    let zeta = effectiveDampingRatio
    let v0 = initialVelocity
    let alpha = zeta * omega0
    if abs(zeta - 1) <= 1e-9 {
      return exp(-omega0 * t) * (1 + abs(omega0 - v0) * t)
    }
    if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      let b = (alpha - v0) / omegaD
      return exp(-alpha * t) * min((1 + b * b).squareRoot(), 1 + abs(alpha - v0) * t)
    }
    let omegaStar = omega0 * (zeta * zeta - 1).squareRoot()
    let k = abs((alpha - v0) / omegaStar)
    return ((1 + k) * exp((-alpha + omegaStar) * t) + (1 - k) * exp((-alpha - omegaStar) * t)) / 2
  }
}
