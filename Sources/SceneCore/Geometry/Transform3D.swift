/// A 4×4 matrix in CATransform3D's convention: row vectors, p' = p · M, translation in m41 m42 m43, and
/// `concatenating` = CATransform3DConcat (self applied first).
public struct Transform3D: Sendable, Hashable {
  /// Row-major: m[0] = m11, m[1] = m12, …, m[4] = m21, …, m[15] = m44.
  public var m: [Double]

  public init(rowMajor m: [Double]) {
    precondition(m.count == 16, "a 4×4 matrix has 16 entries")
    self.m = m
  }

  public static let identity = Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

  /// CATransform3DMakeTranslation.
  public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
  }

  /// CATransform3DMakeScale.
  public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rowMajor: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
  }

  /// CATransform3DMakeRotation(angle, 1, 0, 0): y' = y·cos − z·sin, z' = y·sin + z·cos.
  public static func rotationX(_ angle: Double) -> Transform3D {
    let (c, s) = exactCosineAndSine(angle)
    return Transform3D(rowMajor: [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
  }

  /// CATransform3DMakeRotation(angle, 0, 1, 0): x' = x·cos + z·sin, z' = −x·sin + z·cos.
  public static func rotationY(_ angle: Double) -> Transform3D {
    let (c, s) = exactCosineAndSine(angle)
    return Transform3D(rowMajor: [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
  }

  /// CATransform3DMakeRotation(angle, 0, 0, 1): m11 = cos, m12 = sin, m21 = −sin, m22 = cos (positive = clockwise
  /// on a y-down screen).
  public static func rotationZ(_ angle: Double) -> Transform3D {
    let (c, s) = exactCosineAndSine(angle)
    return Transform3D(rowMajor: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
  }

  /// `self` then `other`: the product self · other (CATransform3DConcat(self, other)).
  public func concatenating(_ other: Transform3D) -> Transform3D {
    var product = [Double](repeating: 0, count: 16)
    for row in 0..<4 {
      for column in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += m[row * 4 + k] * other.m[k * 4 + column] }
        product[row * 4 + column] = sum
      }
    }
    return Transform3D(rowMajor: product)
  }

  /// The 2-D affine part under orthographic projection (z dropped, no perspective divide), as
  /// CATransform3DGetAffineTransform: (a, b, c, d, tx, ty) = (m11, m12, m21, m22, m41, m42).
  public var affine: AffineTransform {
    AffineTransform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
  }
}
