import SceneCore
import SceneDiagnostics
import SceneFrontEnd

extension CheckContext {
  /// Longer than this to settle is no longer a UI spring: it wobbles for as long as anyone watches it.
  static let longestSettling = 60.0

  /// W0112: a spring with no damping never comes to rest; one with almost none takes minutes or hours, and its
  /// `duration` defaults to that.
  func checkSpringSettles(_ spring: SpringParameters, at span: Span, durationGiven: Bool) {
    let settling = spring.settlingDuration
    guard !(settling <= Self.longestSettling) else { return }
    error(
      LintDiagnostics.springNeverSettles,
      settling.isFinite
        ? "this spring takes \(MessageNumber.text(settling)) s to settle"
          + (settling >= 3600 ? " (about \(MessageNumber.text((settling / 360).rounded() / 10)) hours)" : "")
        : "this spring never settles: with damping \(MessageNumber.text(spring.damping)) it swings forever",
      at: span,
      notes: [
        durationGiven
          ? "the animation stops at its `duration` while the spring is still swinging"
          : "its `duration` defaults to the settling time"
      ],
      help:
        "raise `damping` (the default, 10, settles in about 2 s), or write the spring as `{duration: 0.5, bounce: 0.2}`"
    )
  }
}
