import Foundation
import SceneCore

extension PathBuilder {
  /// SVG's elliptical arc command from the current point to `end`, as cubic Béziers (SVG 1.1 appendix F.6).
  ///
  /// Out-of-range parameters are corrected as F.6.2 requires: an arc to the current point itself is omitted (no
  /// element at all); a zero radius makes it a straight line; negative radii count as positive; radii too small to
  /// reach `end` are scaled up uniformly until they just do (F.6.6). The endpoint parameterisation is converted to
  /// centre, start angle θ1 and sweep Δθ (F.6.5; `sweep` true = increasing angle = clockwise on screen), then cut
  /// into n = max(1, ⌈|Δθ| / 90°⌉) equal parts, each the standard cubic with control distance 4/3·tan(Δ/4) along
  /// the rotated ellipse's tangents. The last cubic ends exactly at `end`.
  ///
  /// Total on every finite input: the rotation is taken modulo 360°; radii or end points whose squares would
  /// overflow or underflow are handled in the ellipse's unit-circle frame (`ArcCentre.scaled`); an arc whose
  /// geometry still cannot be represented (a radius that must grow past ±1.8e308) becomes a straight line.
  mutating func appendSVGArc(
    to end: Point, radiusX: Double, radiusY: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
  ) {
    let start = currentPoint ?? .zero
    if start == end { return }
    if radiusX == 0 || radiusY == 0 { return line(to: end) }
    let degrees = abs(rotationDegrees) < 360 ? rotationDegrees : rotationDegrees.truncatingRemainder(dividingBy: 360)
    let (cosPhi, sinPhi) = exactCosineAndSine(degrees * Double.pi / 180)

    // F.6.5.1: the start point in the frame centred between the end points, aligned with the ellipse's axes.
    // Halving before subtracting cannot overflow and rounds the same.
    let halfX = start.x / 2 - end.x / 2
    let halfY = start.y / 2 - end.y / 2
    let x1 = cosPhi * halfX + sinPhi * halfY
    let y1 = -sinPhi * halfX + cosPhi * halfY
    let frame = ArcFrame(x1: x1, y1: y1, rx: abs(radiusX), ry: abs(radiusY), centerSign: largeArc == sweep ? -1 : 1)
    guard let centre = frame.centre(),
      let segments = Self.arcSegments(
        from: start, to: end, frame: frame, centre: centre, cosPhi: cosPhi, sinPhi: sinPhi, sweep: sweep)
    else { return line(to: end) }
    for segment in segments { cubic(to: segment.end, control1: segment.control1, control2: segment.control2) }
  }

  /// The cubics of an arc whose centre is known (F.6.5.3–6), or nil when a point is not finite.
  private static func arcSegments(
    from start: Point, to end: Point, frame: ArcFrame, centre: ArcCentre, cosPhi: Double, sinPhi: Double, sweep: Bool
  ) -> [(control1: Point, control2: Point, end: Point)]? {
    let (rx, ry, centerX1, centerY1) = (centre.rx, centre.ry, centre.x, centre.y)
    let (x1, y1) = (frame.x1, frame.y1)
    // F.6.5.3: back to user space.
    let center = Point(
      cosPhi * centerX1 - sinPhi * centerY1 + (start.x / 2 + end.x / 2),
      sinPhi * centerX1 + cosPhi * centerY1 + (start.y / 2 + end.y / 2))

    // F.6.5.5–6: start angle and sweep on the unit circle the ellipse is mapped from.
    let ux = (x1 - centerX1) / rx
    let uy = (y1 - centerY1) / ry
    let vx = (-x1 - centerX1) / rx
    let vy = (-y1 - centerY1) / ry
    let startAngle = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    guard delta.isFinite, startAngle.isFinite, center.x.isFinite, center.y.isFinite else { return nil }

    // A point and a tangent of the rotated ellipse at angle θ.
    func point(_ angle: Double) -> Point {
      let (c, s) = exactCosineAndSine(angle)
      return Point(center.x + cosPhi * rx * c - sinPhi * ry * s, center.y + sinPhi * rx * c + cosPhi * ry * s)
    }
    func tangent(_ angle: Double) -> Point {
      let (c, s) = exactCosineAndSine(angle)
      return Point(-cosPhi * rx * s - sinPhi * ry * c, -sinPhi * rx * s + cosPhi * ry * c)
    }

    let count = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))  // 1…4: |delta| ≤ 2π
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    var angle = startAngle
    var segmentStart = start
    var segments: [(control1: Point, control2: Point, end: Point)] = []
    for index in 1...count {
      let nextAngle = startAngle + step * Double(index)
      let segmentEnd = index == count ? end : point(nextAngle)
      let control1 = segmentStart + k * tangent(angle)
      let control2 = segmentEnd - k * tangent(nextAngle)
      for value in [segmentEnd.x, segmentEnd.y, control1.x, control1.y, control2.x, control2.y]
      where !value.isFinite { return nil }
      segments.append((control1, control2, segmentEnd))
      angle = nextAngle
      segmentStart = segmentEnd
    }
    return segments
  }
}

