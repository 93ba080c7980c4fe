import SceneCore

/// The language's keys, place by place. See `SchemaKey`.
public enum SpecSchema {
  public static let file: [SchemaKey] = [
    .init("scene", .text, required: true, "The scene's name: any non-empty text on one line."),
    .init("version", .value(.number), default: "1", "The language version; only 1 exists."),
    .init("size", .value(.size), required: true, "The canvas size `[width, height]` in points."),
    .init(
      "let", .namedMap,
      "Named values (numbers, angles, durations, colours, lists of numbers), evaluated in order; later ones may use "
        + "earlier ones, and each stands wherever a value of its type is read."),
    .init("paths", .namedMap, "Named paths: a command list or SVG path data each."),
    .init("layers", .layers, required: true, "The layers in paint order: the first is at the bottom."),
    .init("timelines", .namedMap, "Named animation trees."),
    .init("states", .namedMap, "The scene as an interactive control: states, events and the transitions between them."),
  ]

  /// The keys of `states:` that are not state names; every other key names a state.
  /// (`events` and `transitions` are lists: `keyPathValues` is the schema's only plain-list shape.)
  public static let stateMachine: [SchemaKey] = [
    .init("initial", .name, required: true, "The state the scene is in at time 0, shown without animation."),
    .init("events", .keyPathValues, default: "none", "The event names transitions may use: `[press, release]`."),
    .init("transitions", .keyPathValues, default: "none", "The moves between states, each `{from, on, to, …}`."),
  ]

  /// The keys of one state.
  public static let state: [SchemaKey] = [
    .init(
      "pose", .namedMap, default: "none (the layers' own values)",
      "Property values by layer id and key path, written over the layers' own: `{center: {cornerRadius: 10}}`."),
    .init(
      "loop", .name, default: "none",
      "A timeline played from the moment the entering transition completes until the state is left."),
    .init("final", .value(.bool), default: "false", "The state is meant to be the last: no transition leaves it."),
  ]

  /// The keys of one transition.
  public static let transition: [SchemaKey] = [
    .init("from", .name, required: true, "The state the transition leaves."),
    .init(
      "on", .name, required: true,
      "A declared event, or `completion`: follow on by itself once `from` is complete."),
    .init("to", .name, required: true, "The state the transition enters."),
    .init(
      "duration", .value(.duration), default: "0.25",
      "Of the animations from the values on screen to the new state's; 0 switches at once."),
    .init(
      "timingFunction", .timingFunction, default: "easeInEaseOut",
      "Pacing of those animations (UIView.animate's default curve)."),
    .init(
      "spring", .spring, default: "none",
      "Instead of duration and timingFunction: the animations follow this spring and last until it settles; an "
        + "interrupted motion's velocity carries into it."),
    .init("timeline", .name, default: "none", "A timeline played with the transition, from its start."),
    .init(
      "discrete", .word, default: "start", cases: ["start", "end"],
      "When `hidden` and `masksToBounds` switch: at the start or at the end of the duration."),
    .init(
      "interrupt", .word, default: "blend", cases: ["blend", "replace"],
      "Cutting into a running transition: fade from the values on screen over the duration, or show the new "
        + "animations' own values at once (Core Animation)."
    ),
  ]

  /// Keys of a layer entry that are not properties.
  public static let layerStructure: [SchemaKey] = [
    .init(
      "id", .name, required: true, "Unique name, `[A-Za-z_][A-Za-z0-9_-]*`; repeated layers are `id[0]`, `id[1]`, …"),
    .init(
      "type", .word, default: "layer", cases: LayerType.allCases.map(\.rawValue),
      "CALayer (`layer`), CAShapeLayer (`shape`) or CATextLayer (`text`)."),
    .init("frame", .value(.rect), "`[x, y, width, height]`: sets `position` and `bounds` as CALayer.frame does."),
    .init("repeat", .value(.number), "Makes this many instances of the layer."),
    .init("as", .name, default: "i", "The loop variable of `repeat`, 0 … count − 1."),
    .init("mask", .layer, "A layer used as this layer's mask (CALayer.mask); its `id` defaults to `<id>-mask`."),
    .init("sublayers", .layers, "Child layers, in this layer's coordinate space, in paint order."),
  ]

