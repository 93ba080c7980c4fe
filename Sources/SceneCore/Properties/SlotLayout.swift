/// Where each animatable numeric property lives in a layer's flat array of values.
///
/// Every layer, whatever its type, has the same layout, so the runtime indexes it with constants and a sampled
/// state is one contiguous `[Double]` per layer. Paths and gradient stops are kept beside it, as their length
/// varies (`ListLayout`). The offsets are
/// read from the property table (`LayerProperty.all`, laid out in its order); these names only keep call sites short.
public enum SlotLayout {
  public static let position = slot(.position)
  /// x, y, width, height.
  public static let bounds = slot(.bounds)
  public static let anchorPoint = slot(.anchorPoint)
  public static let zPosition = slot(.zPosition)
  /// 9: translation x/y/z, rotation x/y/z, scale x/y/z.
  public static let transform = slot(.transform)
  public static let translation = transform
  public static let rotation = transform + 3
  public static let scale = transform + 6
  public static let opacity = slot(.opacity)
  public static let hidden = slot(.hidden)
  public static let backgroundColor = slot(.backgroundColor)
  public static let borderColor = slot(.borderColor)
  public static let borderWidth = slot(.borderWidth)
  public static let cornerRadius = slot(.cornerRadius)
  public static let masksToBounds = slot(.masksToBounds)
  /// 10: translation x/y/z, rotation x/y/z, scale x/y/z, m34.
  public static let sublayerTransform = slot(.sublayerTransform)
  public static let doubleSided = slot(.doubleSided)
  public static let shadowColor = slot(.shadowColor)
  public static let shadowOpacity = slot(.shadowOpacity)
  public static let shadowRadius = slot(.shadowRadius)
  /// width, height: the shadow's offset in the layer's coordinates (y down, so the default [0, -3] is up).
  public static let shadowOffset = slot(.shadowOffset)
  public static let fillColor = slot(.fillColor)
  public static let strokeColor = slot(.strokeColor)
  public static let lineWidth = slot(.lineWidth)
  public static let miterLimit = slot(.miterLimit)
  public static let lineDashPhase = slot(.lineDashPhase)
  public static let strokeStart = slot(.strokeStart)
  public static let strokeEnd = slot(.strokeEnd)
  public static let fontSize = slot(.fontSize)
  public static let foregroundColor = slot(.foregroundColor)
  public static let startPoint = slot(.startPoint)
  public static let endPoint = slot(.endPoint)
  public static let instanceCount = slot(.instanceCount)
  public static let instanceDelay = slot(.instanceDelay)
  /// 9, as `transform`.
  public static let instanceTransform = slot(.instanceTransform)
  public static let instanceColor = slot(.instanceColor)
  /// Red, green, blue and alpha offsets, consecutive.
  public static let instanceOffsets = slot(.instanceRedOffset)
  public static let count = LayerProperty.slotCount

  /// The first slot of `key`, which must have slots.
  public static func slot(_ key: PropertyName) -> Int {
    guard let slot = LayerProperty.of(key).slot else { preconditionFailure("\(key) has no slots") }
    return slot
  }

  /// The default value of every slot: CALayer's, CAShapeLayer's, CATextLayer's and CAGradientLayer's defaults.
  public static let defaults: [Double] = {
    var values = [Double](repeating: 0, count: count)
    for property in LayerProperty.all {
      guard let slot = property.slot, let value = property.defaultValue else { continue }
      for (offset, component) in value.enumerated() { values[slot + offset] = component }
    }
    return values
  }()
}
