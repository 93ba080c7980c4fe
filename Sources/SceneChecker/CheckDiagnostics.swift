import SceneDiagnostics
import SceneYAML

/// The checker's diagnostic catalogue: structure (E02xx), values (E03xx), paths (E05xx), layers (E06xx) and
/// timelines (E07xx). Expression errors (E04xx) live in `ExpressionDiagnostics`, YAML errors (E01xx) in
/// `YAMLDiagnostics`, lint warnings (W01xx) in `LintDiagnostics`.
public enum CheckDiagnostics {
  // Structure
  public static let missingKey = DiagnosticCode("E0201", "missing-key", "A required key is missing.")
  public static let unknownKey = DiagnosticCode("E0202", "unknown-key", "A key the language does not know here.")
  public static let wrongShape = DiagnosticCode(
    "E0203", "wrong-shape", "A mapping, list or single value where another of the three is expected.")
  public static let badVersion = DiagnosticCode("E0204", "unsupported-version", "`version` is not 1.")
  public static let emptyValue = DiagnosticCode("E0205", "empty-value", "A key with no value.")
  public static let invalidName = DiagnosticCode(
    "E0206", "invalid-name",
    "An id or name that is not `[A-Za-z_][A-Za-z0-9_-]*` (a `let` name or loop variable also without `-`).")
  public static let duplicateID = DiagnosticCode("E0207", "duplicate-id", "Two layers with the same id.")
  public static let unknownLayer = DiagnosticCode("E0208", "unknown-layer", "A target that names no layer.")
  public static let wrongLayerType = DiagnosticCode(
    "E0209", "property-not-on-type", "A property or key path that the layer's type does not have.")
  public static let conflictingKeys = DiagnosticCode(
    "E0210", "conflicting-keys", "Two keys that cannot be given together.")
  public static let unknownPath = DiagnosticCode("E0211", "unknown-path", "A path name not defined under `paths`.")
  public static let shadowedName = DiagnosticCode(
    "E0212", "shadowed-name", "A `let` name or loop variable that hides a built-in name or a colour.")
  public static let forwardReference = DiagnosticCode(
    "E0213", "forward-reference", "A `let` value that uses a name defined after it.")

  // Values
  public static let typeMismatch = DiagnosticCode("E0301", "type-mismatch", "A value of the wrong type.")
  public static let wrongArity = DiagnosticCode("E0302", "wrong-arity", "A list with the wrong number of items.")
  public static let outOfRange = DiagnosticCode("E0303", "out-of-range", "A number outside the range the key allows.")
  public static let unknownEnumValue = DiagnosticCode(
    "E0304", "unknown-enum-value", "A word that is not one of the key's allowed values.")
  public static let notANumber = DiagnosticCode("E0305", "not-a-number", "NaN or infinity where a number is expected.")
  public static let splitCall = DiagnosticCode(
    "E0306", "split-flow-call",
    "A colour call such as `rgba(…)` split into several items by the commas of a `[…]` list.")
  public static let notABool = DiagnosticCode(
    "E0307", "not-a-bool", "A YAML 1.1 boolean spelling (`yes`, `on`, `True`); only `true` and `false` are booleans.")
  public static let hexColorComment = YAMLDiagnostics.unquotedHexColor
  public static let valueOverflows = OverflowDiagnostics.valueOverflows

  // Paths
  public static let unknownPathCommand = DiagnosticCode(
    "E0501", "unknown-path-command",
    "A path command that is not move, line, quad, cubic, arc, rect, roundedRect, ellipse or close.")
  public static let svgPathSyntax = DiagnosticCode("E0502", "svg-path-syntax", "Malformed SVG path data.")
  public static let pathStructureMismatch = DiagnosticCode(
    "E0503", "path-structure-mismatch", "Paths that are animated between must have the same command structure.")
  public static let pathNeedsStart = DiagnosticCode(
    "E0504", "path-needs-current-point", "A line or curve with no current point; start the path with `move`.")

  // Layers
  public static let badRepeat = DiagnosticCode(
    "E0601", "invalid-repeat", "`repeat` is not a whole number from 0 to the limit.")
  public static let tooManyLayers = DiagnosticCode(
    "E0602", "too-many-layers", "The scene has more layer instances than the limit (`--max-layers`).")
  public static let maskWithSublayers = DiagnosticCode(
    "E0603", "mask-has-mask", "A mask layer that itself has a mask or is repeated.")
  public static let nestingTooDeep = DiagnosticCode(
    "E0604", "nesting-too-deep", "Sublayers or timeline groups nested deeper than the limit (`--max-nesting`).")
  public static let tooManyAnimations = DiagnosticCode(
    "E0605", "too-many-animations", "More animations, after repeats, than the limit (`--max-animations`).")
  public static let tooManyKeyframeValues = DiagnosticCode(
    "E0606", "too-many-keyframe-values",
    "More keyframe numbers (keyframes × components, after repeats) in the scene than the limit "
      + "(`--max-keyframe-values`)."
  )
  public static let tooManyStateValues = DiagnosticCode(
    "E0607", "too-many-state-values",
    "The state machine's table, every layer instance's values for each state, would hold more numbers than the "
      + "limit (`--max-state-values`)."
  )