  /// Every key a layer of this type accepts: structure, then its properties.
  public static func layerKeys(for type: LayerType) -> [SchemaKey] {
    layerStructure + LayerProperty.all.filter { $0.layerTypes.contains(type) }.map(propertyKey)
  }

  public static func propertyKey(_ property: LayerProperty) -> SchemaKey {
    let shape: SchemaKey.Shape = property.kind == .enumeration ? .word : .value(property.kind)
    return SchemaKey(
      property.name, shape, default: property.docs.defaultText, cases: property.cases, property.docs.summary)
  }

  /// CAMediaTiming, on every timeline entry.
  public static let timing: [SchemaKey] = [
    .init(
      "beginTime", .value(.duration), default: "0",
      "Delay from the parent's start (the previous sibling's end in a sequence)."),
    .init(
      "duration", .value(.duration), default: "0.25 (groups: the end of the last child)",
      "Length of one pass, in seconds."),
    .init("speed", .value(.number), default: "1", "Time scale; 0 freezes, negative plays backwards."),
    .init("timeOffset", .value(.duration), default: "0", "Shifts where in its local time the animation starts."),
    .init("repeatCount", .count, default: "0 (one pass)", "Number of passes, fractional or `inf`."),
    .init("repeatDuration", .value(.duration), default: "0 (unset)", "Repeat for this long instead of a count."),
    .init("autoreverses", .value(.bool), default: "false", "Play each pass forward then backward."),
    .init(
      "fillMode", .word, default: "removed", cases: ["removed", "forwards", "backwards", "both"],
      "Whether the animation shows before it begins and after it ends."),
    .init(
      "removedOnCompletion", .value(.bool), default: "true",
      "Remove the animation when it ends, so the model value shows again."),
    .init(
      "timingFunction", .timingFunction, default: "linear",
      "Pacing: linear, easeIn, easeOut, easeInEaseOut, default, or `[x1, y1, x2, y2]`."),
  ]

  /// Keys that choose and describe an animation, besides timing.
  public static let animation: [SchemaKey] = [
    .init(
      "target", .layerReference,
      "The layer animated: an id, `id[k]` for one instance, or `id` for all; inherited by children."),
    .init("autoplay", .value(.bool), default: "false", "On a timeline's root: play from scene time 0."),
    .init("keyPath", .text, "The animated property, e.g. `opacity`, `transform.rotation.z`, `position.x`."),
    .init("from", .keyPathValue, "Start value (basic, spring)."),
    .init("to", .keyPathValue, "End value (basic, spring)."),
    .init("by", .keyPathValue, "Relative change (basic, spring)."),
    .init("values", .keyPathValues, "Keyframe values."),
    .init("keyTimes", .numbers, "Keyframe times, 0 to 1, one per value (discrete: one more)."),
    .init("timingFunctions", .timingFunctions, "One timing function per keyframe segment."),
    .init(
      "calculationMode", .word, default: "linear", cases: CalculationModeNames.all,
      "How keyframes are interpolated: linear, discrete, paced, cubic, cubicPaced."),
    .init("tension", .numbers, "Per keyframe, −1 to 1 (cubic modes)."),
    .init("continuity", .numbers, "Per keyframe, −1 to 1 (cubic modes)."),
    .init("bias", .numbers, "Per keyframe, −1 to 1 (cubic modes)."),
    .init("path", .value(.path), "A motion path for `keyPath: position`."),
    .init("rotationMode", .word, cases: ["auto", "autoReverse"], "Turn the layer along a motion path's tangent."),
    .init(
      "spring", .spring,
      "Makes a CASpringAnimation: `{mass, stiffness, damping, initialVelocity}` or `{duration, bounce}`."),
    .init("additive", .value(.bool), default: "false", "Add the value to the one below instead of replacing it."),
    .init("cumulative", .value(.bool), default: "false", "Each repeat continues from where the previous one ended."),
    .init("group", .animations, "Children played together (CAAnimationGroup), clipped to the group's duration."),
    .init("sequence", .animations, "Children played one after another."),
  ]

