/// One drawn piece of a path with its start point made explicit: a point (for a move), a line, a quadratic or a
/// cubic Bézier. Paths store elements without their start points; measuring, trimming and motion need them.
package struct BezierSegment: Sendable, Hashable {
  /// 0 for a bare point (a move), 1 line, 2 quadratic, 3 cubic.
  var degree: Int
  var start: Point
  /// The quadratic's control point, or the cubic's first one; unused otherwise.
  var control1: Point
  /// The cubic's second control point; unused otherwise.
  var control2: Point
  var end: Point

  static func point(_ point: Point) -> BezierSegment {
    BezierSegment(degree: 0, start: point, control1: point, control2: point, end: point)
  }

  static func line(from start: Point, to end: Point) -> BezierSegment {
    BezierSegment(degree: 1, start: start, control1: start, control2: end, end: end)
  }

  static func quad(from start: Point, control: Point, to end: Point) -> BezierSegment {
    BezierSegment(degree: 2, start: start, control1: control, control2: control, end: end)
  }

  static func cubic(from start: Point, control1: Point, control2: Point, to end: Point) -> BezierSegment {
    BezierSegment(degree: 3, start: start, control1: control1, control2: control2, end: end)
  }

  /// B(s) for s ∈ [0, 1].
  package func point(at s: Double) -> Point {
    let r = 1 - s
    switch degree {
    case 0: return start
    case 1: return start.interpolated(to: end, at: s)
    case 2: return (r * r) * start + (2 * r * s) * control1 + (s * s) * end
    default: return (r * r * r) * start + (3 * r * r * s) * control1 + (3 * r * s * s) * control2 + (s * s * s) * end
    }
  }

  /// B'(s), per unit of s.
  func derivative(at s: Double) -> Point {
    let r = 1 - s
    switch degree {
    case 0: return .zero
    case 1: return end - start
    case 2: return (2 * r) * (control1 - start) + (2 * s) * (end - control1)
    default:
      return (3 * r * r) * (control1 - start) + (6 * r * s) * (control2 - control1) + (3 * s * s) * (end - control2)
    }
  }

  /// The direction of travel at s: B'(s), or where it vanishes (a control point on an end point, a cusp) the
  /// first non-degenerate chord from that end, so that motion along the path always has a heading.
  package func tangent(at s: Double) -> Point {
    let derivative = self.derivative(at: s)
    let scale = max(abs(start.x), abs(start.y), abs(end.x), abs(end.y), 1)
    if derivative.length > 1e-12 * scale { return derivative }
    let chords: [Point] =
      s < 0.5
      ? [control1 - start, control2 - start, end - start]
      : [end - control2, end - control1, end - start]
    for chord in chords where chord.length > 1e-12 * scale { return chord }
    return .zero
  }

  /// The two halves at s, by de Casteljau; the first ends and the second starts at exactly the same point.
  func split(at s: Double) -> (BezierSegment, BezierSegment) {
    switch degree {
    case 0:
      return (self, self)
    case 1:
      let middle = start.interpolated(to: end, at: s)
      return (.line(from: start, to: middle), .line(from: middle, to: end))
    case 2:
      let a = start.interpolated(to: control1, at: s)
      let b = control1.interpolated(to: end, at: s)
      let middle = a.interpolated(to: b, at: s)
      return (.quad(from: start, control: a, to: middle), .quad(from: middle, control: b, to: end))
    default:
      let a = start.interpolated(to: control1, at: s)
      let b = control1.interpolated(to: control2, at: s)
      let c = control2.interpolated(to: end, at: s)
      let ab = a.interpolated(to: b, at: s)
      let bc = b.interpolated(to: c, at: s)
      let middle = ab.interpolated(to: bc, at: s)
      return (
        .cubic(from: start, control1: a, control2: ab, to: middle),
        .cubic(from: middle, control1: bc, control2: c, to: end)
      )
    }
  }

  /// The piece between parameters s0 ≤ s1; the original end points are kept exactly when s0 = 0 or s1 = 1.
  func subsegment(from s0: Double, to s1: Double) -> BezierSegment {
    let head = s1 >= 1 ? self : split(at: s1).0
    if s0 <= 0 { return head }
    let local = s1 > 0 ? s0 / min(s1, 1) : 0
    return head.split(at: local).1
  }
}
