import Foundation
import Testing

@testable import SceneCore
@testable import SceneFrontEnd

struct BezierPathLengthTests {
  /// A closed 3-4-5 triangle: (0,0) → (3,0) → (3,4) → back.
  var triangle: BezierPath {
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.line(to: Point(3, 0))
    builder.line(to: Point(3, 4))
    builder.close()
    return builder.path
  }

  var wave: BezierPath {
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.cubic(to: Point(100, 0), control1: Point(30, 80), control2: Point(70, -80))
    builder.quad(to: Point(150, 50), control: Point(160, -20))
    return builder.path
  }

  @Test func linesAreMeasuredExactly() {
    #expect(triangle.elementLengths == [0, 3, 4, 5])
    #expect(triangle.length == 12)
  }

  @Test func curvesMatchAFinePolyline() {
    let measured = wave.length
    let reference = polylineLength(wave)
    #expect(abs(measured - reference) / reference < 1e-9)
  }

  @Test func circleFromArcsHasTheExpectedLength() {
    var builder = PathBuilder()
    builder.ellipse(in: Rect(0, 0, 100, 100))
    // The four-cubic circle is slightly longer than 100π (its radius overshoots by up to 0.027 %).
    let length = builder.path.length
    #expect(length > 100 * Double.pi && length < 100 * Double.pi * 1.0003)
    #expect(abs(length - polylineLength(builder.path)) / length < 1e-9)
  }

  @Test func cuspIsMeasuredAccurately() {
    // Control points crossed so that the curve stops and turns back: |B'| has a kink at the cusp.
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.cubic(to: Point(0, 0), control1: Point(100, 100), control2: Point(-100, 100))
    let length = builder.path.length
    #expect(abs(length - polylineLength(builder.path)) / length < 1e-8)
  }

  @Test func pointAtLengthWalksAlongTheElements() {
    #expect(triangle.point(atLength: 0) == Point(0, 0))
    #expect(triangle.point(atLength: 5) == Point(3, 2))
    #expect(pointsMatch(triangle.point(atLength: 10), Point(1.2, 1.6), tolerance: 1e-12))
    #expect(triangle.point(atLength: 99) == Point(0, 0))
    #expect(BezierPath().point(atLength: 1) == nil)
  }

  @Test func pointAtLengthOnCurvesIsArcLengthParameterised() {
    let total = wave.length
    for fraction in [0.1, 0.35, 0.5, 0.8] {
      let point = wave.point(atLength: fraction * total)
      let head = wave.trimmed(from: 0, to: fraction)
      #expect(abs(head.length - fraction * total) / total < 1e-9)
      #expect(pointsMatch(point, head.point(atLength: head.length)!, tolerance: 1e-9))
    }
  }

  @Test func trimmingLinesAndCloses() {
    let middle = triangle.trimmed(from: 0.25, to: 0.75)
    #expect(middle.elements == [.move, .line, .line])
    #expect(coordinatesMatch(middle.coordinates, [3, 0, 3, 4, 1.8, 2.4], tolerance: 1e-12))
    #expect(triangle.trimmed(from: 0, to: 1) == triangle)
    #expect(triangle.trimmed(from: -1, to: 3) == triangle)
    #expect(triangle.trimmed(from: 0.5, to: 0.5).isEmpty)
    #expect(triangle.trimmed(from: 0.7, to: 0.2).isEmpty)
  }

  @Test func trimmingKeepsWholeClosedSubpathsClosed() {
    var builder = PathBuilder()
    builder.rect(Rect(0, 0, 10, 10))
    builder.rect(Rect(20, 0, 10, 10))
    let trimmed = builder.path.trimmed(from: 0, to: 0.75)
    #expect(trimmed.elements == [.move, .line, .line, .line, .close, .move, .line, .line])
    #expect(Array(trimmed.coordinates.suffix(6)) == [20, 0, 30, 0, 30, 10])
    let open = builder.path.trimmed(from: 0.1, to: 0.5)
    #expect(open.elements == [.move, .line, .line, .line, .line])
    #expect(coordinatesMatch(Array(open.coordinates.prefix(2)), [8, 0]))
  }

  @Test func trimmedCurvesLieOnTheOriginal() {
    let total = wave.length
    let piece = wave.trimmed(from: 0.2, to: 0.6)
    #expect(piece.elements == [.move, .cubic])
    #expect(abs(piece.length - 0.4 * total) / total < 1e-9)
    #expect(pointsMatch(piece.point(atLength: 0), wave.point(atLength: 0.2 * total)!))
    #expect(pointsMatch(piece.point(atLength: piece.length), wave.point(atLength: 0.6 * total)!))
    let middle = piece.point(atLength: 0.5 * piece.length)!
    #expect(pointsMatch(middle, wave.point(atLength: 0.4 * total)!, tolerance: 1e-7))
    let spanning = wave.trimmed(from: 0.5, to: 0.95)
    #expect(spanning.elements == [.move, .cubic, .quad])
  }

  @Test func pointsAndTangentsOfElements() {
    #expect(wave.point(element: 2, parameter: 0.5) == Point(142.5, 2.5))
    #expect(wave.tangent(element: 2, parameter: 0) == Point(120, -40))
    #expect(wave.point(element: 0, parameter: 0.7) == Point(0, 0))
    #expect(wave.tangent(element: 0, parameter: 0.7) == Point(0, 0))
    #expect(triangle.point(element: 3, parameter: 0.5) == Point(1.5, 2))
    #expect(triangle.tangent(element: 3, parameter: 0.5) == Point(-3, -4))
  }

  @Test func tangentFallsBackToAChordWhereTheDerivativeVanishes() {
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.cubic(to: Point(10, 10), control1: Point(0, 0), control2: Point(10, 0))
    let start = builder.path.tangent(element: 1, parameter: 0)
    #expect(start == Point(10, 0))
    let end = builder.path.tangent(element: 1, parameter: 1)
    #expect(end == Point(0, 30))
  }
}
