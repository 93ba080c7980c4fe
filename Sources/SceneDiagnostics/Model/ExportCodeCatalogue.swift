/// The exporters' warnings (W09xx): what a target format cannot carry, said at export time instead of being
/// dropped. Kept apart from `SpecChecker.catalogue` (they are about an export, not about the spec; Grammar.md's
/// index does not list them, `docs/exports.md` does), but here, below both, so that the checker's
/// `# scenec-disable:` comments can name them and `scenec export` can honour those comments.
public enum ExportCodeCatalogue {
  public static let rotation3D = DiagnosticCode(
    "W0901", "rotation-3d",
    "A rotation about x or y: Lottie layers are flat, so the foreshortening is baked into the 2-D scale.")
  public static let baked = DiagnosticCode(
    "W0902", "baked",
    "A value Lottie keyframes cannot express exactly (spring, cubic keyframes, motion path, composed or "
      + "overshooting timing curves, several animations at once) is sampled every frame and simplified.")
  public static let hiddenAsOpacity = DiagnosticCode(
    "W0903", "hidden-as-opacity",
    "A `hidden` animation: Lottie layers have no animatable visibility, so it becomes opacity hold keyframes.")
  public static let groupOpacity = DiagnosticCode(
    "W0904", "group-opacity",
    "Opacity below 1 on a layer whose sublayers draw at the same time: Lottie multiplies it into each layer, "
      + "so where they overlap the result differs from Core Animation's group opacity.")
  public static let zPositionOrder = DiagnosticCode(
    "W0905", "z-order-changes",
    "`zPosition` reorders sibling layers during the animation; Lottie's layer order is fixed (the order at the "
      + "start is used).")
  public static let textLayer = DiagnosticCode(
    "W0906", "text-layer",
    "A text layer: Lottie has no text every player draws; it is written as an image layer (`ty: 2`) of an "
      + "embedded SVG of the text, which lottie-web draws in the browser's fonts and rlottie and ThorVG do not.")
  public static let maskContent = DiagnosticCode(
    "W0907", "mask-content",
    "A mask layer with sublayers, a stroke, a border or an even-odd path of several subpaths: Lottie layer masks "
      + "are filled outlines, so only its background and its path's fill are used (subpaths added).")
  public static let canvasSize = DiagnosticCode(
    "W0908", "canvas-size", "A canvas size that is not a whole number: Lottie's `w` and `h` are integers (rounded up).")
  public static let staticOnly = DiagnosticCode(
    "W0909", "static-in-lottie",
    "A value Lottie (or rlottie) cannot animate changes during the export (`miterLimit`, `masksToBounds` "
      + "switching, a text's size or colour): one value is used throughout.")
  public static let endlessCapped = DiagnosticCode(
    "W0910", "endless-capped",
    "Timelines that repeat forever without a common period short enough: the export stops at the cap and the "
      + "loop jumps there.")
  public static let trimSubpaths = DiagnosticCode(
    "W0911", "trim-subpaths",
    "`strokeStart`/`strokeEnd` on a path with several subpaths: Core Animation trims them as one path, Lottie's "
      + "trim (`m: 2`, sequential) is not supported by every player.")
  public static let exportLimited = DiagnosticCode(
    "W0912", "export-limited",
    "The timelines (or the events) run longer than the export may last: it stops at the frame limit "
      + "(`--max-export-frames`, 6,000 frames = 100 s at 60 fps).")
  public static let notFinite = DiagnosticCode(
    "W0913", "not-finite",
    "A value overflows (a position, translation, scale or path coordinate beyond ±1.8e308, or not a number): "
      + "the layer is left out of an SVG frame; Lottie gets the nearest finite value; `sample` prints it saturated.")
  // 3D
  public static let perspectiveInSVG = DiagnosticCode(
    "W0920", "perspective-in-svg",
    "A layer seen through its superlayer's `sublayerTransform` in perspective: SVG has no projective transforms, "
      + "so it is drawn with the affine map that agrees with the projective one at the centre of its bounds.")
  public static let perspectiveInLottie = DiagnosticCode(
    "W0921", "perspective-in-lottie",
    "A `sublayerTransform` with perspective or x/y rotations: Lottie's layers are flat (3-D layers and cameras are "
      + "drawn by lottie-web's HTML renderer only), so the sublayers show without the perspective.")

  public static let shadowEffect = DiagnosticCode(
    "W0925", "shadow-effect",
    "A shadow is exported as a drop-shadow layer effect (`ef`, `ty` 25) of the layer's precomposition, which the "
      + "Lottie standard (lottie-specs) leaves out: ThorVG draws it, lottie-web's SVG renderer cuts it at the "
      + "layer's bounding box, its canvas renderer and rlottie draw none.")
  public static let shadowShape = DiagnosticCode(
    "W0926", "shadow-shape",
    "A shadow Lottie's drop shadow cannot shape: it is cast by the layer's whole alpha, so a `shadowPath` is "
      + "not followed, and it falls outside the layer's `masksToBounds` clip or mask, which Core Animation also "
      + "clips it with.")

  public static let conicInSVG = DiagnosticCode(
    "W0930", "conic-gradient-svg",
    "A conic gradient: SVG has none, so the SVG export (and the filmstrip and video made from it) draws it as "
      + "\(GradientSectors.count) solid sectors, each the colour at its middle angle.")
  public static let gradientInLottie = DiagnosticCode(
    "W0931", "gradient-lottie",
    "A conic gradient, or a radial one whose ellipse is not a circle: Lottie's gradient fill has neither, so a "
      + "conic gradient is written as a linear one from the start point towards the end point and an elliptical "
      + "radial one as the circle through the end point's larger axis.")

  public static let replicaSkew = DiagnosticCode(
    "W0935", "replica-skew",
    "A replicator's copy whose instance transform (to its power) skews or mirrors: Lottie gets the nearest "
      + "rotation and scale, without the skew.")
  public static let replicaTint = DiagnosticCode(
    "W0936", "replica-tint",
    "A replicator's copy modulated by a colour whose red, green or blue is below 1: Lottie gets only its alpha "
      + "(multiplied into opacity); the red, green and blue multipliers are lost.")

  public static let all: [DiagnosticCode] = [
    rotation3D, baked, hiddenAsOpacity, groupOpacity, zPositionOrder, textLayer, maskContent, canvasSize, staticOnly,
    endlessCapped, trimSubpaths, exportLimited, notFinite, perspectiveInSVG, perspectiveInLottie, shadowEffect,
    shadowShape, conicInSVG, gradientInLottie, replicaSkew, replicaTint,
  ]
}

/// How many sectors the SVG export draws a conic gradient with (W0930): 5° each.
public enum GradientSectors {
  public static let count = 72
}
