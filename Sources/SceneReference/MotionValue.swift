import Foundation
import SceneCore
import SceneFrontEnd
import SceneModel

/// CAKeyframeAnimation on `position` with a `path`: every element but a move is one keyframe segment.
extension ReferenceEvaluator {
  /// The position at progress p.
  static func motionValue(_ motion: Motion, progress p: Double) -> [Double] {
    guard let (element, s) = motionLocation(motion, progress: p) else {
      // No drawn element (the checker rejects this): the path's first point, or the origin.
      let coordinates = motion.path.coordinates
      return coordinates.count >= 2 ? [coordinates[0], coordinates[1]] : [0, 0]
    }
    let point = motion.path.point(element: element, parameter: s)
    return [point.x, point.y]
  }

  /// The angle `rotationMode` adds to the z rotation at progress p; `nil` without a rotation mode.
  static func motionRotation(_ motion: Motion, progress p: Double) -> Double? {
    guard let mode = motion.rotationMode, let (element, s) = motionLocation(motion, progress: p) else { return nil }
    let tangent = motion.path.tangent(element: element, parameter: s)
    let angle = tangent.x == 0 && tangent.y == 0 ? 0 : atan2(tangent.y, tangent.x)
    switch mode {
    case .auto: return angle
    case .autoReverse: return angle + Double.pi
    }
  }

  /// The path element and its parameter at progress p, by the keyframe rules over the drawn elements.
  static func motionLocation(_ motion: Motion, progress p: Double) -> (element: Int, parameter: Double)? {
    let drawn = motion.path.elements.indices.filter { motion.path.elements[$0] != .move }
    guard !drawn.isEmpty else { return nil }
    switch motion.calculationMode {
    case .discrete:
      // N segments give N + 1 keyframes: each segment's start, then the end of the last one.
      let times = motion.keyTimes ?? PacedKeyTimes.evenlySpaced(count: drawn.count + 2)
      let index = discreteIndex(p, times: times, valueCount: drawn.count + 1)
      return index < drawn.count ? (drawn[index], 0) : (drawn[drawn.count - 1], 1)
    case .linear, .cubic:
      // The path itself is the curve, so cubic moves along it exactly as linear does.
      let times = motion.keyTimes ?? PacedKeyTimes.evenlySpaced(count: drawn.count + 1)
      let (segment, s) = locate(p, times: times)
      return (drawn[segment], ease(s, segment: segment, functions: motion.timingFunctions))
    case .paced, .cubicPaced:
      let lengths = motion.path.elementLengths
      let times = PacedKeyTimes.keyTimes(segmentLengths: drawn.map { lengths[$0] })
      let (segment, s) = locate(p, times: times)
      return (drawn[segment], s)
    }
  }
}
