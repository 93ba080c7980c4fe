/// A timing function's Bézier as two cubic polynomials in the curve parameter s ∈ [0, 1]:
/// X(s) = ((ax·s + bx)·s + cx)·s and Y(s) = ((ay·s + by)·s + cy)·s.
///
/// The six numbers are all a sampler needs, so a plan stores them instead of the control points and never
/// recomputes them per frame. With P0 = (0,0), P3 = (1,1): c = 3·P1, b = 3·(P2 − P1) − c, a = 1 − c − b.
public struct CubicTimingCurve: Sendable, Hashable {
  public var ax: Double
  public var bx: Double
  public var cx: Double
  public var ay: Double
  public var by: Double
  public var cy: Double

  public init(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
    self.ax = ax
    self.bx = bx
    self.cx = cx
    self.ay = ay
    self.by = by
    self.cy = cy
  }

  /// The coefficients of `function`'s curve through (0,0), (x1,y1), (x2,y2), (1,1).
  public init(_ function: TimingFunction) {
    let cx = 3 * function.x1
    let bx = 3 * (function.x2 - function.x1) - cx
    let cy = 3 * function.y1
    let by = 3 * (function.y2 - function.y1) - cy
    self.init(ax: 1 - cx - bx, bx: bx, cx: cx, ay: 1 - cy - by, by: by, cy: cy)
  }

  /// X(s), the curve's input coordinate at parameter s.
  public func x(atParameter s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

  /// Y(s), the curve's output coordinate at parameter s.
  public func y(atParameter s: Double) -> Double { ((ay * s + by) * s + cy) * s }

  /// dX/ds at parameter s.
  public func xDerivative(atParameter s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The parameter s ∈ [0, 1] with X(s) = x, for x clamped to [0, 1].
  ///
  /// Newton's method from s = x converges in a few steps on every usual curve; where it stalls (a flat X, as at
  /// the ends of easeIn) bisection on [0, 1] takes over. Both stop at |X(s) − x| ≤ 1e-12 (bisection also when the
  /// interval is narrower than 1e-12), well below Apple's unknown epsilon and any visible difference. X is
  /// monotone whenever x1 and x2 lie in [0, 1], which the checker requires, so the root is unique.
  public func parameter(forX x: Double) -> Double {
    let target = min(max(x, 0), 1)
    let tolerance = 1e-12
    var s = target
    for _ in 0..<8 {
      let error = self.x(atParameter: s) - target
      if abs(error) <= tolerance { return s }
      let slope = xDerivative(atParameter: s)
      if abs(slope) < 1e-9 { break }
      s -= error / slope
      if s < 0 || s > 1 { break }
    }
    var low = 0.0
    var high = 1.0
    s = target
    for _ in 0..<200 {
      s = (low + high) / 2
      let value = self.x(atParameter: s)
      if abs(value - target) <= tolerance || high - low <= tolerance { break }
      if value < target { low = s } else { high = s }
    }
    return s
  }

  /// The eased progress Y(s) at input progress `x` (clamped to [0, 1]), where X(s) = x.
  public func progress(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return y(atParameter: parameter(forX: x))
  }
}

extension TimingFunction {
  /// The polynomial form of this curve, for storing in a plan.
  public var curve: CubicTimingCurve { CubicTimingCurve(self) }

  /// CAMediaTimingFunction's output for input progress `x`: the y of the curve's point whose x equals `x`.
  ///
  /// The input is clamped to [0, 1] (Core Animation never feeds anything else); 0 maps to 0 and 1 to 1 exactly.
  /// The linear curve short-circuits to the identity. See `CubicTimingCurve.parameter(forX:)` for the solver.
  public func progress(at x: Double) -> Double {
    if isLinear { return min(max(x, 0), 1) }
    return curve.progress(at: x)
  }
}
