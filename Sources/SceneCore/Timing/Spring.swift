import Foundation

/// CASpringAnimation's physical parameters and its damped-harmonic-oscillator progress curve.
///
/// Model (reference §5; the closed form of Apple's SpringSolver in WebKit, which React Native and Flutter say matches
/// CASpringAnimation): a mass-spring-damper displaced by 1 from its rest point, x(0) = 1, x'(0) = −initialVelocity,
/// and progress p(t) = 1 − x(t), so the animated value is from + (to − from)·p(t). Time t is in seconds of the
/// animation's basic local time, *not* normalised by `duration` (the spring keeps its own clock; `duration` only
/// cuts it off).
/// `initialVelocity` is in units of the whole from→to distance per second; positive moves towards `to`.
public struct SpringParameters: Sendable, Hashable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double
  public var initialVelocity: Double
  /// When false (CASpringAnimation's default, and its only behaviour before iOS 17), a damping ratio above 1 is
  /// treated as exactly 1: the curve is the critically damped one for the same stiffness and mass.
  public var allowsOverdamping: Bool

  /// CASpringAnimation's properties; the defaults are Core Animation's (1, 100, 10, 0) and overdamping is off.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    allowsOverdamping: Bool = false
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.allowsOverdamping = allowsOverdamping
  }

  /// `init(perceptualDuration:bounce:)` (iOS 17, the same mapping SwiftUI's `Spring` documents):
  /// mass 1, stiffness (2π / duration)², damping ratio ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) for
  /// bounce < 0 (Flutter's mapping, which states it matches SwiftUI; unconfirmed for Core Animation), damping
  /// 2ζ·√(stiffness·mass), no initial velocity, overdamping allowed. Bounce 0 is critically damped.
  /// The perceptual duration does not become the animation's `duration`; that defaults to `settlingDuration`.
  public init(perceptualDuration: Double, bounce: Double) {
    let stiffness = pow(2 * Double.pi / perceptualDuration, 2)
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(
      mass: 1, stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot(), initialVelocity: 0,
      allowsOverdamping: true)
  }

  /// The checker's bound on mass, stiffness, damping, |initialVelocity| and 1/bound… bound on mass, stiffness and a
  /// perceptual duration (Grammar.md, Limits): within it ω0, ζ and the exponents below are finite.
  public static let parameterBound = 1e9

  /// ω0 = √(stiffness / mass), in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// ζ = damping / (2·√(stiffness·mass)), before `allowsOverdamping` is taken into account.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The damping ratio the curve actually uses: ζ, or min(ζ, 1) without `allowsOverdamping`.
  public var effectiveDampingRatio: Double { allowsOverdamping ? dampingRatio : min(dampingRatio, 1) }

  /// Progress p(t) = 1 − x(t) at `t` seconds; 0 for t ≤ 0. Closed forms, with ω0, ζ as above and v0 the initial
  /// velocity:
  /// - ζ < 1: ωd = ω0·√(1 − ζ²), x = e^(−ζω0t)·(cos ωd·t + (ζω0 − v0)/ωd · sin ωd·t)
  /// - ζ = 1: x = e^(−ω0t)·(1 + (ω0 − v0)·t)
  /// - ζ > 1: ω* = ω0·√(ζ² − 1), x = e^(−ζω0t)·(cosh ω*t + (ζω0 − v0)/ω* · sinh ω*t), computed as a sum of two
  ///   decaying exponentials so that large t cannot overflow cosh and sinh.
  public func progress(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    return 1 - displacement(at: t)
  }

  /// x(t): the remaining fraction of the distance (1 at the start, 0 at rest, negative past the target).
  public func displacement(at t: Double) -> Double {
    guard t > 0 else { return 1 }
    let omega0 = naturalFrequency
    let zeta = effectiveDampingRatio
    let v0 = initialVelocity
    // Ratios within 1e-9 of 1 use the critical form: the other two divide by a vanishing ωd or ω*.
    if abs(zeta - 1) <= 1e-9 {
      // At rest once the decay underflows: (1 + (ω0 − v0)·t) may overflow for huge t, and 0·∞ is NaN.
      let envelope = exp(-omega0 * t)
      return envelope == 0 ? 0 : envelope * (1 + (omega0 - v0) * t)
    }
    if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      let envelope = exp(-zeta * omega0 * t)
      return envelope * (cos(omegaD * t) + (zeta * omega0 - v0) / omegaD * sin(omegaD * t))
    }
    // cosh u + k·sinh u = ((1 + k)·e^u + (1 − k)·e^(−u)) / 2, folded into the decay e^(−ζω0t).
    let omegaStar = omega0 * (zeta * zeta - 1).squareRoot()
    let k = (zeta * omega0 - v0) / omegaStar
    let slow = exp((-zeta * omega0 + omegaStar) * t)
    let fast = exp((-zeta * omega0 - omegaStar) * t)
    return ((1 + k) * slow + (1 - k) * fast) / 2
  }
}
