/// The layer classes a scene can use, named after their Core Animation counterparts: `layer` is CALayer,
/// `shape` is CAShapeLayer, `text` is CATextLayer, `gradient` is CAGradientLayer, `replicator` is CAReplicatorLayer.
public enum LayerType: String, CaseIterable, Sendable, Hashable, Codable {
  case layer
  case shape
  case text
  case gradient
  case replicator

  /// Every type; used by properties every CALayer has.
  public static let every: Set<LayerType> = Set(allCases)

  /// One bit per type, for sets of types kept as a byte.
  public var bit: UInt8 {
    switch self {
    case .layer: return 1
    case .shape: return 2
    case .text: return 4
    case .gradient: return 8
    case .replicator: return 16
    }
  }

  /// How messages name a layer of this type: "a plain layer (`type: layer`, the default)".
  public var phrase: String {
    switch self {
    case .layer: return "a plain layer (`type: layer`, the default)"
    case .shape: return "a shape layer"
    case .text: return "a text layer"
    case .gradient: return "a gradient layer"
    case .replicator: return "a replicator layer"
    }
  }
}
