import SceneCore
import SceneDiagnostics

/// One animation on one key path of one layer instance, with every value evaluated and flattened to the key
/// path's components (`AnimatableKeyPath.kind.componentCount`, or the path's coordinates for `path`).
public struct Animation: Sendable {
  /// Index into `Scene.layers`.
  public var layer: Int
  public var keyPath: AnimatableKeyPath
  public var keyPathSpan: Span
  /// Where the values the track is lowered from are written (`by`, `values`, a motion `path`, `from` or `to`), for
  /// a number that lowering makes non-finite (E0309); `.zero` when not known.
  public var valuesSpan: Span = .zero
  public var additive: Bool = false
  public var cumulative: Bool = false
  public var content: Content

  public init(layer: Int, keyPath: AnimatableKeyPath, keyPathSpan: Span = .zero, content: Content) {
    self.layer = layer
    self.keyPath = keyPath
    self.keyPathSpan = keyPathSpan
    self.content = content
  }

  /// Indirect: the checker, the linter and the compiler hand animations around by value, and a keyframe list's
  /// seven arrays cost seven reference counts per copy where one box costs one.
  public indirect enum Content: Sendable {
    /// CABasicAnimation: at least one of from, to, by.
    case basic(FromToBy)
    /// CAKeyframeAnimation with `values`.
    case keyframes(Keyframes)
    /// CAKeyframeAnimation on `position` with a motion `path`.
    case motion(Motion)
    /// CASpringAnimation.
    case spring(SpringParameters, FromToBy)
  }
}

/// CABasicAnimation's three optional values; the checker guarantees at least one is set.
public struct FromToBy: Sendable, Hashable {
  public var from: [Double]?
  public var to: [Double]?
  public var by: [Double]?

  public init(from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil) {
    self.from = from
    self.to = to
    self.by = by
  }
}

public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
  case linear
  case discrete
  case paced
  case cubic
  case cubicPaced
}

public enum RotationMode: String, Sendable, Hashable, CaseIterable {
  case auto
  case autoReverse
}

public struct Keyframes: Sendable, Hashable {
  public var values: KeyframeValues
  /// Checked counts: as many as values (discrete: one more), 0 first, 1 last, non-decreasing. `nil`: evenly spaced.
  public var keyTimes: [Double]?
  /// One per segment when given.
  public var timingFunctions: [TimingFunction]?
  public var calculationMode: CalculationMode = .linear
  /// One per keyframe each, for `cubic` and `cubicPaced`; `nil` means all 0.
  public var tension: [Double]?
  public var continuity: [Double]?
  public var bias: [Double]?

  public init(values: KeyframeValues) { self.values = values }
}

public struct Motion: Sendable, Hashable {
  public var path: BezierPath
  public var keyTimes: [Double]?
  public var timingFunctions: [TimingFunction]?
  public var calculationMode: CalculationMode = .linear
  public var rotationMode: RotationMode?

  public init(path: BezierPath) { self.path = path }
}
