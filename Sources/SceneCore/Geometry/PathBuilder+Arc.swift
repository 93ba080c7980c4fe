import Foundation

extension PathBuilder {
  /// A circular arc, as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
  ///
  /// Angles are radians from the +x axis and the arc's point at angle θ is (cx + r·cos θ, cy + r·sin θ). In UIKit's
  /// y-down space `clockwise: true` means the angle *increases* from `start` to `end` (visually clockwise): start 0,
  /// end π, clockwise draws the bottom half. (Core Graphics' own flag means the opposite for the same numbers.)
  ///
  /// The arc joins the current point with a straight line to its start point — always, even a zero-length one, so
  /// the element structure never depends on rounding — or, with no current point, starts a new subpath there.
  /// The current point is then the arc's end. See `arcSweep` for how the angles become a sweep, and
  /// `appendEllipticalArc` for the cubic segments.
  public mutating func arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool) {
    let sweep = Self.arcSweep(start: start, end: end, clockwise: clockwise)
    let startPoint = Self.pointOnEllipse(center: center, radiusX: radius, radiusY: radius, angle: start)
    if beginSegment() { line(to: startPoint) } else { move(to: startPoint) }
    let endAngle = sweep == end - start ? end : start + sweep
    appendEllipticalArc(
      center: center, radiusX: radius, radiusY: radius, startAngle: start, sweep: sweep, endAngle: endAngle)
  }

  /// The signed angle an arc turns through (positive = increasing angle = clockwise on screen).
  ///
  /// Core Animation's exact rule is unconfirmed; this one is the natural reading of UIKit's documentation:
  /// - clockwise: sweep = end − start. If negative, it is taken modulo 2π into (0, 2π] (so end = start − 2π is a
  ///   full circle, end = start − π/2 three quarters); if above 2π, it is 2π (one full turn at most).
  /// - counter-clockwise: the mirror image. sweep = end − start; if positive, it is taken modulo 2π into [−2π, 0);
  ///   if below −2π, it is −2π.
  /// - end = start gives 0: the arc is a single point (still one degenerate cubic).
  /// - end − start beyond ±1.8e308 is taken as the difference of both angles modulo 2π first.
  public static func arcSweep(start: Double, end: Double, clockwise: Bool) -> Double {
    let fullTurn = 2 * Double.pi
    var sweep = end - start
    // Angles near ±1.8e308 can differ by more than a double holds; their residues modulo 2π still tell the arc.
    if !sweep.isFinite {
      sweep = end.truncatingRemainder(dividingBy: fullTurn) - start.truncatingRemainder(dividingBy: fullTurn)
    }
    if clockwise {
      if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
      if sweep > fullTurn { sweep = fullTurn }
    } else {
      if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
      if sweep < -fullTurn { sweep = -fullTurn }
    }
    return sweep
  }

  /// Appends the arc of the axis-aligned ellipse (radii rx, ry about `center`) from `startAngle` through `sweep` as
  /// cubic Béziers, starting at the current point (which must be the arc's start).
  ///
  /// The sweep is cut into n = max(1, ⌈|sweep| / 90°⌉) equal parts. Each part from θa to θb = θa + Δ is the standard
  /// cubic with control points at distance k = 4/3·tan(Δ/4) (times the radii) along the tangents at both ends:
  /// C1 = P(θa) + k·(−rx sin θa, ry cos θa), C2 = P(θb) − k·(−rx sin θb, ry cos θb); its radial error is below
  /// 0.03 % of the radius at Δ = 90°. The last end point is computed at `endAngle` (the caller's exact end angle).
  mutating func appendEllipticalArc(
    center: Point, radiusX: Double, radiusY: Double, startAngle: Double, sweep: Double, endAngle: Double
  ) {
    let quarterTurn = Double.pi / 2
    let count = max(1, Int((abs(sweep) / quarterTurn - 1e-9).rounded(.up)))
    let delta = sweep / Double(count)
    let k = 4.0 / 3.0 * tan(delta / 4)
    var angle = startAngle
    var startPoint = Self.pointOnEllipse(center: center, radiusX: radiusX, radiusY: radiusY, angle: angle)
    for index in 1...count {
      let nextAngle = index == count ? endAngle : startAngle + delta * Double(index)
      let endPoint = Self.pointOnEllipse(center: center, radiusX: radiusX, radiusY: radiusY, angle: nextAngle)
      let (startCos, startSin) = exactCosineAndSine(angle)
      let (endCos, endSin) = exactCosineAndSine(nextAngle)
      let control1 = startPoint + k * Point(-radiusX * startSin, radiusY * startCos)
      let control2 = endPoint - k * Point(-radiusX * endSin, radiusY * endCos)
      cubic(to: endPoint, control1: control1, control2: control2)
      angle = nextAngle
      startPoint = endPoint
    }
  }

  /// (cx + rx·cos θ, cy + ry·sin θ).
  static func pointOnEllipse(center: Point, radiusX: Double, radiusY: Double, angle: Double) -> Point {
    let (cosine, sine) = exactCosineAndSine(angle)
    return Point(center.x + radiusX * cosine, center.y + radiusY * sine)
  }
}

/// cos θ and sin θ, exact at multiples of a quarter turn.
///
/// `cos(.pi / 2)` is 6.1e-17, not 0; snapping the four axis directions keeps points such as an ellipse's extremes
/// or a rounded rectangle's corners exactly on the rectangle's edges, so formatted output reads `M100 50`, not
/// `M100 50.00000000000001`. Angles within 1e-12 quarter turns (relative) of a multiple count as that multiple.
package func exactCosineAndSine(_ angle: Double) -> (cos: Double, sin: Double) {
  let quarters = angle / (Double.pi / 2)
  let nearest = quarters.rounded()
  if abs(quarters - nearest) <= 1e-12 * max(1, abs(nearest)), abs(nearest) < 1e15 {
    switch Int64(nearest) & 3 {
    case 0: return (1, 0)
    case 1: return (0, 1)
    case 2: return (-1, 0)
    default: return (0, -1)
    }
  }
  return (cos(angle), sin(angle))
}
