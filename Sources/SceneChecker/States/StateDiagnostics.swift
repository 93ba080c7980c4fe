import SceneDiagnostics

/// The `states:` section's diagnostics: errors E08xx, warnings W08xx. Poses reuse the layer and timeline codes
/// (E0208 unknown layer, E0701 unknown key path, E0209 a key path the layer's type lacks, E03xx values), and
/// timeline names E0715, because a pose value is checked exactly as an animation value is.
public enum StateDiagnostics {
  public static let unknownEvent = DiagnosticCode(
    "E0801", "unknown-event", "A transition's `on` names an event that `events` does not declare.")
  public static let unknownState = DiagnosticCode(
    "E0802", "unknown-state", "`initial`, `from` or `to` names a state that is not defined.")
  public static let duplicateTransition = DiagnosticCode(
    "E0803", "duplicate-transition",
    "Two transitions out of one state on the same event (or two `completion` follow-ups).")
  public static let waitsForever = DiagnosticCode(
    "E0804", "waits-forever",
    "A follow-up or loop that waits for a timeline that never ends (`repeatCount: inf`), so it never happens.")
  public static let instantCycle = DiagnosticCode(
    "E0805", "instant-cycle", "`completion` follow-ups that lead back to a state without any time passing.")
  public static let invalidEvent = DiagnosticCode(
    "E0806", "invalid-event", "An event declared twice, or declared with the built-in name `completion`.")
  public static let finalStateLeft = DiagnosticCode(
    "E0807", "final-state-has-exit", "A transition out of a state marked `final: true`.")

  public static let unreachableState = DiagnosticCode(
    "W0801", "unreachable-state", "A state that no chain of transitions reaches from the initial state.")
  public static let deadEndState = DiagnosticCode(
    "W0802", "dead-end-state",
    "A state that no transition leaves and that is not marked `final: true`: once there, every event is ignored.")
  public static let unusedEvent = DiagnosticCode(
    "W0803", "unused-event", "An event declared in `events` that no transition uses.")

  public static let all: [DiagnosticCode] = [
    unknownEvent, unknownState, duplicateTransition, waitsForever, instantCycle, invalidEvent, finalStateLeft,
    unreachableState, deadEndState, unusedEvent,
  ]
}
