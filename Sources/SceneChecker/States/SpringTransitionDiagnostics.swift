import SceneDiagnostics

/// Spring transitions' own codes (issue 15's ranges: E0820–E0829, W0132–W0134). The spring's values share the
/// spring animations' checks and codes (E0210 for the two forms mixed, E03xx for a value out of range).
public enum SpringTransitionDiagnostics {
  public static let springWithTiming = DiagnosticCode(
    "E0820", "spring-with-duration",
    "A transition with `spring` and also `duration` or `timingFunction`: the spring sets both.")
  public static let springNeverSettles = DiagnosticCode(
    "E0821", "spring-transition-never-settles",
    "A spring transition whose spring has no damping, so it never settles and the transition never completes.")
  public static let slowSpringTransition = DiagnosticCode(
    "W0132", "slow-spring-transition",
    "A spring transition whose spring takes over a minute to settle: its state's loop and follow-up wait as long.")

  public static let all: [DiagnosticCode] = [springWithTiming, springNeverSettles, slowSpringTransition]
}