/// The start point (x1, y1) of an SVG arc in the frame centred between its end points and aligned with the
/// ellipse's axes, with the radii as written.
private struct ArcFrame {
  var x1: Double
  var y1: Double
  var rx: Double
  var ry: Double
  /// F.6.5.2's sign: −1 when large-arc equals sweep.
  var centerSign: Double

  /// F.6.5.2 and F.6.6.3 as the specification writes them where every product is comfortably finite, else in the
  /// unit-circle frame (`scaled`), where no intermediate overflows; nil when the radii cannot be represented.
  func centre() -> ArcCentre? {
    let safe = 1e-60...1e60
    let magnitudes = [rx, ry, abs(x1), abs(y1)]
    if magnitudes.allSatisfy({ $0 == 0 || safe.contains($0) }), rx > 0, ry > 0 { return direct() }
    return scaled()
  }

  /// The specification's formulas (the byte-exact results of every ordinary arc).
  private func direct() -> ArcCentre? {
    var rx = rx
    var ry = ry
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    // The radicand is clamped at 0 as rounding can push it below.
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    let root = (max(0, numerator / denominator)).squareRoot() * centerSign
    return ArcCentre(rx: rx, ry: ry, x: root * rx * y1 / ry, y: -root * ry * x1 / rx)
  }

  /// The same in the frame where the ellipse is the unit circle: the start point is (px, py) = (x1/rx, y1/ry) at
  /// distance d = √Λ from the centre of the chord. d ≥ 1 scales the radii by d (the centre is the chord's); d < 1
  /// puts the centre at √(1 − d²) along the chord's normal. Radii so small that px overflows only matter through
  /// their ratio (they are scaled up to reach the end point anyway), so they are first divided by the larger.
  private func scaled() -> ArcCentre? {
    var rx = rx
    var ry = ry
    var px = x1 / rx
    var py = y1 / ry
    if !px.isFinite || !py.isFinite {
      let larger = max(rx, ry)
      rx /= larger
      ry /= larger
      px = x1 / rx
      py = y1 / ry
    }
    let d = hypot(px, py)
    guard d.isFinite, d > 0, rx > 0, ry > 0 else { return nil }
    if d >= 1 {
      rx *= d
      ry *= d
      guard rx.isFinite, ry.isFinite else { return nil }
      return ArcCentre(rx: rx, ry: ry, x: 0, y: 0)
    }
    let along = ((1 - d) * (1 + d)).squareRoot() * centerSign
    return ArcCentre(rx: rx, ry: ry, x: along * rx * (py / d), y: -along * ry * (px / d))
  }
}

/// The radii after F.6.6.3's scaling and the centre (cx', cy') in the chord's frame.
private struct ArcCentre {
  var rx: Double
  var ry: Double
  var x: Double
  var y: Double
}
