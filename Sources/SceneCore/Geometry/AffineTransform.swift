import Foundation

/// A 2-D affine transform in CGAffineTransform's convention: row vectors, [x y 1] · M with
///
///     | a   b   0 |
///     | c   d   0 |      x' = a·x + c·y + tx
///     | tx  ty  1 |      y' = b·x + d·y + ty
///
/// In UIKit's y-down space a positive rotation angle turns clockwise on screen.
public struct AffineTransform: Sendable, Hashable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// CGAffineTransform(translationX:y:).
  public static func translation(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// CGAffineTransform(scaleX:y:).
  public static func scale(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// CGAffineTransform(rotationAngle:): a = cos θ, b = sin θ, c = −sin θ, d = cos θ, so (1, 0) goes to
  /// (cos θ, sin θ) — clockwise on a y-down screen for θ > 0. Exact at multiples of a quarter turn.
  public static func rotation(_ angle: Double) -> AffineTransform {
    let (cosine, sine) = exactCosineAndSine(angle)
    return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other`, as `CGAffineTransform.concatenating(_:)`: the matrix product self · other, so a
  /// point is mapped by `self` first (`p · self · other`).
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// The image of `point`: (a·x + c·y + tx, b·x + d·y + ty).
  public func apply(to point: Point) -> Point {
    Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
  }

  /// The determinant a·d − b·c; zero for a transform that flattens the plane.
  public var determinant: Double { a * d - b * c }

  /// The inverse transform, or `nil` when the determinant is 0 (CGAffineTransform.inverted() returns the
  /// transform unchanged instead; an explicit `nil` keeps that case from passing unnoticed).
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }
}
