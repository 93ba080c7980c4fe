@testable import SceneCore

/// Whether two coordinate lists agree within `tolerance` component by component.
func coordinatesMatch(_ actual: [Double], _ expected: [Double], tolerance: Double = 1e-9) -> Bool {
  actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

func pointsMatch(_ actual: Point?, _ expected: Point, tolerance: Double = 1e-9) -> Bool {
  guard let actual else { return false }
  return abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance
}

/// The arc length of a path from chords of a fine polyline: slow, but independent of the quadrature it checks.
/// The chord sum's error falls as 1/n², so Richardson extrapolation from n and 2n chords per element removes it.
func polylineLength(_ path: BezierPath, pieces: Int = 20_000) -> Double {
  func chordSum(_ segment: BezierSegment, _ count: Int) -> Double {
    var total = 0.0
    var previous = segment.point(at: 0)
    for step in 1...count {
      let point = segment.point(at: Double(step) / Double(count))
      total += previous.distance(to: point)
      previous = point
    }
    return total
  }
  return path.segments().reduce(0) { total, segment in
    total + (4 * chordSum(segment, 2 * pieces) - chordSum(segment, pieces)) / 3
  }
}
