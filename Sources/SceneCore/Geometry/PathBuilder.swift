/// Builds a `BezierPath` with UIBezierPath's commands, in UIKit coordinates (y down).
///
/// Drawing rules, chosen to match Core Graphics where it is documented and to keep a path's element structure
/// independent of its numbers (two paths built by the same commands always interpolate):
/// - `line`, `quad`, `cubic` and `arc` start at the current point. Without one (an empty path), `line`, `quad` and
///   `cubic` become a move to their end point — Core Graphics refuses such a segment ("no current point") and an
///   HTML canvas turns `lineTo` into `moveTo`; the checker should warn before it gets here.
/// - After `close`, the current point is the closed subpath's start (Core Graphics, SVG). The next drawing command
///   then begins with an explicit move to that point, so every subpath of a built path starts with a move.
/// - `rect`, `roundedRect` and `ellipse` always start a new subpath and end with a close.
public struct PathBuilder: Sendable, Hashable {
  /// The path built so far.
  public private(set) var path = BezierPath()
  /// The end of the last command, or the subpath's start after a close; `nil` until the first command.
  public private(set) var currentPoint: Point?
  /// The start of the current subpath (the last move's point); `nil` until the first command.
  public private(set) var subpathStart: Point?
  /// The last command was a close, so the next segment must re-open the subpath with a move.
  private var isSubpathClosed = false

  public init() {}

  /// Starts a new subpath at `point` (UIBezierPath `move(to:)`).
  public mutating func move(to point: Point) {
    path.append(.move, [point])
    currentPoint = point
    subpathStart = point
    isSubpathClosed = false
  }

  /// A straight line from the current point to `point` (`addLine(to:)`).
  public mutating func line(to point: Point) {
    guard beginSegment() else { return move(to: point) }
    path.append(.line, [point])
    currentPoint = point
  }

  /// A quadratic Bézier from the current point to `end` (`addQuadCurve(to:controlPoint:)`):
  /// B(s) = (1−s)²·P0 + 2(1−s)s·control + s²·end.
  public mutating func quad(to end: Point, control: Point) {
    guard beginSegment() else { return move(to: end) }
    path.append(.quad, [control, end])
    currentPoint = end
  }

  /// A cubic Bézier from the current point to `end` (`addCurve(to:controlPoint1:controlPoint2:)`):
  /// B(s) = (1−s)³·P0 + 3(1−s)²s·control1 + 3(1−s)s²·control2 + s³·end.
  public mutating func cubic(to end: Point, control1: Point, control2: Point) {
    guard beginSegment() else { return move(to: end) }
    path.append(.cubic, [control1, control2, end])
    currentPoint = end
  }

  /// Closes the current subpath with a straight line back to its start (`close()`); the current point becomes that
  /// start. Does nothing when there is no open subpath (an empty path, or a subpath just closed).
  public mutating func close() {
    guard let start = subpathStart, !isSubpathClosed else { return }
    path.append(.close, [])
    currentPoint = start
    isSubpathClosed = true
  }

  /// Prepares for a segment from the current point: re-opens a closed subpath with a move to its start.
  /// Returns false when there is no current point at all.
  mutating func beginSegment() -> Bool {
    guard let current = currentPoint else { return false }
    if isSubpathClosed { move(to: current) }
    return true
  }
}

extension BezierPath {
  /// Appends an element with its points (as many as `element.pointCount`).
  mutating func append(_ element: Element, _ points: [Point]) {
    elements.append(element)
    for point in points { coordinates += [point.x, point.y] }
  }
}
