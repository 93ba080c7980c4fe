import SceneCore

/// One keyframe before it is written: its time in seconds, its value, and how it moves to the next one.
struct Keyframe: Hashable {
  var time: Double
  var value: [Double]
  var motion: Motion

  enum Motion: Hashable {
    case hold
    case eased(BezierEasing)
  }
}

/// A property's keyframed form: one value, or keyframes (at least two).
struct AnimatedValue {
  var initial: [Double]
  var keyframes: [Keyframe]
  /// Why parts were sampled and simplified (empty when every keyframe is exact).
  var bakedReasons: [String]
  /// The frames per second the keyframes were checked at, and whose frames a writer counts their times in.
  var frameRate = KeyframeBuilder.defaultFrameRate

  var isAnimated: Bool { keyframes.count >= 2 }
}
