@testable import SceneCore

/// Whether two coordinate lists agree within `tolerance` component by component.
func coordinatesMatch(_ actual: [Double], _ expected: [Double], tolerance: Double = 1e-9) -> Bool {
  actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

func pointsMatch(_ actual: Point?, _ expected: Point, tolerance: Double = 1e-9) -> Bool {
  guard let actual else { return false }
  return abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance
}

/// The arc-length of a path by summing the chords of a fine polyline: a slow but independent check.
func polylineLength(_ path: BezierPath, pieces: Int = 20_000) -> Double {
  var total = 0.0
  for element in path.elements.indices {
    var previous = path.point(element: element, parameter: 0)
    for step in 1...pieces {
      let point = path.point(element: element, parameter: Double(step) / Double(pieces))
      total += previous.distance(to: point)
      previous = point
    }
  }
  return total
}
