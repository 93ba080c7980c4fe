import SceneCore

/// A keyframe easing: a cubic Bézier from (0, 0) to (1, 1) through (x1, y1), (x2, y2), read as Lottie and
/// CAMediaTimingFunction read it — x is the fraction of the segment's time, y the fraction of its change.
struct BezierEasing: Hashable {
  var x1: Double
  var y1: Double
  var x2: Double
  var y2: Double

  static let linear = BezierEasing(x1: 0, y1: 0, x2: 1, y2: 1)

  var isLinear: Bool { x1 == y1 && x2 == y2 }

  init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  private var timing: CubicTimingCurve { CubicTimingCurve(TimingFunction(x1, y1, x2, y2)) }

  /// y at time fraction x (x clamped to [0, 1]), as a player evaluates it.
  func value(at x: Double) -> Double {
    if isLinear { return min(max(x, 0), 1) }
    return timing.progress(at: x)
  }

  /// The curve parameter whose x is `x`.
  func parameter(forX x: Double) -> Double {
    if isLinear { return min(max(x, 0), 1) }
    return timing.parameter(forX: x)
  }

  /// Whether y rises monotonically (control points' y in [0, 1]), so that y can be inverted.
  var isMonotoneInY: Bool { (0...1).contains(y1) && (0...1).contains(y2) }

  /// The parameter whose y is `y`, for a curve monotone in y (bisection to 1e-13).
  func parameter(forY y: Double) -> Double {
    if y <= 0 { return 0 }
    if y >= 1 { return 1 }
    let curve = timing
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
      let middle = (low + high) / 2
      if curve.y(atParameter: middle) < y { low = middle } else { high = middle }
      if high - low < 1e-13 { break }
    }
    return (low + high) / 2
  }

  func point(atParameter u: Double) -> Point {
    let curve = timing
    return Point(curve.x(atParameter: u), curve.y(atParameter: u))
  }

  /// The part of the curve between parameters `u0` and `u1` (u0 > u1 runs it backwards), rescaled so that it
  /// again runs from (0, 0) to (1, 1); nil when the part is flat in x or in y (no time, or no change of value).
  func part(fromParameter u0: Double, to u1: Double) -> BezierEasing? {
    let points = [Point(0, 0), Point(x1, y1), Point(x2, y2), Point(1, 1)]
    let low = min(u0, u1)
    let high = max(u0, u1)
    var piece = Self.split(points, from: low, to: high)
    if u0 > u1 { piece.reverse() }
    let dx = piece[3].x - piece[0].x
    let dy = piece[3].y - piece[0].y
    guard abs(dx) > 1e-15, abs(dy) > 1e-15 else { return nil }
    func normalized(_ p: Point) -> Point { Point((p.x - piece[0].x) / dx, (p.y - piece[0].y) / dy) }
    let c1 = normalized(piece[1])
    let c2 = normalized(piece[2])
    // Subdividing a curve whose x rises keeps x rising; clamp away rounding (Lottie wants x in [0, 1]).
    return BezierEasing(x1: min(max(c1.x, 0), 1), y1: c1.y, x2: min(max(c2.x, 0), 1), y2: c2.y)
  }

  /// The part of the easing between time fractions x0 < x1, rescaled.
  func part(fromX x0: Double, toX x1: Double) -> BezierEasing? {
    if isLinear { return .linear }
    return part(fromParameter: parameter(forX: x0), to: parameter(forX: x1))
  }

  /// The same motion played backwards in time.
  var reversed: BezierEasing { BezierEasing(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1) }

  /// de Casteljau: the control points of the curve between parameters a < b.
  static func split(_ p: [Point], from a: Double, to b: Double) -> [Point] {
    func halves(_ q: [Point], _ t: Double) -> (left: [Point], right: [Point]) {
      let p01 = q[0].interpolated(to: q[1], at: t)
      let p12 = q[1].interpolated(to: q[2], at: t)
      let p23 = q[2].interpolated(to: q[3], at: t)
      let p012 = p01.interpolated(to: p12, at: t)
      let p123 = p12.interpolated(to: p23, at: t)
      let p0123 = p012.interpolated(to: p123, at: t)
      return ([q[0], p01, p012, p0123], [p0123, p123, p23, q[3]])
    }
    let tail = a > 0 ? halves(p, a).right : p
    let rest = a < 1 ? (b - a) / (1 - a) : 1
    return rest < 1 ? halves(tail, rest).left : tail
  }
}
