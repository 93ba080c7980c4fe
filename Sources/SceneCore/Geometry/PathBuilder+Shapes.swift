extension PathBuilder {
  /// A closed rectangle, as `UIBezierPath(rect:)` / `CGPath.addRect`: a move to the top-left corner, lines to the
  /// top-right, bottom-right and bottom-left corners (clockwise on screen), and a close. The rectangle is
  /// standardized first, so a negative width or height describes the same corners.
  public mutating func rect(_ rect: Rect) {
    let r = rect.standardized
    move(to: Point(r.minX, r.minY))
    line(to: Point(r.maxX, r.minY))
    line(to: Point(r.maxX, r.maxY))
    line(to: Point(r.minX, r.maxY))
    close()
  }

  /// A closed rectangle with circular corners of radius `cornerRadius`, clamped to [0, half the shorter side].
  ///
  /// Deliberately simpler than UIKit, whose `UIBezierPath(roundedRect:cornerRadius:)` draws "continuous" corners
  /// that are not circular. Structure (always the same, whatever the radius, so it can animate): a move to the top
  /// edge's left end (minX + r, minY), then clockwise on screen for each of the four sides a line along the side
  /// and a quarter-circle cubic around the next corner (top-right first), and a close: 10 elements. A radius of 0
  /// gives degenerate corner curves; a radius of half a side gives zero-length lines.
  public mutating func roundedRect(_ rect: Rect, cornerRadius: Double) {
    let r = rect.standardized
    let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2)
    let half = Double.pi / 2
    let corners: [(center: Point, lineEnd: Point, startAngle: Double)] = [
      (Point(r.maxX - radius, r.minY + radius), Point(r.maxX - radius, r.minY), -half),
      (Point(r.maxX - radius, r.maxY - radius), Point(r.maxX, r.maxY - radius), 0),
      (Point(r.minX + radius, r.maxY - radius), Point(r.minX + radius, r.maxY), half),
      (Point(r.minX + radius, r.minY + radius), Point(r.minX, r.minY + radius), Double.pi),
    ]
    move(to: Point(r.minX + radius, r.minY))
    for corner in corners {
      line(to: corner.lineEnd)
      appendEllipticalArc(
        center: corner.center, radiusX: radius, radiusY: radius, startAngle: corner.startAngle, sweep: half,
        endAngle: corner.startAngle + half)
    }
    close()
  }

  /// A closed ellipse inscribed in `rect`, as `UIBezierPath(ovalIn:)`: a move to the rightmost point
  /// (maxX, midY), four quarter-ellipse cubics clockwise on screen (through the bottom, left and top points back to
  /// the start), and a close: 6 elements. Starting at "3 o'clock" and running clockwise is what strokeEnd
  /// animations on `ovalIn` paths show on iOS. The rectangle is standardized first.
  public mutating func ellipse(in rect: Rect) {
    let r = rect.standardized
    let center = Point(r.midX, r.midY)
    // The same formula as the curves' points, so the start and the final curve end agree to the last bit.
    move(to: Self.pointOnEllipse(center: center, radiusX: r.width / 2, radiusY: r.height / 2, angle: 0))
    appendEllipticalArc(
      center: center, radiusX: r.width / 2, radiusY: r.height / 2, startAngle: 0, sweep: 2 * Double.pi,
      endAngle: 2 * Double.pi)
    close()
  }
}
