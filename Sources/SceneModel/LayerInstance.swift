import SceneCore
import SceneDiagnostics

/// One layer as it will exist at run time: a repeated layer gives one instance per index.
public struct LayerInstance: Sendable {
  /// `title`, or `fan[2]` for the third instance of a repeated layer.
  public var id: String
  /// The id as written (`fan`).
  public var baseID: String
  /// The loop index for repeated layers.
  public var instanceIndex: Int?
  /// For a sublayer of a replicator: which of its copies this is (0 is the sublayer itself); 0 elsewhere.
  public var replicaIndex: Int = 0
  /// How much later than the scene's clock this layer's animations play: the sum of copy index × `instanceDelay`
  /// over the replicators it is drawn through (CAReplicatorLayer shifts a copy's whole time; 0 outside them).
  public var replicaDelay: Double = 0
  public var type: LayerType
  /// Index of the superlayer in `Scene.layers`; `nil` for top-level layers.
  public var parent: Int?
  /// Whether this layer is its parent's `mask` rather than a sublayer.
  public var isMask: Bool
  /// The model path (shape layers); empty when none.
  public var path: BezierPath
  /// A gradient layer's stop colours, r, g, b, a each (`colors`); empty for other layers.
  public var colors: [Double] = []
  /// A gradient layer's stop locations, one per colour: uniform when the spec gives none (Core Animation's nil).
  public var locations: [Double] = []
  public var style: LayerStyle
  /// Where the layer entry is written, for diagnostics of later phases.
  public var span: Span
  /// Where its `id` is written.
  public var idSpan: Span

  public init(
    id: String, baseID: String, instanceIndex: Int? = nil, type: LayerType, parent: Int? = nil, isMask: Bool = false,
    path: BezierPath = BezierPath(), style: LayerStyle = LayerStyle(),
    span: Span = .zero, idSpan: Span = .zero
  ) {
    self.id = id
    self.baseID = baseID
    self.instanceIndex = instanceIndex
    self.type = type
    self.parent = parent
    self.isMask = isMask
    self.path = path
    self.style = style
    self.span = span
    self.idSpan = idSpan
  }

  /// The numbers kept beside the slots (`ListLayout`): the path's coordinates, or a gradient's locations then
  /// colours; then the shadowPath's coordinates.
  public var listNumbers: [Double] {
    (type == .gradient ? ListLayout.gradientList(colors: colors, locations: locations) : path.coordinates)
      + (style.shadowPath?.coordinates ?? [])
  }

  /// How many of `listNumbers` come before the shadowPath's coordinates, counted without building the list.
  public var listNumberCountBeforeShadowPath: Int {
    type == .gradient ? locations.count + colors.count : path.coordinates.count
  }

  /// The components of a key path that writes no slot (`keyPath.slot == nil`: a path, a gradient's lists, a
  /// shadowPath), read from the layer's lists; slot values are the scene's (`Scene.value(of:layer:)`).
  public func listValue(of keyPath: AnimatableKeyPath) -> [Double] {
    switch keyPath.property {
    case PropertyName.colors.rawValue: return colors
    case PropertyName.locations.rawValue: return locations
    case PropertyName.shadowPath.rawValue: return style.shadowPath?.coordinates ?? []
    default: return path.coordinates
    }
  }

  /// Writes a key path that writes no slot into the layer's lists, the inverse of `listValue(of:)`.
  public mutating func setList(_ keyPath: AnimatableKeyPath, to value: [Double]) {
    switch keyPath.property {
    case PropertyName.colors.rawValue: colors = value
    case PropertyName.locations.rawValue: locations = value
    case PropertyName.shadowPath.rawValue: style.shadowPath?.coordinates = value
    default: path.coordinates = value
    }
  }
}
