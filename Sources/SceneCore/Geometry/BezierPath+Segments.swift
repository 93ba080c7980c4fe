/// Walking a path's elements with their start points, as Core Graphics draws them.
extension BezierPath {
  /// The index of each element's first coordinate in `coordinates`.
  public var coordinateOffsets: [Int] {
    var offsets: [Int] = []
    offsets.reserveCapacity(elements.count)
    var offset = 0
    for element in elements {
      offsets.append(offset)
      offset += 2 * element.pointCount
    }
    return offsets
  }

  /// The number of coordinates `elements` call for; a well-formed path has exactly this many.
  public var expectedCoordinateCount: Int { elements.reduce(0) { $0 + 2 * $1.pointCount } }

  /// The segment each element draws, one per element (see `forEachSegment` for the drawing rules).
  package func segments() -> [BezierSegment] {
    var result: [BezierSegment] = []
    result.reserveCapacity(elements.count)
    forEachSegment { _, segment in
      result.append(segment)
      return true
    }
    return result
  }

  /// The segment element `index` draws, found without building the whole list.
  package func segment(atElement index: Int) -> BezierSegment {
    precondition(elements.indices.contains(index), "element index \(index) out of range")
    var found = BezierSegment.point(.zero)
    forEachSegment { elementIndex, segment in
      found = segment
      return elementIndex < index
    }
    return found
  }

  /// Calls `body` with each element's index and segment, in order, until it returns false.
  ///
  /// The current point starts at (0, 0) (a path that does not begin with a move is drawn from the origin) and is
  /// each element's end point afterwards; a close draws a line back to the subpath's start and makes that start the
  /// current point, so a later element without a move continues from there (SVG's and Core Graphics' rule).
  func forEachSegment(_ body: (Int, BezierSegment) -> Bool) {
    precondition(coordinates.count == expectedCoordinateCount, "path coordinates do not match its elements")
    var current = Point.zero
    var subpathStart = Point.zero
    var index = 0
    func next() -> Point {
      defer { index += 2 }
      return Point(coordinates[index], coordinates[index + 1])
    }
    for (elementIndex, element) in elements.enumerated() {
      let segment: BezierSegment
      switch element {
      case .move:
        let point = next()
        subpathStart = point
        segment = .point(point)
      case .line:
        segment = .line(from: current, to: next())
      case .quad:
        let control = next()
        segment = .quad(from: current, control: control, to: next())
      case .cubic:
        let control1 = next()
        let control2 = next()
        segment = .cubic(from: current, control1: control1, control2: control2, to: next())
      case .close:
        segment = .line(from: current, to: subpathStart)
      }
      current = segment.end
      if !body(elementIndex, segment) { return }
    }
  }
}
