/// A rectangle in UIKit coordinates (origin top-left, y down), as CGRect.
public struct Rect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.init(x: x, y: y, width: width, height: height)
  }

  public static let zero = Rect(0, 0, 0, 0)

  public var minX: Double { min(x, x + width) }
  public var maxX: Double { max(x, x + width) }
  public var minY: Double { min(y, y + height) }
  public var maxY: Double { max(y, y + height) }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }

  /// The same rectangle with a non-negative width and height, as `CGRect.standardized`: Core Graphics' shape
  /// functions (`CGPathAddRect`, `CGPathAddEllipseInRect`) work on this form, so the path builder does too.
  public var standardized: Rect { Rect(minX, minY, abs(width), abs(height)) }
}
