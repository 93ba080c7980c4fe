import Foundation
import Testing

@testable import SceneCore
@testable import SceneFrontEnd

struct SVGPathDataTests {
  let kappa = 4.0 / 3.0 * tan(Double.pi / 8)

  func parse(_ text: String) -> BezierPath? { try? SVGPathData.parse(text) }

  func error(_ text: String) -> SVGPathData.Error? {
    do {
      _ = try SVGPathData.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func absoluteCommands() throws {
    let path = try SVGPathData.parse("M0 0 L10 10 Q1 2 3 4 C1 2 3 4 5 6 Z")
    #expect(path.elements == [.move, .line, .quad, .cubic, .close])
    #expect(path.coordinates == [0, 0, 10, 10, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6])
  }

  @Test func relativeCommandsAndImplicitRepeats() throws {
    let path = try SVGPathData.parse("m10 10 5 0 l0 5 -5 0z")
    #expect(path.elements == [.move, .line, .line, .line, .close])
    #expect(path.coordinates == [10, 10, 15, 10, 15, 15, 10, 15])
    let absolute = try SVGPathData.parse("M0 0 10 0 10 10")
    #expect(absolute.elements == [.move, .line, .line])
  }

  @Test func horizontalAndVerticalLines() throws {
    let path = try SVGPathData.parse("M1 2 H5 V7 h-2 v-3")
    #expect(path.elements == [.move, .line, .line, .line, .line])
    #expect(path.coordinates == [1, 2, 5, 2, 5, 7, 3, 7, 3, 4])
  }

  @Test func compactNumbers() throws {
    let path = try SVGPathData.parse("M.5.5L-1.5e-3-2,3E+1 4")
    #expect(path.coordinates == [0.5, 0.5, -0.0015, -2, 30, 4])
    let tight = try SVGPathData.parse("M10-5l-.5-.5")
    #expect(tight.coordinates == [10, -5, 9.5, -5.5])
  }

  @Test func smoothCurvesReflectThePreviousControlPoint() throws {
    let cubic = try SVGPathData.parse("M0 0 C0 10 10 10 10 0 S20 -10 20 0 s10 10 10 0")
    #expect(cubic.elements == [.move, .cubic, .cubic, .cubic])
    #expect(Array(cubic.coordinates[8...13]) == [10, -10, 20, -10, 20, 0])
    #expect(Array(cubic.coordinates[14...19]) == [20, 10, 30, 10, 30, 0])
    let quad = try SVGPathData.parse("M0 0 Q5 10 10 0 T20 0 t10 0")
    #expect(Array(quad.coordinates[6...9]) == [15, -10, 20, 0])
    #expect(Array(quad.coordinates[10...13]) == [25, 10, 30, 0])
    let unpaired = try SVGPathData.parse("M0 0 L5 5 S10 0 20 0 T30 0")
    #expect(Array(unpaired.coordinates[4...5]) == [5, 5])
    #expect(Array(unpaired.coordinates[10...11]) == [20, 0])
  }

  @Test func closeReturnsToTheSubpathStart() throws {
    let path = try SVGPathData.parse("M10 10 l10 0 z l0 10")
    #expect(path.elements == [.move, .line, .close, .move, .line])
    #expect(path.coordinates == [10, 10, 20, 10, 10, 10, 10, 20])
  }

  /// `a1 1 0 00 1 1`: flags written without separators; small arc with decreasing angle, centre (1, 0).
  @Test func arcFlagsNeedNoSeparator() throws {
    let path = try SVGPathData.parse("M0 0a1 1 0 00 1 1")
    #expect(path.elements == [.move, .cubic])
    #expect(coordinatesMatch(path.coordinates, [0, 0, 0, kappa, 1 - kappa, 1, 1, 1], tolerance: 1e-12))
  }

  @Test func arcRadiiAreScaledUpToReachTheEndPoint() throws {
    let path = try SVGPathData.parse("M0 0 A1 1 0 0 1 10 0")
    // Radius becomes 5, centre (5, 0); sweep 1 runs through angle 3π/2, the top (y down).
    #expect(path.elements == [.move, .cubic, .cubic])
    #expect(coordinatesMatch(Array(path.coordinates[6...7]), [5, -5], tolerance: 1e-12))
    #expect(Array(path.coordinates[12...13]) == [10, 0])
  }

  @Test func rotatedArcFollowsItsEllipse() throws {
    // rx 10 along screen y (rotation 90°), ry 5: half the ellipse from (0, 0) to (0, 20) about (0, 10).
    let path = try SVGPathData.parse("M0 0 A10 5 90 0 1 0 20")
    #expect(path.elements == [.move, .cubic, .cubic])
    #expect(coordinatesMatch(Array(path.coordinates[6...7]), [5, 10], tolerance: 1e-12))
    for element in 1...2 {
      for step in 0...10 {
        let p = path.point(element: element, parameter: Double(step) / 10)
        let ellipse = (p.x / 5) * (p.x / 5) + ((p.y - 10) / 10) * ((p.y - 10) / 10)
        #expect(abs(ellipse - 1) < 1e-3)
      }
    }
  }

  @Test func largeArcFlagPicksTheLongWayRound() throws {
    let path = try SVGPathData.parse("M0 0 A10 10 0 1 1 10 10")
    // Three quarters of a circle about (10, 0): three cubics.
    #expect(path.elements == [.move, .cubic, .cubic, .cubic])
    #expect(coordinatesMatch(Array(path.coordinates[6...7]), [10, -10], tolerance: 1e-12))
  }

  @Test func degenerateArcs() throws {
    #expect(try SVGPathData.parse("M0 0 A0 5 0 0 1 10 0").elements == [.move, .line])
    #expect(try SVGPathData.parse("M3 3 A5 5 0 0 1 3 3").elements == [.move])
    #expect(try SVGPathData.parse("").isEmpty)
    #expect(try SVGPathData.parse(" \n\t").isEmpty)
  }

  @Test(arguments: [
    ("M0 0 L10", 8, "expected a number after 'L'"),
    ("M0 0 X 1", 5, "unknown command 'X'"),
    ("L0 0", 0, "path data must start with a move ('M' or 'm'), found 'L'"),
    ("M0 0 A1 1 0 2 1 1 1", 12, "expected a flag (0 or 1) after 'A'"),
    ("M0 0 L1,,2", 8, "expected a number after 'L'"),
    ("M0 0 L1 2,", 10, "expected a number after 'L'"),
    ("M,0 0", 1, "expected a number after 'M'"),
    ("M0 0 L€ 1", 6, "expected a number after 'L'"),
    ("M0 0 é", 5, "unexpected character 'é'"),
    ("M0 0 Z 5", 7, "'Z' takes no numbers"),
    ("M0 0 L2e 3", 7, "expected a number after 'L'"),
    ("M0 0 L2 3e", 9, "unknown command 'e'"),
    ("M1e999 0", 1, "number out of range after 'M'"),
  ])
  func errorsPointAtTheOffendingByte(text: String, offset: Int, message: String) {
    let failure = error(text)
    #expect(failure?.offset == offset)
    #expect(failure?.message == message)
  }

  @Test func formatIsCompactAndDeterministic() {
    var builder = PathBuilder()
    builder.move(to: Point(0, 0))
    builder.line(to: Point(10, 10.5))
    builder.quad(to: Point(3, 4), control: Point(1, -2))
    builder.cubic(to: Point(5, 6), control1: Point(0.1 + 0.2, -0.0), control2: Point(1e-5, 4))
    builder.close()
    #expect(SVGPathData.format(builder.path) == "M0 0 L10 10.5 Q1 -2 3 4 C0.30000000000000004 0 0.00001 4 5 6 Z")
    #expect(SVGPathData.format(BezierPath()) == "")
  }

  @Test func formatThenParseGivesTheSamePath() throws {
    var builder = PathBuilder()
    builder.arc(center: Point(12.5, 7), radius: 3.3, start: 0.1, end: 5, clockwise: false)
    builder.ellipse(in: Rect(1, 2, 3, 4))
    let path = builder.path
    #expect(try SVGPathData.parse(SVGPathData.format(path)) == path)
  }
}
