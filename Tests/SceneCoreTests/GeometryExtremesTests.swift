import Foundation
import Testing

@testable import SceneCore
@testable import SceneFrontEnd

/// Issue 14: geometry on extreme finite numbers is total — finite points, no trap, no endless refinement.
struct GeometryExtremesTests {
  /// Radii too small are scaled up to reach the end point (SVG F.6.6): a half circle through (0,0) and (10,10),
  /// the same whether they are 1 or 1e-200 or the smallest subnormal.
  @Test(arguments: ["1", "1e-200", "5e-324"])
  func tinyArcRadiiScaleUpToAHalfCircle(_ radius: String) throws {
    let path = try SVGPathData.parse("M0 0 A\(radius) \(radius) 0 0 1 10 10")
    let reference = try SVGPathData.parse("M0 0 A1 1 0 0 1 10 10")
    #expect(path.elements == reference.elements)
    for (a, b) in zip(path.coordinates, reference.coordinates) { #expect(abs(a - b) < 1e-9, "\(a) vs \(b)") }
    // The middle of the half circle is at distance √50 from the centre (5, 5).
    let middle = path.point(element: 1, parameter: 1)
    #expect(abs(Point(middle.x - 5, middle.y - 5).length - 50.0.squareRoot()) < 1e-9)
  }

  @Test(arguments: [
    "M0 0 A1.7e308 1.7e308 0 0 1 10 10", "M0 0 A1.7e308 1.7e308 0 1 1 10 10", "M0 0 A10 20 1e308 0 1 10 10",
    "M0 0 A10 20 -1e308 1 0 10 10", "M0 0 A5e-324 1 0 0 1 10 10", "M0 0 A1e-300 5 45 0 1 10 10",
    "M-1.7e308 -1.7e308 A1 1 0 0 1 1.7e308 1.7e308", "M0 0 A1e300 1e-300 30 1 1 1e-300 1e300",
  ])
  func extremeArcsGiveFinitePathsEndingAtTheirEndPoint(_ text: String) throws {
    let path = try SVGPathData.parse(text)
    #expect(path.coordinates.allSatisfy { $0.isFinite }, "\(path.coordinates)")
    #expect(path.elements.count >= 2)
    let numbers = text.split(separator: " ").suffix(2).compactMap { Double($0) }
    #expect(numbers.count == 2)
    #expect(Array(path.coordinates.suffix(2)) == numbers)
  }

  /// A rotation of 1e308° is 1e308 mod 360; the arc is the one with that rotation.
  @Test func rotationIsTakenModulo360() throws {
    let reduced = 1e308.truncatingRemainder(dividingBy: 360)
    let huge = try SVGPathData.parse("M0 0 A10 20 1e308 0 1 10 10")
    let small = try SVGPathData.parse("M0 0 A10 20 \(reduced) 0 1 10 10")
    #expect(huge == small)
  }

  @Test func arcSweepOfOverflowingAnglesIsFinite() {
    for clockwise in [true, false] {
      let sweep = PathBuilder.arcSweep(start: 1.7e308, end: -1.7e308, clockwise: clockwise)
      #expect(sweep.isFinite && abs(sweep) <= 2 * Double.pi)
      var builder = PathBuilder()
      builder.arc(center: Point(50, 50), radius: 10, start: 1.7e308, end: -1.7e308, clockwise: clockwise)
      #expect(builder.path.coordinates.allSatisfy { $0.isFinite })
    }
  }

  /// Coordinates near 1e155 square past 1.8e308; the length is still measured (and quickly: no 2^30 intervals).
  @Test func lengthsOfHugeCurvesAreFinite() throws {
    let path = try SVGPathData.parse("M0 0 C1e155 0 0 1e155 10 10")
    let length = path.length
    #expect(length.isFinite && length > 1e154 && length < 3e155, "\(length)")
    #expect(abs(Point(3e200, 4e200).length / 5e200 - 1) < 1e-15)
    #expect(abs(Point(3e-200, 4e-200).length / 5e-200 - 1) < 1e-15)
    #expect(Point(3, 4).length == 5)
  }

  @Test func lerpBetweenExtremesStaysFinite() {
    let a = -Double.greatestFiniteMagnitude
    let b = Double.greatestFiniteMagnitude
    #expect(Interpolation.lerp(a, b, 0) == a)
    #expect(Interpolation.lerp(a, b, 1) == b)
    #expect(Interpolation.lerp(a, b, 0.5) == 0)
    #expect(Interpolation.lerp(a, b, 0.25).isFinite)
    #expect(Interpolation.lerp(2, 4, 0.5) == 3)
  }

  @Test func criticalSpringAtHugeTimesIsAtRest() {
    let spring = SpringParameters(mass: 1, stiffness: 100, damping: 20)
    #expect(spring.progress(at: 1e300) == 1)
  }
}
