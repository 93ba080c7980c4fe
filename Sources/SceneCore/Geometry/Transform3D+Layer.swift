extension Transform3D {
  /// CATransform3D's perspective: the identity with m34 (−1/eye distance).
  public static func perspective(m34: Double) -> Transform3D {
    Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, m34, 0, 0, 0, 1])
  }

  /// A decomposed transform recomposed as `AffineTransform.layer` does: scale → rotate z → y → x → translate, then
  /// (for `sublayerTransform`) the perspective, which applies last, as a camera does.
  ///
  /// - Parameter components: translation x/y/z, rotation x/y/z, scale x/y/z, and optionally m34.
  public static func decomposed(_ components: ArraySlice<Double>) -> Transform3D {
    let c = components.startIndex
    precondition(components.count == 9 || components.count == 10, "nine or ten components")
    var result = Transform3D.scale(x: components[c + 6], y: components[c + 7], z: components[c + 8])
      .concatenating(.rotationZ(components[c + 5]))
      .concatenating(.rotationY(components[c + 4]))
      .concatenating(.rotationX(components[c + 3]))
      .concatenating(.translation(x: components[c], y: components[c + 1], z: components[c + 2]))
    if components.count == 10, components[c + 9] != 0 {
      result = result.concatenating(.perspective(m34: components[c + 9]))
    }
    return result
  }

  /// A layer's map into its superlayer before flattening (reference §10):
  /// `T(−A) · transform · T(position.x, position.y, zPosition)`, A the anchor in the layer's own coordinates.
  public static func layer(
    position: Point, zPosition: Double, anchorPoint: Point, bounds: Rect, transform: ArraySlice<Double>
  ) -> Transform3D {
    let anchor = Point(bounds.x + anchorPoint.x * bounds.width, bounds.y + anchorPoint.y * bounds.height)
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(.decomposed(transform))
      .concatenating(.translation(x: position.x, y: position.y, z: zPosition))
  }

  /// A superlayer's `sublayerTransform` about its anchor point, as it applies to each sublayer (reference §10):
  /// `T(−A_S) · sublayerTransform · T(A_S)`.
  public static func sublayer(anchorPoint: Point, bounds: Rect, sublayerTransform: ArraySlice<Double>)
    -> Transform3D
  {
    let anchor = Point(bounds.x + anchorPoint.x * bounds.width, bounds.y + anchorPoint.y * bounds.height)
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(.decomposed(sublayerTransform))
      .concatenating(.translation(x: anchor.x, y: anchor.y, z: 0))
  }
}
