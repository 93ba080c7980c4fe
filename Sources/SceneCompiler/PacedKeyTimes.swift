import Foundation
import SceneCore

/// Key times for the paced modes: each segment lasts in proportion to its length.
enum PacedKeyTimes {
  /// 0, then the running sums of `lengths` over their total, the last exactly 1; nil when every length is 0
  /// (the caller spaces the key times evenly then).
  static func proportional(to lengths: [Double]) -> [Double]? {
    var lengths = lengths
    var total = lengths.reduce(0, +)
    // Lengths near 1.8e308 sum past it: divided by their count (a common factor), they cannot.
    if total.isInfinite, lengths.allSatisfy(\.isFinite) {
      lengths = lengths.map { $0 / Double(lengths.count) }
      total = lengths.reduce(0, +)
    }
    guard total > 0, total.isFinite else { return nil }
    var times = [0.0]
    var sum = 0.0
    for length in lengths.dropLast() {
      sum += length
      times.append(sum / total)
    }
    times.append(1)
    return times
  }

  /// The arc length of one Hermite segment from p0 to p1 with tangents m0 then m1 (`tangents`: 2·d numbers):
  /// 20-point Gauss–Legendre on [0, 1] of the Euclidean norm of the derivative.
  static func hermiteLength(from p0: [Double], to p1: [Double], tangents: [Double]) -> Double {
    let dimension = p0.count
    var sum = 0.0
    for (node, weight) in GaussLegendre.twentyPoint {
      let s = (node + 1) / 2
      // Derivatives of the Hermite basis.
      let d00 = 6 * s * s - 6 * s
      let d10 = 3 * s * s - 4 * s + 1
      let d01 = -6 * s * s + 6 * s
      let d11 = 3 * s * s - 2 * s
      var squared = 0.0
      for component in 0..<dimension {
        let derivative =
          d00 * p0[component] + d10 * tangents[component] + d01 * p1[component] + d11 * tangents[dimension + component]
        squared += derivative * derivative
      }
      sum += weight * squared.squareRoot()
    }
    return sum / 2
  }
}
