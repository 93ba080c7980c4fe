import SceneCore
import SceneDiagnostics
import SceneYAML

extension CheckContext {
  /// `spring: {mass, stiffness, damping, initialVelocity}` or `spring: {duration, bounce}`, on a spring animation and
  /// on a spring transition alike (Grammar.md, "spring"): the two forms never mix.
  func readSpring(_ node: YAMLNode) -> SpringParameters? {
    guard let fields = fields(of: node, allowed: SpecSchema.spring, place: "a spring") else { return nil }
    let physical = ["mass", "stiffness", "damping", "initialVelocity"].filter { fields.has($0) }
    let perceptual = ["duration", "bounce"].filter { fields.has($0) }
    if !physical.isEmpty, !perceptual.isEmpty {
      error(
        CheckDiagnostics.conflictingKeys,
        "'\(perceptual[0])' and '\(physical[0])' describe a spring in two different ways",
        at: span(fields.entry(perceptual[0])!.key),
        help: "give either mass, stiffness, damping and initialVelocity, or duration and bounce")
      return nil
    }
    func value(
      _ key: String, _ fallback: Double, _ range: ClosedRange<Double>, _ rangeText: String, unit: Unit = Unit.none
    )
      -> Double?
    {
      guard let node = fields.value(key) else { return fallback }
      return number(node, unit: unit, in: range, rangeText: rangeText)
    }
    // Bounded so that ω0 = √(stiffness/mass), ζ and every exponent of the closed form stay finite (Grammar.md,
    // Limits); a spring beyond them would settle in well under a nanosecond or over decades.
    let bound = SpringParameters.parameterBound
    if !perceptual.isEmpty {
      guard
        let duration = value("duration", 0.5, 1 / bound...bound, "duration must be from 1e-9 s to 1e9 s", unit: .time),
        let bounce = value("bounce", 0, -0.999_999...0.999_999, "bounce lies strictly between -1 and 1")
      else { return nil }
      return SpringParameters(perceptualDuration: duration, bounce: bounce)
    }
    guard let mass = value("mass", 1, 1 / bound...bound, "mass must be from 1e-9 to 1e9"),
      let stiffness = value("stiffness", 100, 1 / bound...bound, "stiffness must be from 1e-9 to 1e9"),
      let damping = value("damping", 10, 0...bound, "damping must be from 0 to 1e9"),
      let velocity = value("initialVelocity", 0, -bound...bound, "initialVelocity must be from -1e9 to 1e9")
    else { return nil }
    return SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
  }
}