  // Timelines
  public static let unknownKeyPath = DiagnosticCode(
    "E0701", "unknown-key-path", "A key path Core Animation does not animate.")
  public static let animationKind = DiagnosticCode(
    "E0702", "unclear-animation-kind",
    "A timeline entry that is not exactly one of: basic, keyframe, spring, group, sequence.")
  public static let missingFromToBy = DiagnosticCode(
    "E0703", "missing-from-to-by", "A basic or spring animation without `from`, `to` or `by`.")
  public static let keyTimesCount = DiagnosticCode(
    "E0704", "key-times-count", "`keyTimes` does not have as many entries as `values` (discrete: one more).")
  public static let keyTimesOrder = DiagnosticCode(
    "E0705", "key-times-order", "`keyTimes` must rise from 0 to 1.")
  public static let timingFunctionsCount = DiagnosticCode(
    "E0706", "timing-functions-count", "`timingFunctions` must have one entry per segment (values − 1).")
  public static let missingTarget = DiagnosticCode("E0707", "missing-target", "An animation with no `target` layer.")
  public static let unknownTimingFunction = DiagnosticCode(
    "E0708", "unknown-timing-function", "A timing-function name that is not one of Core Animation's.")
  public static let motionKeyPath = DiagnosticCode(
    "E0709", "motion-path-key-path", "A motion `path` on a key path other than `position`.")
  public static let repeatCountAndDuration = DiagnosticCode(
    "E0710", "repeat-count-and-duration",
    "Both `repeatCount` and `repeatDuration`, which Core Animation leaves undefined.")
  public static let emptyGroup = DiagnosticCode("E0711", "empty-group", "A group or sequence with no children.")
  public static let misplacedKey = DiagnosticCode(
    "E0712", "misplaced-key",
    "A key that is valid only elsewhere (`autoplay` off a timeline root, `additive` on a group).")
  public static let perKeyframeCount = DiagnosticCode(
    "E0713", "per-keyframe-count", "`tension`, `continuity` or `bias` without one entry per value.")
  public static let targetInsideInstances = DiagnosticCode(
    "E0714", "target-inside-repeat",
    "A child targets another layer inside a node that targets every instance of a repeat.")
  public static let noTimelines = DiagnosticCode("E0715", "unknown-timeline", "A timeline name that is not defined.")
  public static let unsupportedFeature = DiagnosticCode(
    "E0214", "unsupported-feature", "A real Core Animation property or layer type that scenec does not support yet.")
  public static let shadowPathNotSet = DiagnosticCode(
    "E0225", "shadow-path-not-set",
    "An animation or pose of `shadowPath` on a layer that sets none: there is no path to interpolate from.")
  public static let shadowPathOffset = DiagnosticCode(
    "E0226", "shadow-path-offset",
    "An animated `shadowPath` on a layer whose `path` or gradient stops take more than 127 numbers.")

  // Gradients
  public static let gradientStopCount = DiagnosticCode(
    "E0230", "gradient-stop-count", "A gradient layer's `locations` with a different number of items than its `colors`."
  )
  public static let locationsDecrease = DiagnosticCode(
    "E0231", "locations-decrease", "A gradient location smaller than the one before it.")
  public static let tooManyStops = DiagnosticCode(
    "E0232", "too-many-stops", "A gradient with more than 64 colours or locations.")
  public static let gradientValueCount = DiagnosticCode(
    "E0233", "gradient-value-count",
    "An animated or posed `colors` or `locations` value whose count differs from the layer's number of stops.")

  // 3D
  public static let invalidPerspective = DiagnosticCode(
    "E0220", "invalid-perspective",
    "A `perspective` that is not a positive distance: 0 puts the eye in the layer's plane, a negative one behind it.")

  public static let all: [DiagnosticCode] = [
    missingKey, unknownKey, wrongShape, badVersion, emptyValue, invalidName, duplicateID, unknownLayer, wrongLayerType,
    conflictingKeys, unknownPath, shadowedName, forwardReference, unsupportedFeature, shadowPathNotSet,
    shadowPathOffset,
    typeMismatch,
    wrongArity,
    outOfRange, unknownEnumValue,
    notANumber, splitCall, notABool, valueOverflows, unknownPathCommand, svgPathSyntax, pathStructureMismatch,
    pathNeedsStart, badRepeat, tooManyLayers, maskWithSublayers, nestingTooDeep, tooManyAnimations,
    tooManyKeyframeValues, tooManyStateValues,
    unknownKeyPath, animationKind, missingFromToBy,
    keyTimesCount, keyTimesOrder, timingFunctionsCount, missingTarget, unknownTimingFunction, motionKeyPath,
    repeatCountAndDuration, emptyGroup, misplacedKey, perKeyframeCount, targetInsideInstances, noTimelines,
    invalidPerspective,
    gradientStopCount, locationsDecrease, tooManyStops, gradientValueCount,
  ]
}
