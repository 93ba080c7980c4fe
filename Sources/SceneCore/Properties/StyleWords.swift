/// A property whose value is one word of a fixed list. The raw values are the spec's (and Core Animation's)
/// words, so the plan, the samples and the exports write exactly what the spec wrote.
public protocol StyleWord: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {}

extension StyleWord {
  /// Every word, in declaration order (the first is the property's default).
  public static var words: [String] { allCases.map { $0.rawValue } }
}

/// CAShapeLayerFillRule: which regions of a self-intersecting path are inside.
public enum FillRule: String, StyleWord {
  case nonZero
  case evenOdd
}

/// CAShapeLayerLineCap.
public enum LineCap: String, StyleWord {
  case butt
  case round
  case square
}

/// CAShapeLayerLineJoin.
public enum LineJoin: String, StyleWord {
  case miter
  case round
  case bevel
}

/// CATextLayerAlignmentMode.
public enum AlignmentMode: String, StyleWord {
  case natural
  case left
  case right
  case center
  case justified
}

/// CAGradientLayerType, written `gradientType` because `type` names the layer type.
public enum GradientType: String, StyleWord {
  case axial
  case radial
  case conic
}

/// The weights a font may name: UIFont.Weight's cases, lightest first.
public enum FontWeight: String, StyleWord {
  case ultraLight
  case thin
  case light
  case regular
  case medium
  case semibold
  case bold
  case heavy
  case black
}
