import Foundation

/// A point or a 2-D vector in UIKit coordinates (points, origin top-left, y down), as CGPoint.
///
/// The same type serves for positions and for differences of positions (tangents, offsets); the arithmetic below is
/// what the path code needs and nothing more.
public struct Point: Sendable, Hashable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ x: Double, _ y: Double) {
    self.init(x: x, y: y)
  }

  public static let zero = Point(0, 0)

  /// The Euclidean length of the point seen as a vector from the origin. Where the squares overflow (coordinates
  /// beyond about 1e154) or underflow, `hypot` gives it without them; elsewhere the plain formula, bit for bit.
  public var length: Double {
    let squared = x * x + y * y
    return squared.isNormal ? squared.squareRoot() : hypot(x, y)
  }

  public func distance(to other: Point) -> Double { (other - self).length }

  public static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }
  public static func - (lhs: Point, rhs: Point) -> Point { Point(lhs.x - rhs.x, lhs.y - rhs.y) }
  public static func * (scalar: Double, point: Point) -> Point { Point(scalar * point.x, scalar * point.y) }
  public static prefix func - (point: Point) -> Point { Point(-point.x, -point.y) }

  /// Linear interpolation: `self` at 0, `other` at 1.
  public func interpolated(to other: Point, at fraction: Double) -> Point {
    Point(x + (other.x - x) * fraction, y + (other.y - y) * fraction)
  }
}
