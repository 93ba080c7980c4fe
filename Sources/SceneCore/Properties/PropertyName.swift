/// The name of every property a layer entry may set besides the structural keys, in the order of the property
/// table: the order Grammar.md lists them, the sampler prints them and the slots are laid out in.
///
/// An enum, so that every switch over the properties (the table's rows, the front end's documentation) is
/// exhaustive: adding a case is a compile error until each of them says what the new property is.
public enum PropertyName: String, CaseIterable, Sendable, Hashable {
  case position
  case bounds
  case anchorPoint
  case zPosition
  case transform
  case opacity
  case hidden
  case backgroundColor
  case borderColor
  case borderWidth
  case cornerRadius
  case masksToBounds
  case sublayerTransform
  case doubleSided
  case shadowColor
  case shadowOpacity
  case shadowRadius
  case shadowOffset
  case shadowPath
  case path
  case fillColor
  case fillRule
  case strokeColor
  case lineWidth
  case lineCap
  case lineJoin
  case miterLimit
  case lineDashPattern
  case lineDashPhase
  case strokeStart
  case strokeEnd
  case string
  case fontSize
  case font
  case foregroundColor
  case alignmentMode
  case colors
  case locations
  case startPoint
  case endPoint
  case gradientType
  case instanceCount
  case instanceDelay
  case instanceTransform
  case instanceColor
  case instanceRedOffset
  case instanceGreenOffset
  case instanceBlueOffset
  case instanceAlphaOffset
}
