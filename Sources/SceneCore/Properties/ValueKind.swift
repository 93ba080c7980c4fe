/// The type of a property or key-path value, as the checker understands it and the plan stores it.
///
/// Every animatable kind flattens to a fixed number of `Double` components (`componentCount`), so the
/// compiler, the runtime and the reference evaluator interpolate one representation: an array of numbers.
/// Paths and a gradient's colour and location lists are the exception in length only: their count is fixed per
/// layer (by the path's command structure, by the number of gradient stops) and kept beside the slots
/// (`ListLayout`).
public enum ValueKind: String, Sendable, Hashable, CaseIterable {
  case number
  /// Radians; a bare number is radians, `45deg` converts.
  case angle
  /// Seconds; a bare number is seconds, `250ms` converts.
  case duration
  case point
  case size
  case rect
  case color
  case bool
  /// A bézier path: its components are the coordinates of its points.
  case path
  /// The decomposed transform: translation x/y/z, rotation x/y/z (radians), scale x/y/z.
  case transform
  /// `sublayerTransform`'s: the nine numbers of `transform`, then m34 (the perspective, −1/eye distance; 0 for none).
  case perspectiveTransform
  /// A bare word from a fixed list (`lineCap: round`).
  case enumeration
  case string
  /// A list of non-negative numbers (`lineDashPattern`).
  case numberList
  /// `{family: Helvetica, weight: bold}`.
  case font
  /// A gradient's colours: r, g, b, a of each stop (`colors`).
  case colorList
  /// A gradient's stop locations: numbers in [0, 1] that never decrease (`locations`).
  case locationList

  /// How many numbers one value of this kind flattens to; `nil` for kinds that are not animated as numbers.
  public var componentCount: Int? {
    switch self {
    case .number, .angle, .duration, .bool: return 1
    case .point, .size: return 2
    case .rect, .color: return 4
    case .transform: return 9
    case .perspectiveTransform: return 10
    case .path, .enumeration, .string, .numberList, .font, .colorList, .locationList: return nil
    }
  }

  /// The phrase diagnostics use for a value of this kind ("expected a colour").
  public var phrase: String {
    switch self {
    case .number: return "a number"
    case .angle: return "an angle"
    case .duration: return "a duration"
    case .point: return "a point [x, y]"
    case .size: return "a size [width, height]"
    case .rect: return "a rect [x, y, width, height]"
    case .color: return "a colour"
    case .bool: return "true or false"
    case .path: return "a path"
    case .transform: return "a transform {translation, rotation, scale}"
    case .perspectiveTransform: return "a transform {perspective, translation, rotation, scale}"
    case .enumeration: return "one of a fixed list of words"
    case .string: return "a string"
    case .numberList: return "a list of numbers"
    case .font: return "a font {family, weight}"
    case .colorList: return "a list of colours"
    case .locationList: return "a list of numbers from 0 to 1"
    }
  }
}
