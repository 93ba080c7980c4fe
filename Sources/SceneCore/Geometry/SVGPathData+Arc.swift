import Foundation

extension PathBuilder {
  /// SVG's elliptical arc command from the current point to `end`, as cubic Béziers (SVG 1.1 appendix F.6).
  ///
  /// Out-of-range parameters are corrected as F.6.2 requires: an arc to the current point itself is omitted (no
  /// element at all); a zero radius makes it a straight line; negative radii count as positive; radii too small to
  /// reach `end` are scaled up uniformly until they just do (F.6.6). The endpoint parameterisation is converted to
  /// centre, start angle θ1 and sweep Δθ (F.6.5; `sweep` true = increasing angle = clockwise on screen), then cut
  /// into n = max(1, ⌈|Δθ| / 90°⌉) equal parts, each the standard cubic with control distance 4/3·tan(Δ/4) along
  /// the rotated ellipse's tangents. The last cubic ends exactly at `end`.
  mutating func appendSVGArc(
    to end: Point, radiusX: Double, radiusY: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
  ) {
    let start = currentPoint ?? .zero
    if start == end { return }
    var rx = abs(radiusX)
    var ry = abs(radiusY)
    if rx == 0 || ry == 0 { return line(to: end) }
    let (cosPhi, sinPhi) = exactCosineAndSine(rotationDegrees * Double.pi / 180)

    // F.6.5.1: the start point in the frame centred between the end points, aligned with the ellipse's axes.
    let halfX = (start.x - end.x) / 2
    let halfY = (start.y - end.y) / 2
    let x1 = cosPhi * halfX + sinPhi * halfY
    let y1 = -sinPhi * halfX + cosPhi * halfY

    // F.6.6.3: scale the radii up when no ellipse of this size joins the two points.
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }

    // F.6.5.2: the centre in that frame; the radicand is clamped at 0 as rounding can push it below.
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    let root = (max(0, numerator / denominator)).squareRoot() * (largeArc == sweep ? -1 : 1)
    let centerX1 = root * rx * y1 / ry
    let centerY1 = -root * ry * x1 / rx

    // F.6.5.3: back to user space.
    let center = Point(
      cosPhi * centerX1 - sinPhi * centerY1 + (start.x + end.x) / 2,
      sinPhi * centerX1 + cosPhi * centerY1 + (start.y + end.y) / 2)

    // F.6.5.5–6: start angle and sweep on the unit circle the ellipse is mapped from.
    let ux = (x1 - centerX1) / rx
    let uy = (y1 - centerY1) / ry
    let vx = (-x1 - centerX1) / rx
    let vy = (-y1 - centerY1) / ry
    let startAngle = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }

    // A point and a tangent of the rotated ellipse at angle θ.
    func point(_ angle: Double) -> Point {
      let (c, s) = exactCosineAndSine(angle)
      return Point(center.x + cosPhi * rx * c - sinPhi * ry * s, center.y + sinPhi * rx * c + cosPhi * ry * s)
    }
    func tangent(_ angle: Double) -> Point {
      let (c, s) = exactCosineAndSine(angle)
      return Point(-cosPhi * rx * s - sinPhi * ry * c, -sinPhi * rx * s + cosPhi * ry * c)
    }

    let count = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    var angle = startAngle
    var segmentStart = currentPoint ?? start
    for index in 1...count {
      let nextAngle = startAngle + step * Double(index)
      let segmentEnd = index == count ? end : point(nextAngle)
      let control1 = segmentStart + k * tangent(angle)
      let control2 = segmentEnd - k * tangent(nextAngle)
      cubic(to: segmentEnd, control1: control1, control2: control2)
      angle = nextAngle
      segmentStart = segmentEnd
    }
  }
}
