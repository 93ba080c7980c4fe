import Foundation
import Testing

@testable import SceneCore
@testable import SceneFrontEnd

struct PathBuilderTests {
  let kappa = 4.0 / 3.0 * tan(Double.pi / 8)

  @Test func rectRunsClockwiseFromTheTopLeft() {
    var builder = PathBuilder()
    builder.rect(Rect(10, 20, 30, 40))
    #expect(builder.path.elements == [.move, .line, .line, .line, .close])
    #expect(builder.path.coordinates == [10, 20, 40, 20, 40, 60, 10, 60])
    #expect(builder.currentPoint == Point(10, 20))
  }

  @Test func negativeSizesAreStandardized() {
    var builder = PathBuilder()
    builder.rect(Rect(40, 60, -30, -40))
    #expect(builder.path.coordinates == [10, 20, 40, 20, 40, 60, 10, 60])
  }

  @Test func quarterArcIsOneCubicWithTheStandardControlDistance() {
    var builder = PathBuilder()
    builder.arc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi / 2, clockwise: true)
    #expect(builder.path.elements == [.move, .cubic])
    let expected = [10, 0, 10, 10 * kappa, 10 * kappa, 10, 0, 10]
    #expect(coordinatesMatch(builder.path.coordinates, expected, tolerance: 1e-12))
    #expect(builder.currentPoint == Point(0, 10))
  }

  /// UIKit's documented example: start 0, end π, clockwise draws the bottom half (y down); counter-clockwise the top.
  @Test func clockwiseMeansIncreasingAngle() {
    var clockwise = PathBuilder()
    clockwise.arc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi, clockwise: true)
    #expect(clockwise.path.elements == [.move, .cubic, .cubic])
    #expect(Array(clockwise.path.coordinates[6...7]) == [0, 10])
    var counter = PathBuilder()
    counter.arc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi, clockwise: false)
    #expect(Array(counter.path.coordinates[6...7]) == [0, -10])
    #expect(counter.currentPoint == Point(-10, 0))
  }

  @Test(arguments: [
    (0.0, -Double.pi / 2, true, 3 * Double.pi / 2),
    (0.0, -2 * Double.pi, true, 2 * Double.pi),
    (0.0, -5 * Double.pi, true, Double.pi),
    (0.0, 3 * Double.pi, true, 2 * Double.pi),
    (1.0, 1.0, true, 0),
    (0.0, Double.pi / 2, false, -3 * Double.pi / 2),
    (0.0, 2 * Double.pi, false, -2 * Double.pi),
    (0.0, -3 * Double.pi, false, -2 * Double.pi),
    (Double.pi, -Double.pi / 4, false, -5 * Double.pi / 4),
  ])
  func sweepNormalisation(start: Double, end: Double, clockwise: Bool, sweep: Double) {
    #expect(abs(PathBuilder.arcSweep(start: start, end: end, clockwise: clockwise) - sweep) < 1e-12)
  }

  @Test(arguments: [(0.0, 1), (Double.pi / 2, 1), (Double.pi / 2 + 0.01, 2), (Double.pi, 2), (2 * Double.pi, 4)])
  func arcsUseAtMostAQuarterTurnPerCubic(sweep: Double, cubics: Int) {
    var builder = PathBuilder()
    builder.arc(center: Point(5, 5), radius: 3, start: 0.3, end: 0.3 + sweep, clockwise: true)
    #expect(builder.path.elements == [.move] + Array(repeating: .cubic, count: cubics))
  }

  @Test func arcCurvesStayOnTheCircle() {
    var builder = PathBuilder()
    builder.arc(center: Point(3, -2), radius: 50, start: 0.2, end: 4.9, clockwise: true)
    let path = builder.path
    for element in 1..<path.elements.count {
      for step in 0...20 {
        let point = path.point(element: element, parameter: Double(step) / 20)
        #expect(abs(point.distance(to: Point(3, -2)) - 50) < 50 * 3e-4)
      }
    }
    #expect(pointsMatch(builder.currentPoint, Point(3 + 50 * cos(4.9), -2 + 50 * sin(4.9)), tolerance: 1e-12))
  }

  @Test func arcJoinsTheCurrentPointWithALine() {
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.arc(center: Point(20, 0), radius: 10, start: Double.pi, end: 0, clockwise: true)
    #expect(builder.path.elements == [.move, .line, .cubic, .cubic])
    #expect(Array(builder.path.coordinates[2...3]) == [10, 0])
    // Clockwise from π to 0 goes through 3π/2: the top of the circle (y down).
    #expect(Array(builder.path.coordinates[8...9]) == [20, -10])
  }

  @Test func roundedRectHasAFixedStructureAndClampsItsRadius() {
    var builder = PathBuilder()
    builder.roundedRect(Rect(0, 0, 100, 50), cornerRadius: 40)
    let path = builder.path
    #expect(path.elements == [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close])
    // Radius clamped to 25: the top edge runs from x 25 to 75, the right corner ends at (100, 25).
    #expect(Array(path.coordinates[0...3]) == [25, 0, 75, 0])
    #expect(Array(path.coordinates[8...9]) == [100, 25])
    #expect(Array(path.coordinates[4...5]) == [75 + 25 * kappa, 0])
    var square = PathBuilder()
    square.roundedRect(Rect(0, 0, 100, 50), cornerRadius: 0)
    #expect(square.path.elements == path.elements)
    #expect(Array(square.path.coordinates[2...9]) == [100, 0, 100, 0, 100, 0, 100, 0])
  }

  @Test func ellipseStartsAtThreeOClockAndRunsClockwise() {
    var builder = PathBuilder()
    builder.ellipse(in: Rect(0, 0, 100, 60))
    let path = builder.path
    #expect(path.elements == [.move, .cubic, .cubic, .cubic, .cubic, .close])
    #expect(Array(path.coordinates[0...1]) == [100, 30])
    #expect(Array(path.coordinates[6...7]) == [50, 60])
    #expect(Array(path.coordinates[12...13]) == [0, 30])
    #expect(Array(path.coordinates[18...19]) == [50, 0])
    #expect(Array(path.coordinates[24...25]) == [100, 30])
    #expect(coordinatesMatch(Array(path.coordinates[2...5]), [100, 30 + 30 * kappa, 50 + 50 * kappa, 60]))
  }

  @Test func closeReturnsToTheSubpathStartAndTheNextSegmentReopensIt() {
    var builder = PathBuilder()
    builder.move(to: Point(1, 1))
    builder.line(to: Point(5, 1))
    builder.close()
    #expect(builder.currentPoint == Point(1, 1))
    builder.close()
    builder.line(to: Point(1, 9))
    #expect(builder.path.elements == [.move, .line, .close, .move, .line])
    #expect(builder.path.coordinates == [1, 1, 5, 1, 1, 1, 1, 9])
  }

  @Test func segmentsWithoutACurrentPointBecomeMoves() {
    var builder = PathBuilder()
    builder.close()
    builder.quad(to: Point(4, 4), control: Point(9, 9))
    builder.line(to: Point(8, 0))
    #expect(builder.path.elements == [.move, .line])
    #expect(builder.path.coordinates == [4, 4, 8, 0])
  }
}
