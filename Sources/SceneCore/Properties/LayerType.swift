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
