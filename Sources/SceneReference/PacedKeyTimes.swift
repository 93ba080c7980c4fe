import Foundation
import SceneCore

/// The key times `paced` and `cubicPaced` compute in place of the given ones: each segment lasts in proportion
/// to its length, so the motion has constant average speed per segment.
enum PacedKeyTimes {
  /// Cumulative lengths normalised to [0, 1]; evenly spaced when every length is zero.
  static func keyTimes(segmentLengths lengths: [Double]) -> [Double] {
    let total = lengths.reduce(0, +)
    guard total > 0 else { return evenlySpaced(count: lengths.count + 1) }
    var times = [0.0]
    var sum = 0.0
    for length in lengths {
      sum += length
      times.append(sum / total)
    }
    // The end is exactly 1 whatever the rounding of the sum, so p = 1 lands on the last value.
    times[times.count - 1] = 1
    return times
  }

  /// `count` times `i / (count − 1)`; a single keyframe sits at 0.
  static func evenlySpaced(count: Int) -> [Double] {
    guard count > 1 else { return [0] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// The Euclidean distances between consecutive values (`paced`).
  static func linearLengths(_ values: [[Double]]) -> [Double] {
    zip(values, values.dropFirst()).map { VectorMath.distance($0, $1) }
  }

  /// The arc length of each Kochanek–Bartels segment (`cubicPaced`): the Euclidean speed |h'(s)| integrated over
  /// [0, 1] by one 20-point Gauss–Legendre rule, as docs/semantics.md fixes the rule so both evaluators agree.
  static func hermiteLengths(_ values: [[Double]], tangents: [Double]) -> [Double] {
    guard values.count >= 2 else { return [] }
    let dimension = values[0].count
    return (0..<values.count - 1).map { segment in
      let start = values[segment]
      let end = values[segment + 1]
      let base = segment * 2 * dimension
      return GaussLegendre.integrateUnitInterval { s in
        // Derivatives of the Hermite basis h00, h10, h01, h11.
        let d00 = 6 * s * s - 6 * s
        let d10 = 3 * s * s - 4 * s + 1
        let d01 = -6 * s * s + 6 * s
        let d11 = 3 * s * s - 2 * s
        var squared = 0.0
        for component in 0..<dimension {
          let velocity =
            d00 * start[component] + d10 * tangents[base + component] + d01 * end[component]
            + d11 * tangents[base + dimension + component]
          squared += velocity * velocity
        }
        return squared.squareRoot()
      }
    }
  }
}
