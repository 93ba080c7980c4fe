import Foundation
import SceneCore

/// A spring segment's progress curve with its constants solved once: the closed forms of
/// `SpringParameters.progress(at:)`. The critical and overdamped forms use the same operations, in the same order,
/// so they give identical numbers; the underdamped one folds cos ωt + f·sin ωt into R·cos(ωt − φ) (one call into
/// libm instead of two), which agrees with it to rounding (a few ulps of R).
struct SpringCurve: Hashable {
  enum Regime { case critical, under, over }

  var regime: Regime
  /// critical: −ω0; under: −ζω0; over: −ζω0 + ω* (the slow exponent).
  var decay: Double
  /// critical: ω0 − v0; under: (ζω0 − v0)/ωd.
  var factor: Double
  /// under: ωd; over: −ζω0 − ω* (the fast exponent).
  var frequency: Double
  /// over: 1 + k and 1 − k; under: the amplitude R = √(1 + f²) and phase φ = atan2(f, 1).
  var slowWeight: Double
  var fastWeight: Double
  /// under: 1/ωd; over: 1/(2ω*); critical: unused. Scales `velocityResponse`.
  var velocityScale: Double

  /// From a plan's five spring coefficients: mass, stiffness, damping, initial velocity, allows overdamping.
  init(_ numbers: ArraySlice<Double>) {
    let start = numbers.startIndex
    self.init(
      SpringParameters(
        mass: numbers[start], stiffness: numbers[start + 1], damping: numbers[start + 2],
        initialVelocity: numbers[start + 3], allowsOverdamping: numbers[start + 4] != 0))
  }

  init(_ parameters: SpringParameters) {
    let omega0 = parameters.naturalFrequency
    let zeta = parameters.effectiveDampingRatio
    let v0 = parameters.initialVelocity
    (decay, factor, frequency, slowWeight, fastWeight, velocityScale) = (0, 0, 0, 0, 0, 0)
    if abs(zeta - 1) <= 1e-9 {
      regime = .critical
      decay = -omega0
      factor = omega0 - v0
    } else if zeta < 1 {
      regime = .under
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      decay = -zeta * omega0
      factor = (zeta * omega0 - v0) / omegaD
      frequency = omegaD
      slowWeight = hypot(1, factor)
      fastWeight = atan2(factor, 1)
      velocityScale = 1 / omegaD
    } else {
      regime = .over
      let omegaStar = omega0 * (zeta * zeta - 1).squareRoot()
      let k = (zeta * omega0 - v0) / omegaStar
      decay = -zeta * omega0 + omegaStar
      frequency = -zeta * omega0 - omegaStar
      slowWeight = 1 + k
      fastWeight = 1 - k
      velocityScale = 1 / (2 * omegaStar)
    }
  }

  /// p(t) = 1 − x(t); 0 for t ≤ 0.
  @inline(__always)
  func progress(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    switch regime {
    case .critical:
      return 1 - exp(decay * t) * (1 + factor * t)
    case .under:
      return 1 - exp(decay * t) * (slowWeight * cos(frequency * t - fastWeight))
    case .over:
      return 1 - (slowWeight * exp(decay * t) + fastWeight * exp(frequency * t)) / 2
    }
  }

  /// Y(t): the same spring's motion from rest position with unit velocity, Y(0) = 0, Y′(0) = 1, so a number
  /// moving at u when the spring starts shows u·Y(t) on top of its progress (a spring transition's carried
  /// velocity, docs/semantics.md). 0 for t ≤ 0. With α = ζω0:
  /// - ζ = 1: t·e^(−ω0t); ζ < 1: e^(−αt)·sin(ωd·t)/ωd; ζ > 1: (e^((−α + ω*)t) − e^((−α − ω*)t)) / (2ω*).
  func velocityResponse(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    switch regime {
    case .critical:
      let envelope = exp(decay * t)
      return envelope == 0 ? 0 : t * envelope
    case .under:
      return exp(decay * t) * sin(frequency * t) * velocityScale
    case .over:
      return (exp(decay * t) - exp(frequency * t)) * velocityScale
    }
  }
}
