import SceneCore
import SceneFrontEnd
import SceneModel
import SceneRuntime

/// CAKeyframeAnimation along a path: each element but a move is one segment, stored as its geometry.
enum MotionLowering {
  static func table(_ motion: Motion) -> KeyframeTable {
    let path = motion.path
    let lengths = path.elementLengths
    var geometry: [[Double]] = []  // degree, start, control 1, control 2, end (BezierSegment's layout)
    var segmentLengths: [Double] = []
    var current = (0.0, 0.0)
    var subpathStart = (0.0, 0.0)
    var index = 0
    let c = path.coordinates
    for (element, kind) in path.elements.enumerated() {
      func point(_ offset: Int) -> (Double, Double) { (c[index + 2 * offset], c[index + 2 * offset + 1]) }
      var numbers: [Double]? = nil
      switch kind {
      case .move:
        subpathStart = point(0)
        current = subpathStart
      case .line:
        let end = point(0)
        numbers = [1, current.0, current.1, current.0, current.1, end.0, end.1, end.0, end.1]
        current = end
      case .quad:
        let (control, end) = (point(0), point(1))
        numbers = [2, current.0, current.1, control.0, control.1, control.0, control.1, end.0, end.1]
        current = end
      case .cubic:
        let (control1, control2, end) = (point(0), point(1), point(2))
        numbers = [3, current.0, current.1, control1.0, control1.1, control2.0, control2.1, end.0, end.1]
        current = end
      case .close:
        let end = subpathStart
        numbers = [1, current.0, current.1, current.0, current.1, end.0, end.1, end.0, end.1]
        current = end
      }
      index += 2 * kind.pointCount
      if let numbers {
        geometry.append(numbers)
        segmentLengths.append(lengths[element])
      }
    }
    let segments = geometry.count
    // Keyframe points: each segment's start, then the last one's end.
    var values = geometry.flatMap { [$0[1], $0[2]] }
    values += [geometry[segments - 1][7], geometry[segments - 1][8]]
    let keyframes = segments + 1
    if motion.calculationMode == .discrete {
      let times = motion.keyTimes ?? (0...keyframes).map { Double($0) / Double(keyframes) }
      var coefficients: [Double] = []
      for numbers in geometry { coefficients += numbers + [0] }
      coefficients += geometry[segments - 1] + [1]
      return KeyframeTable(
        components: 2, keyTimes: times, values: values,
        kinds: Array(repeating: SegmentKind.motionHold, count: keyframes), coefficients: coefficients)
    }
    let even = (0..<keyframes).map { Double($0) / Double(segments) }
    let paced = motion.calculationMode == .paced || motion.calculationMode == .cubicPaced
    let times = paced ? (PacedKeyTimes.proportional(to: segmentLengths) ?? even) : (motion.keyTimes ?? even)
    var kinds: [UInt8] = []
    var coefficients: [Double] = []
    for segment in 0..<segments {
      if !paced, let functions = motion.timingFunctions, segment < functions.count, !functions[segment].isLinear {
        let function = functions[segment]
        kinds.append(SegmentKind.motion | SegmentKind.eased)
        coefficients += [function.x1, function.y1, function.x2, function.y2] + geometry[segment]
      } else {
        kinds.append(SegmentKind.motion)
        coefficients += geometry[segment]
      }
    }
    return KeyframeTable(components: 2, keyTimes: times, values: values, kinds: kinds, coefficients: coefficients)
  }
}
