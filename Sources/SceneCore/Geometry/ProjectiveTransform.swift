/// A 2-D projective map (a homography) in the row-vector convention of `AffineTransform`: a point (x, y) becomes
/// (X/W, Y/W) with [X Y W] = [x y 1] · M,
///
///     | m11 m12 m14 |
///     | m21 m22 m24 |      the rows and columns 1, 2 and 4 of a CATransform3D: what is left of a 4×4 matrix
///     | m41 m42 m44 |      applied to a flat layer (z = 0) and flattened into a plane (z dropped)
///
/// It is how a layer under a superlayer's perspective maps into the scene: Core Animation flattens every ordinary
/// layer's sublayers into its own plane (reference §10), so the map from a layer into the scene is the product of
/// one such map per level.
public struct ProjectiveTransform: Sendable, Hashable {
  /// Row-major: m[0] = m11, m[1] = m12, m[2] = m14, m[3] = m21, …, m[8] = m44.
  public var m: [Double]

  public init(rowMajor m: [Double]) {
    precondition(m.count == 9, "a 3×3 matrix has 9 entries")
    self.m = m
  }

  public init(_ affine: AffineTransform) {
    m = [affine.a, affine.b, 0, affine.c, affine.d, 0, affine.tx, affine.ty, 1]
  }

  /// The flat-layer part of a 4×4 matrix: rows and columns 1, 2 and 4 (z in is 0, z out is dropped).
  public init(flattening t: Transform3D) {
    let n = t.m
    m = [n[0], n[1], n[3], n[4], n[5], n[7], n[12], n[13], n[15]]
  }

  public static let identity = ProjectiveTransform(rowMajor: [1, 0, 0, 0, 1, 0, 0, 0, 1])

  /// `self` then `other`: the product self · other.
  public func concatenating(_ other: ProjectiveTransform) -> ProjectiveTransform {
    var product = [Double](repeating: 0, count: 9)
    for row in 0..<3 {
      for column in 0..<3 {
        product[row * 3 + column] =
          m[row * 3] * other.m[column] + m[row * 3 + 1] * other.m[3 + column] + m[row * 3 + 2] * other.m[6 + column]
      }
    }
    return ProjectiveTransform(rowMajor: product)
  }

  /// The homogeneous weight W of `point`'s image: positive in front of the eye.
  public func weight(at point: Point) -> Double { point.x * m[2] + point.y * m[5] + m[8] }

  /// The image of `point`, divided by its weight.
  public func apply(to point: Point) -> Point {
    let w = weight(at: point)
    return Point((point.x * m[0] + point.y * m[3] + m[6]) / w, (point.x * m[1] + point.y * m[4] + m[7]) / w)
  }

  public var determinant: Double {
    m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
  }

  /// Whether the map is affine (no perspective: W is 1 everywhere).
  public var isAffine: Bool { m[2] == 0 && m[5] == 0 && m[8] == 1 }

  /// Whether the layer's back is towards the viewer at `point`: the map mirrors the plane there (the Jacobian's
  /// determinant, det M / W³, is negative), so the layer's corners wind the other way on screen. Edge-on (0) is
  /// not the back.
  public func facesBack(at point: Point) -> Bool { determinant * weight(at: point) < 0 }

  /// The affine map that agrees with this one at `point` to first order: the same image and the same derivative
  /// there. Exact for an affine map; for a projective one, the best an affine renderer can draw near `point`.
  public func tangentAffine(at point: Point) -> AffineTransform {
    let w = weight(at: point)
    let image = apply(to: point)
    // d(X/W)/dx = (m11 − x'·m14) / W, and so on.
    let a = (m[0] - image.x * m[2]) / w
    let b = (m[1] - image.y * m[2]) / w
    let c = (m[3] - image.x * m[5]) / w
    let d = (m[4] - image.y * m[5]) / w
    return AffineTransform(
      a: a, b: b, c: c, d: d, tx: image.x - a * point.x - c * point.y, ty: image.y - b * point.x - d * point.y)
  }

  /// As a CATransform3D (row-major m11 … m44) whose z row and column are the identity's: the map for a flat layer
  /// in a flat scene, and, number for number, the arguments of CSS's `matrix3d()`.
  public var matrix3D: [Double] { [m[0], m[1], 0, m[2], m[3], m[4], 0, m[5], 0, 0, 1, 0, m[6], m[7], 0, m[8]] }
}
