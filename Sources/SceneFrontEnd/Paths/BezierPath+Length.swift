import SceneCore

/// Measuring a path and finding points on it: strokeStart/strokeEnd and motion along a path.
///
/// Lengths follow the drawn geometry: a move draws nothing (length 0), a close is the straight line back to its
/// subpath's start, and a path not starting with a move is drawn from (0, 0). Lines are measured exactly; curves by
/// adaptive Gauss–Legendre quadrature (relative error near 1e-12). Everything is deterministic.
extension BezierPath {
  /// The drawn length of each element, in points, one per element.
  public var elementLengths: [Double] { segments().map { $0.length() } }

  /// The total drawn length, in points.
  public var length: Double { elementLengths.reduce(0, +) }

  /// The point at arc length `distance` from the start of the path (clamped to [0, length]).
  ///
  /// Where a distance falls on the boundary between subpaths, the point is the end of the earlier one; distance 0
  /// is the path's first point. Returns `nil` for a path without elements.
  public func point(atLength distance: Double) -> Point? {
    guard let location = location(atLength: distance) else { return nil }
    return location.segment.point(at: location.parameter)
  }

  /// Element `element`'s point at its own parameter s ∈ [0, 1] (not clamped): B(s) of the line, quadratic or cubic
  /// Bézier that the element draws from the current point; a move's point for a move; the line back to the
  /// subpath's start for a close. This is CAKeyframeAnimation's motion within one path keyframe.
  public func point(element: Int, parameter s: Double) -> Point {
    segment(atElement: element).point(at: s)
  }

  /// Element `element`'s direction of travel at its parameter s: the derivative dB/ds (not normalised; its
  /// `atan2(y, x)` is `rotationMode: auto`'s angle, positive = clockwise on screen). Where the derivative vanishes
  /// (a control point on an end point) the first non-degenerate chord from that end is used instead. A move, or an
  /// element of zero length, has the tangent (0, 0).
  public func tangent(element: Int, parameter s: Double) -> Point {
    segment(atElement: element).tangent(at: s)
  }

  /// The element containing arc length `distance` and the parameter there.
  func location(atLength distance: Double) -> (element: Int, segment: BezierSegment, parameter: Double)? {
    let segments = self.segments()
    guard !segments.isEmpty else { return nil }
    let lengths = segments.map { $0.length() }
    var remaining = max(distance, 0)
    var last: (element: Int, segment: BezierSegment, parameter: Double)? = nil
    for (index, segment) in segments.enumerated() {
      let length = lengths[index]
      if length <= 0 {
        if last == nil { last = (index, segment, 0) }
        continue
      }
      if remaining <= length {
        return (index, segment, segment.parameter(atLength: remaining, totalLength: length))
      }
      remaining -= length
      last = (index, segment, 1)
    }
    return last
  }
}
