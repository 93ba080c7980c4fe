import SceneCore
import SceneModel

/// A leaf's local time as its content needs it: springs read seconds (`tau`), everything else the eased progress.
public struct LeafTime: Sendable, Hashable {
  public var tau: Double
  public var progress: Double
  public var repeatIndex: Double

  public init(tau: Double, progress: Double, repeatIndex: Double = 0) {
    self.tau = tau
    self.progress = progress
    self.repeatIndex = repeatIndex
  }
}

extension ReferenceEvaluator {
  /// The animation's own value at `time` over the running value `base` (before `additive` is applied; with
  /// `cumulative`, `n · V_end` included). The motion rotation is not part of it: see `motionRotation`.
  public static func leafValue(_ animation: Animation, at time: LeafTime, base: [Double]) -> [Double] {
    let value: [Double]
    let end: [Double]
    switch animation.content {
    case .basic(let values):
      let (a, b) = endpoints(values, base: base)
      value = VectorMath.lerp(a, b, time.progress)
      end = b
    case .spring(let spring, let values):
      let (a, b) = endpoints(values, base: base)
      // Seconds of basic local time, not divided by the duration; the timing function plays no part.
      value = VectorMath.lerp(a, b, spring.progress(at: time.tau))
      end = b
    case .keyframes(let keyframes):
      value = keyframeValue(keyframes, progress: time.progress)
      end = keyframes.values.last ?? base
    case .motion(let motion):
      value = motionValue(motion, progress: time.progress)
      end = motionValue(motion, progress: 1)
    }
    guard animation.cumulative, time.repeatIndex != 0 else { return value }
    return VectorMath.add(value, VectorMath.scale(end, time.repeatIndex))
  }

  /// The two values a basic or spring animation interpolates between (docs/semantics.md's from/to/by table).
  static func endpoints(_ values: FromToBy, base: [Double]) -> (from: [Double], to: [Double]) {
    switch (values.from, values.to, values.by) {
    // With all three set, `by` is ignored ("no more than two should be non-nil"; GNUstep ignores by).
    case (let from?, let to?, _): return (from, to)
    case (let from?, nil, let by?): return (from, VectorMath.add(from, by))
    case (nil, let to?, let by?): return (VectorMath.subtract(to, by), to)
    case (let from?, nil, nil): return (from, base)
    case (nil, let to?, nil): return (base, to)
    case (nil, nil, let by?): return (base, VectorMath.add(base, by))
    case (nil, nil, nil): return (base, base)
    }
  }
}
