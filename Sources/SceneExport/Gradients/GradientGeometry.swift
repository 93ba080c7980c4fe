import Foundation
import SceneCore
import SceneRuntime

/// A gradient layer's sampled gradient in its own coordinates, as the SVG and Lottie writers draw it
/// (Grammar.md, "Gradient layers", for the reading of CAGradientLayer's documentation used here).
///
/// `startPoint` and `endPoint` are unit coordinates of the bounds. Axial: the colours run along the line from
/// start to end, the end colours extending beyond it. Radial: an ellipse centred on the start point whose half
/// axes are the start-to-end distances in x and in y (CA: "width and height defined by (endPoint.x −
/// startPoint.x) · 2 and (endPoint.y − startPoint.y) · 2"); location 1 is its rim. Conic: centred on the start
/// point, location 0 in the direction of the end point, the locations running clockwise on screen through one
/// full turn.
struct GradientGeometry {
  let type: GradientType
  /// The start and end points in the layer's coordinates.
  let start: Point
  let end: Point
  /// The stops, locations non-decreasing (clamped to [0, 1]).
  let locations: [Double]
  let colors: [RGBA]

  /// `shadowCount`: how many of the frame's list numbers are the layer's shadowPath's (`LayerTable.shadowPathCount`).
  init(type: GradientType, frame: LayerFrame, shadowCount: Int) {
    self.type = type
    let bounds = frame.bounds
    func place(_ unit: Point) -> Point { Point(bounds.x + unit.x * bounds.width, bounds.y + unit.y * bounds.height) }
    start = place(frame.point(.startPoint))
    end = place(frame.point(.endPoint))
    var running = 0.0
    locations = frame.gradientLocations(shadowCount: shadowCount).map { location in
      running = max(running, min(max(location, 0), 1))
      return running
    }
    colors = frame.gradientColors(shadowCount: shadowCount).map(RGBA.init)
  }

  /// The radial ellipse's half axes.
  var radii: (x: Double, y: Double) { (abs(end.x - start.x), abs(end.y - start.y)) }

  /// A radial ellipse whose smaller half axis on the canvas is under this many points is drawn as its last colour
  /// (docs/exports.md): thinner than 1/128 of a pixel at `--scale` 1, and rsvg-convert fails on a gradient whose
  /// axis is under about 2⁻¹⁵ of a pixel.
  static let flatRadius = 1.0 / 256

  /// The smaller half axis of the radial ellipse once `matrix` (the layer's space to the canvas) maps it: the
  /// smaller singular value of the matrix times diag(rx, ry).
  func minorRadius(to matrix: SceneCore.AffineTransform) -> Double {
    let (rx, ry) = radii
    let entries = [matrix.a * rx, matrix.b * rx, matrix.c * ry, matrix.d * ry]
    // Scaled to a largest entry of 1, so that squaring neither overflows nor underflows.
    let scale = entries.map(abs).max() ?? 0
    guard scale > 0, scale.isFinite else { return scale }
    let (a, b, c, d) = (entries[0] / scale, entries[1] / scale, entries[2] / scale, entries[3] / scale)
    let sum = a * a + b * b + c * c + d * d
    let determinant = abs(a * d - b * c)
    let root = max(sum * sum - 4 * determinant * determinant, 0).squareRoot()
    // The product of the two is the determinant: dividing by the larger avoids cancelling sum − root.
    let larger = ((sum + root) / 2).squareRoot()
    return scale * determinant / larger
  }

  /// Whether the radial ellipse is not a circle (beyond rounding).
  var isElliptical: Bool {
    let (rx, ry) = radii
    return abs(rx - ry) > 1e-9 * max(rx, ry, 1)
  }

  /// The direction of location 0 of a conic gradient, radians clockwise on screen from +x.
  var conicAngle: Double {
    end.x == start.x && end.y == start.y ? 0 : atan2(end.y - start.y, end.x - start.x)
  }

  /// The colour at location `t`: the first colour before the first stop, the last after the last, linear in the
  /// components (unpremultiplied) between neighbouring stops.
  func color(at t: Double) -> RGBA {
    guard let first = colors.first, let last = colors.last else { return RGBA(0, 0, 0, 0) }
    if t <= locations[0] { return first }
    for index in 1..<locations.count where t < locations[index] {
      let (l0, l1) = (locations[index - 1], locations[index])
      let s = l1 > l0 ? (t - l0) / (l1 - l0) : 1
      let (a, b) = (colors[index - 1], colors[index])
      return RGBA(a.r + (b.r - a.r) * s, a.g + (b.g - a.g) * s, a.b + (b.b - a.b) * s, a.a + (b.a - a.a) * s)
    }
    return last
  }

  /// Whether anything would be drawn: some stop with a visible colour.
  var isVisible: Bool { colors.contains(where: \.isVisible) }
}
