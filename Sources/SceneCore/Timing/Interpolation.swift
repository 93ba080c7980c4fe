/// Linear interpolation that stays finite between any two finite numbers.
public enum Interpolation {
  /// a + (b − a)·s, the formula both evaluators use (so ordinary values keep their exact bits), or, when b − a
  /// overflows (a and b of opposite signs near ±1.8e308), a·(1 − s) + b·s, which cannot overflow for s in 0…1.
  @inlinable @inline(__always)
  public static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double {
    let difference = b - a
    if difference.isFinite { return a + difference * s }
    return a * (1 - s) + b * s
  }
}
