/// The properties that are not animatable and are not numbers, kept as the spec wrote them: one type for the
/// checked model and the plan, so lowering copies it whole.
public struct LayerStyle: Sendable, Hashable {
  public var fillRule: String = "nonZero"
  public var lineCap: String = "butt"
  public var lineJoin: String = "miter"
  public var lineDashPattern: [Double] = []
  public var string: String = ""
  public var fontFamily: String = "Helvetica"
  public var fontWeight: String = "regular"
  public var alignmentMode: String = "natural"

  public init() {}
}