  public static let spring: [SchemaKey] = [
    .init("mass", .value(.number), default: "1", "Mass of the object on the spring (> 0)."),
    .init("stiffness", .value(.number), default: "100", "Spring stiffness (> 0)."),
    .init("damping", .value(.number), default: "10", "Friction (≥ 0)."),
    .init("initialVelocity", .value(.number), default: "0", "Initial speed, in total distances per second."),
    .init("duration", .value(.duration), "Perceptual duration (with `bounce`, instead of the four above)."),
    .init("bounce", .value(.number), default: "0", "−1 < bounce < 1: 0 is critically damped, more bounces."),
  ]

  public static let transform: [SchemaKey] = [
    .init("translation", .value(.point), default: "[0, 0]", "`[x, y]` or `[x, y, z]`."),
    .init("rotation", .value(.angle), default: "0", "An angle about z, or `{x, y, z}` angles."),
    .init("scale", .value(.number), default: "1", "`s`, `[sx, sy]` or `[sx, sy, sz]`."),
  ]

  /// `sublayerTransform`: a transform's keys and the perspective.
  public static let sublayerTransform: [SchemaKey] =
    [
      .init(
        "perspective", .value(.number), default: "none",
        "Eye distance d > 0: m34 = −1/d, applied after the other components.")
    ] + transform

  public static let font: [SchemaKey] = [
    .init("family", .text, default: "Helvetica", "Font family name."),
    .init("weight", .word, default: "regular", cases: LayerProperty.fontWeights, "Font weight."),
  ]

  public static let pathCommands: [SchemaKey] = [
    .init("move", .value(.point), "`[x, y]`: start a subpath."),
    .init("line", .value(.point), "`[x, y]`: a straight line."),
    .init("quad", .text, "`{to, control}`: a quadratic curve."),
    .init("cubic", .text, "`{to, control1, control2}`: a cubic curve."),
    .init("arc", .text, "`{center, radius, start, end, clockwise}`: as UIBezierPath.addArc."),
    .init("rect", .value(.rect), "`[x, y, w, h]`: a closed rectangle."),
    .init("roundedRect", .text, "`{rect, cornerRadius}`: a closed rounded rectangle."),
    .init("ellipse", .value(.rect), "`[x, y, w, h]`: the oval in a rectangle."),
    .init("close", .text, "Close the subpath."),
  ]

  public static let arc: [SchemaKey] = [
    .init("center", .value(.point), required: true, "Centre `[x, y]`."),
    .init("radius", .value(.number), required: true, "Radius."),
    .init("start", .value(.angle), required: true, "Start angle, from +x, clockwise on screen."),
    .init("end", .value(.angle), required: true, "End angle."),
    .init("clockwise", .value(.bool), default: "true", "Direction, as UIBezierPath: true means increasing angle."),
  ]

  public static let quad: [SchemaKey] = [
    .init("to", .value(.point), required: true, "End point."),
    .init("control", .value(.point), required: true, "Control point."),
  ]

  public static let cubic: [SchemaKey] = [
    .init("to", .value(.point), required: true, "End point."),
    .init("control1", .value(.point), required: true, "First control point."),
    .init("control2", .value(.point), required: true, "Second control point."),
  ]

  public static let roundedRect: [SchemaKey] = [
    .init("rect", .value(.rect), required: true, "`[x, y, w, h]`."),
    .init("cornerRadius", .value(.number), required: true, "Corner radius."),
  ]
}

/// The calculation-mode words, in one place for the schema and the checker.
public enum CalculationModeNames {
  public static let all = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
}
