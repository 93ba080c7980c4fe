import Foundation
import SceneCore

/// A path element stored as nine numbers (degree, start, control 1, control 2, end), evaluated as
/// `BezierSegment` does in SceneCore, without building one: the sampler must not allocate.
enum MotionGeometry {
  /// B(s) of the element whose nine numbers start at `c`.
  @inline(__always)
  static func point(_ c: UnsafePointer<Double>, s: Double) -> (x: Double, y: Double) {
    let degree = Int(c[0])
    let (x0, y0) = (c[1], c[2])
    let (x1, y1) = (c[3], c[4])
    let (x2, y2) = (c[5], c[6])
    let (x3, y3) = (c[7], c[8])
    let r = 1 - s
    switch degree {
    case 0: return (x0, y0)
    case 1: return (x0 + (x3 - x0) * s, y0 + (y3 - y0) * s)
    case 2:
      let (w0, w1, w2) = (r * r, 2 * r * s, s * s)
      return (w0 * x0 + w1 * x1 + w2 * x3, w0 * y0 + w1 * y1 + w2 * y3)
    default:
      let (w0, w1, w2, w3) = (r * r * r, 3 * r * r * s, 3 * r * s * s, s * s * s)
      return (w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3, w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3)
    }
  }

  /// The direction of travel at s: B'(s), or where it vanishes the first non-degenerate chord from the nearer end
  /// (as `BezierPath.tangent(element:parameter:)`); (0, 0) for a point or a zero-length element.
  static func tangent(_ c: UnsafePointer<Double>, s: Double) -> (x: Double, y: Double) {
    let degree = Int(c[0])
    let (x0, y0) = (c[1], c[2])
    let (x1, y1) = (c[3], c[4])
    let (x2, y2) = (c[5], c[6])
    let (x3, y3) = (c[7], c[8])
    let r = 1 - s
    var dx = 0.0
    var dy = 0.0
    switch degree {
    case 0: break
    case 1: (dx, dy) = (x3 - x0, y3 - y0)
    case 2:
      dx = (2 * r) * (x1 - x0) + (2 * s) * (x3 - x1)
      dy = (2 * r) * (y1 - y0) + (2 * s) * (y3 - y1)
    default:
      dx = (3 * r * r) * (x1 - x0) + (6 * r * s) * (x2 - x1) + (3 * s * s) * (x3 - x2)
      dy = (3 * r * r) * (y1 - y0) + (6 * r * s) * (y2 - y1) + (3 * s * s) * (y3 - y2)
    }
    let scale = max(abs(x0), abs(y0), abs(x3), abs(y3), 1)
    let limit = 1e-12 * scale
    if (dx * dx + dy * dy).squareRoot() > limit { return (dx, dy) }
    // The three chords from the nearer end, in BezierSegment's order.
    for chord in 0..<3 {
      let (cx, cy): (Double, Double)
      if s < 0.5 {
        switch chord {
        case 0: (cx, cy) = (x1 - x0, y1 - y0)
        case 1: (cx, cy) = (x2 - x0, y2 - y0)
        default: (cx, cy) = (x3 - x0, y3 - y0)
        }
      } else {
        switch chord {
        case 0: (cx, cy) = (x3 - x2, y3 - y2)
        case 1: (cx, cy) = (x3 - x1, y3 - y1)
        default: (cx, cy) = (x3 - x0, y3 - y0)
        }
      }
      if (cx * cx + cy * cy).squareRoot() > limit { return (cx, cy) }
    }
    return (0, 0)
  }
}
