/// Where each animatable numeric property lives in a layer's flat array of values.
///
/// Every layer, whatever its type, has the same layout, so the runtime indexes it with constants and a
/// sampled state is one contiguous `[Double]` per layer. Paths are kept beside it, as their length varies.
public enum SlotLayout {
  public static let position = 0  // 2
  public static let bounds = 2  // 4: x, y, width, height
  public static let anchorPoint = 6  // 2
  public static let zPosition = 8  // 1
  /// 9: translation x/y/z, rotation x/y/z, scale x/y/z.
  public static let transform = 9
  public static let translation = 9
  public static let rotation = 12
  public static let scale = 15
  public static let opacity = 18
  public static let hidden = 19
  public static let backgroundColor = 20  // 4
  public static let borderColor = 24  // 4
  public static let borderWidth = 28
  public static let cornerRadius = 29
  public static let masksToBounds = 30
  public static let fillColor = 31  // 4
  public static let strokeColor = 35  // 4
  public static let lineWidth = 39
  public static let miterLimit = 40
  public static let lineDashPhase = 41
  public static let strokeStart = 42
  public static let strokeEnd = 43
  public static let fontSize = 44
  public static let foregroundColor = 45  // 4
  public static let count = 49

  /// The default value of every slot: CALayer's, CAShapeLayer's and CATextLayer's defaults.
  public static let defaults: [Double] = {
    var values = [Double](repeating: 0, count: count)
    for property in LayerProperty.all {
      guard let slot = property.slot, let value = property.defaultValue else { continue }
      for (offset, component) in value.enumerated() { values[slot + offset] = component }
    }
    return values
  }()
}
