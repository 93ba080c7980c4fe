/// A path as Core Graphics stores it: a list of elements and the coordinates of their points.
///
/// The structure (`elements`) and the numbers (`coordinates`) are kept apart so that a path animation
/// interpolates `coordinates` component-wise between paths of the same structure, exactly as every other
/// animatable value is an array of numbers.
public struct BezierPath: Sendable, Hashable {
  public enum Element: UInt8, Sendable, Hashable {
    /// 1 point: the new current point.
    case move
    /// 1 point: the end.
    case line
    /// 2 points: control, end.
    case quad
    /// 3 points: control 1, control 2, end.
    case cubic
    /// 0 points: a line back to the subpath's start.
    case close

    public var pointCount: Int {
      switch self {
      case .move, .line: return 1
      case .quad: return 2
      case .cubic: return 3
      case .close: return 0
      }
    }
  }

  public var elements: [Element]
  /// x, y of every point of every element, in order.
  public var coordinates: [Double]

  public init(elements: [Element] = [], coordinates: [Double] = []) {
    self.elements = elements
    self.coordinates = coordinates
  }

  public var isEmpty: Bool { elements.isEmpty }

  /// Two paths can be interpolated when their element lists are identical.
  public func hasSameStructure(as other: BezierPath) -> Bool { elements == other.elements }
}
