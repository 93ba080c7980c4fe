/// How one keyframe segment turns its local parameter into a value. Stored as one byte per segment; the low bits
/// are the kind, `eased` marks a segment whose first four coefficients are a timing function's control points
/// [x1, y1, x2, y2], applied to s first (the sampler derives the polynomial when it loads).
public enum SegmentKind {
  /// v_i, whatever s (discrete keyframes).
  public static let hold: UInt8 = 0
  /// lerp(v_i, v_{i+1}, s) with s clamped to [0, 1] (keyframe segments; a missing timing function is linear).
  public static let linear: UInt8 = 1
  /// Hermite from v_i to v_{i+1}; coefficients: outgoing tangent (d numbers), incoming tangent (d numbers).
  public static let hermite: UInt8 = 2
  /// v_0 + (v_1 − v_0)·progress(τ seconds); coefficients: mass, stiffness, damping, initialVelocity,
  /// allowsOverdamping (0 or 1).
  public static let spring: UInt8 = 3
  /// The point on one path element; coefficients: degree, start x y, control1 x y, control2 x y, end x y.
  public static let motion: UInt8 = 4
  /// A motion element held at a fixed parameter (discrete motion): the nine motion numbers, then the parameter.
  public static let motionHold: UInt8 = 5
  /// a + (b − a)·p, not clamped, so overshooting timing functions overshoot (basic animations).
  public static let basic: UInt8 = 6
  /// Flag: the first `easingCount` coefficients are control points x1, y1, x2, y2, applied to s.
  public static let eased: UInt8 = 0x10
  /// The numbers an eased segment's timing function takes.
  public static let easingCount = 4
  public static let kindMask: UInt8 = 0x0F

  /// How many coefficients a segment of this byte stores, for `components` value components; nil if unknown.
  public static func coefficientCount(_ byte: UInt8, components: Int) -> Int? {
    let easing = byte & eased != 0 ? easingCount : 0
    switch byte & kindMask {
    case hold: return byte & eased != 0 ? nil : 0
    case linear: return easing
    case hermite: return easing + 2 * components
    case spring: return byte & eased != 0 ? nil : 5
    case motion: return components == 2 ? easing + 9 : nil
    case motionHold: return components == 2 && byte & eased == 0 ? 10 : nil
    case basic: return byte & eased != 0 ? nil : 0
    default: return nil
    }
  }

  /// Whether the segment reads v_{i+1} as well as v_i.
  public static func readsNextValue(_ byte: UInt8) -> Bool {
    switch byte & kindMask {
    case linear, hermite, spring, basic: return true
    default: return false
    }
  }
}
