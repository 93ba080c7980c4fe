import SceneCore

/// How one track's value moves over a stretch of scene time: the structure a Lottie keyframe can carry.
struct TimingPiece: Hashable {
  var start: Double
  var end: Double
  var kind: Kind

  enum Kind: Hashable {
    /// The track's contribution does not change (not in effect, frozen, held, or a hold keyframe).
    case constant
    /// value(t) = value(start) + (value(end⁻) − value(start)) · easing((t − start) / (end − start)).
    case eased(BezierEasing)
    /// A boolean key path: constant but for switches somewhere inside (found by sampling).
    case step
    /// Anything else; the reason names it for the warning.
    case complex(String)
  }

  var isMoving: Bool {
    if case .constant = kind { return false }
    return true
  }
}
