extension LayerProperty {
  private static let every = LayerType.every
  private static let shape: Set<LayerType> = [.shape]
  private static let text: Set<LayerType> = [.text]
  private static let gradient: Set<LayerType> = [.gradient]
  private static let replicator: Set<LayerType> = [.replicator]

  /// The table's row for each property. A switch, so a new `PropertyName` cannot be forgotten here.
  static func row(_ key: PropertyName) -> Row {
    switch key {
    case .position: return Row(key, .point, every, animatable: true, default: [0, 0])
    case .bounds: return Row(key, .rect, every, animatable: true, default: [0, 0, 0, 0], range: .nonNegative)
    case .anchorPoint: return Row(key, .point, every, animatable: true, default: [0.5, 0.5])
    case .zPosition: return Row(key, .number, every, animatable: true, default: [0])
    case .transform: return Row(key, .transform, every, animatable: true, default: [0, 0, 0, 0, 0, 0, 1, 1, 1])
    case .opacity: return Row(key, .number, every, animatable: true, default: [1], range: .unit)
    case .hidden: return Row(key, .bool, every, animatable: true, default: [0])
    case .backgroundColor: return Row(key, .color, every, animatable: true, default: [0, 0, 0, 0])
    case .borderColor: return Row(key, .color, every, animatable: true, default: [0, 0, 0, 1])
    case .borderWidth: return Row(key, .number, every, animatable: true, default: [0], range: .nonNegative)
    case .cornerRadius: return Row(key, .number, every, animatable: true, default: [0], range: .nonNegative)
    case .masksToBounds: return Row(key, .bool, every, animatable: true, default: [0])
    case .sublayerTransform:
      return Row(key, .perspectiveTransform, every, animatable: true, default: [0, 0, 0, 0, 0, 0, 1, 1, 1, 0])
    case .doubleSided: return Row(key, .bool, every, animatable: true, default: [1])
    case .shadowColor: return Row(key, .color, every, animatable: true, default: [0, 0, 0, 1])
    case .shadowOpacity: return Row(key, .number, every, animatable: true, default: [0], range: .unit)
    case .shadowRadius: return Row(key, .number, every, animatable: true, default: [3], range: .nonNegative)
    case .shadowOffset: return Row(key, .size, every, animatable: true, default: [0, -3])
    // Animated point by point like `path`; its coordinates follow the layer's other list numbers (ListLayout).
    case .shadowPath: return Row(key, .path, every, animatable: true)
    case .path: return Row(key, .path, shape, animatable: true)
    case .fillColor: return Row(key, .color, shape, animatable: true, default: [0, 0, 0, 1])
    case .fillRule: return Row(key, .enumeration, shape, animatable: false, cases: FillRule.words)
    case .strokeColor: return Row(key, .color, shape, animatable: true, default: [0, 0, 0, 0])
    case .lineWidth: return Row(key, .number, shape, animatable: true, default: [1], range: .nonNegative)
    case .lineCap: return Row(key, .enumeration, shape, animatable: false, cases: LineCap.words)
    case .lineJoin: return Row(key, .enumeration, shape, animatable: false, cases: LineJoin.words)
    case .miterLimit: return Row(key, .number, shape, animatable: true, default: [10], range: .nonNegative)
    case .lineDashPattern: return Row(key, .numberList, shape, animatable: false)
    case .lineDashPhase: return Row(key, .number, shape, animatable: true, default: [0])
    case .strokeStart: return Row(key, .number, shape, animatable: true, default: [0], range: .unit)
    case .strokeEnd: return Row(key, .number, shape, animatable: true, default: [1], range: .unit)
    case .string: return Row(key, .string, text, animatable: false)
    case .fontSize: return Row(key, .number, text, animatable: true, default: [36], range: .fontSize)
    case .font: return Row(key, .font, text, animatable: false)
    case .foregroundColor: return Row(key, .color, text, animatable: true, default: [1, 1, 1, 1])
    case .alignmentMode: return Row(key, .enumeration, text, animatable: false, cases: AlignmentMode.words)
    case .colors: return Row(key, .colorList, gradient, animatable: true)
    case .locations: return Row(key, .locationList, gradient, animatable: true, range: .unit)
    case .startPoint: return Row(key, .point, gradient, animatable: true, default: [0.5, 0])
    case .endPoint: return Row(key, .point, gradient, animatable: true, default: [0.5, 1])
    case .gradientType: return Row(key, .enumeration, gradient, animatable: false, cases: GradientType.words)
    // CAReplicatorLayer.h. The count animates: the checker builds as many copies as any value reaches and the
    // presentation count decides which are drawn (ReplicaVisibility). The delay is fixed per scene (the compiler
    // shifts each copy's clock by it), so it is not animatable here, but it keeps a slot: the plan carries it.
    case .instanceCount:
      return Row(key, .number, replicator, animatable: true, default: [1], range: .count)
    case .instanceDelay: return Row(key, .duration, replicator, animatable: false, slotted: true, default: [0])
    case .instanceTransform:
      return Row(key, .transform, replicator, animatable: true, default: [0, 0, 0, 0, 0, 0, 1, 1, 1])
    case .instanceColor: return Row(key, .color, replicator, animatable: true, default: [1, 1, 1, 1])
    case .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
      return Row(key, .number, replicator, animatable: true, default: [0])
    }
  }

  /// Every property, in `PropertyName`'s order, each numeric animatable one given the slots after the previous one's.
  public static let all: [LayerProperty] = {
    var next = 0
    return PropertyName.allCases.map { key in
      let row = row(key)
      guard row.hasSlots, let width = row.kind.componentCount else { return LayerProperty(row: row, slot: nil) }
      defer { next += width }
      return LayerProperty(row: row, slot: next)
    }
  }()

  /// The number of slots the table lays out per layer.
  public static let slotCount: Int = all.reduce(0) { $0 + $1.width }

  private static let byName: [String: LayerProperty] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  public static func named(_ name: String) -> LayerProperty? { byName[name] }

  /// The row of `key` (`all` is in `PropertyName.allCases` order).
  public static func of(_ key: PropertyName) -> LayerProperty { all[indices[key]!] }

  private static let indices: [PropertyName: Int] = Dictionary(
    uniqueKeysWithValues: PropertyName.allCases.enumerated().map { ($1, $0) })

  /// Font weights CATextLayer fonts may name (UIFont.Weight's cases).
  public static let fontWeights = FontWeight.words
}
