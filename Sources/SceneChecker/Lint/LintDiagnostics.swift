import SceneDiagnostics

/// Lint warnings (W01xx): the spec has one sensible meaning, but probably not the one its author wanted.
/// Each can be switched off with a comment: for the file (`# scenec-disable: W0105, unused-let`), the next line
/// (`# scenec-disable-next-line: W0102`) or the comment's own line (`# scenec-disable-line: W0102`).
public enum LintDiagnostics {
  public static let timingFunctionsOffByOne = DiagnosticCode(
    "W0101", "timing-functions-off-by-one",
    "`timingFunctions` has one entry too few or too many; missing segments are linear, extra entries ignored.")
  public static let snapsBack = DiagnosticCode(
    "W0102", "snaps-back", "An animation ends away from the model value and is removed, so the layer jumps back.")
  public static let fillNeverShows = DiagnosticCode(
    "W0103", "fill-never-shows", "`fillMode: forwards` with `removedOnCompletion: true`: the fill is never seen.")
  public static let groupClipsChild = DiagnosticCode(
    "W0104", "group-clips-child", "A group's duration cuts a child off before the child ends.")
  public static let angleLooksLikeDegrees = DiagnosticCode(
    "W0105", "angle-in-degrees", "A bare angle larger than 2π: bare numbers are radians; degrees need `deg`.")
  public static let unusedLayer = DiagnosticCode(
    "W0106", "unused-layer", "A hidden or transparent layer that no timeline ever shows.")
  public static let unusedLet = DiagnosticCode("W0107", "unused-let", "A `let` name that nothing uses.")
  public static let unusedPath = DiagnosticCode("W0108", "unused-path", "A named path that nothing uses.")
  public static let noOpAnimation = DiagnosticCode(
    "W0109", "no-op-animation", "An animation whose values are all equal to each other: it changes nothing.")
  public static let hexColorInComment = DiagnosticCode(
    "W0110", "hex-color-in-comment", "A colour value followed by a comment that is itself a hex colour.")
  public static let ignoredKey = DiagnosticCode(
    "W0111", "ignored-key", "A key Core Animation ignores in this combination (`keyTimes` in paced mode).")
  public static let springNeverSettles = DiagnosticCode(
    "W0112", "spring-never-settles", "A spring with no damping, or so little that it takes over a minute to settle.")
  public static let badSuppression = DiagnosticCode(
    "W0113", "bad-suppression",
    "A `scenec-disable` comment that names an unknown code, or an error, which cannot be switched off.")
  public static let shadowNeverShows = DiagnosticCode(
    "W0123", "shadow-never-shows",
    "A layer sets `shadowColor`, `shadowRadius`, `shadowOffset` or `shadowPath`, but its `shadowOpacity` is 0 "
      + "(the default) and nothing raises it: no shadow is drawn.")
  public static let flatRadialGradient = DiagnosticCode(
    "W0126", "flat-radial-gradient",
    "A radial gradient whose start and end points share an x or a y (the default points do): its ellipse is flat, "
      + "so it shows only its last colour.")
  public static let loopVariableHidesLet = DiagnosticCode(
    "W0135", "loop-variable-hides-let", "A repeated layer's loop variable named like a `let` name, which it hides.")

  // 3D
  public static let sublayerTransformWithoutSublayers = DiagnosticCode(
    "W0120", "sublayer-transform-without-sublayers",
    "A `sublayerTransform` on a layer with no sublayers: it applies to sublayers only, so it changes nothing.")

  public static let all: [DiagnosticCode] = [
    timingFunctionsOffByOne, snapsBack, fillNeverShows, groupClipsChild, angleLooksLikeDegrees, unusedLayer, unusedLet,
    unusedPath, noOpAnimation, hexColorInComment, ignoredKey, springNeverSettles, badSuppression,
    sublayerTransformWithoutSublayers, shadowNeverShows,
    flatRadialGradient,
    loopVariableHidesLet,
  ]
}
