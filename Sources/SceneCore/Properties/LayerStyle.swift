/// The properties that are not animatable and are not numbers: one type for the checked model and the plan, so
/// lowering copies it whole. Words of a fixed list are enums (`StyleWord`), written back as the spec's words.
public struct LayerStyle: Sendable, Hashable {
  public var fillRule: FillRule = .nonZero
  public var lineCap: LineCap = .butt
  public var lineJoin: LineJoin = .miter
  public var lineDashPattern: [Double] = []
  public var string: String = ""
  public var fontFamily: String = "Helvetica"
  public var fontWeight: FontWeight = .regular
  public var alignmentMode: AlignmentMode = .natural
  public var gradientType: GradientType = .axial
  /// The shape of the shadow, in the layer's coordinates; nil (Core Animation's default) casts the shadow of the
  /// layer's composited alpha. These are its elements and model coordinates; a frame's animated coordinates are
  /// the last of the layer's list numbers (`ListLayout`).
  public var shadowPath: BezierPath? = nil

  public init() {}

  /// The word an `.enumeration` property holds; nil for the other properties.
  public func word(of name: PropertyName) -> String? {
    switch name {
    case .fillRule: return fillRule.rawValue
    case .lineCap: return lineCap.rawValue
    case .lineJoin: return lineJoin.rawValue
    case .alignmentMode: return alignmentMode.rawValue
    case .gradientType: return gradientType.rawValue
    default: return nil
    }
  }

  /// Sets an `.enumeration` property from its word; false when the word is not one of its cases (or the property
  /// is not an enumeration), leaving the style as it was.
  @discardableResult
  public mutating func setWord(_ word: String, of name: PropertyName) -> Bool {
    switch name {
    case .fillRule: return Self.assign(word, to: &fillRule)
    case .lineCap: return Self.assign(word, to: &lineCap)
    case .lineJoin: return Self.assign(word, to: &lineJoin)
    case .alignmentMode: return Self.assign(word, to: &alignmentMode)
    case .gradientType: return Self.assign(word, to: &gradientType)
    default: return false
    }
  }

  private static func assign<Word: StyleWord>(_ word: String, to value: inout Word) -> Bool {
    guard let parsed = Word(rawValue: word) else { return false }
    value = parsed
    return true
  }
}
