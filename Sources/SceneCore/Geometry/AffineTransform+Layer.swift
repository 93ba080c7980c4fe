extension AffineTransform {
  /// The map from a layer's own coordinates to its superlayer's (its `matrix` in a sample), built from the layer's
  /// geometry and decomposed transform.
  ///
  /// With A = (bounds.x + anchorPoint.x·width, bounds.y + anchorPoint.y·height), the anchor in the layer's own
  /// space, a point p maps to
  ///
  ///     p' = p · T(−A) · S(scale) · Rz · Ry · Rx · T(translation) · T(position)
  ///
  /// (row vectors, CATransform3D's order: the leftmost factor applies first). That is: move the anchor to the
  /// origin, then scale → rotate about z → about y → about x → translate, the order Lottie assumes Core Animation
  /// recomposes a decomposed transform in (reference §8, unconfirmed), then place the anchor at `position`. The full
  /// 4×4 product is formed and its 2-D affine part kept (orthographic: m11 m12 m21 m22 m41 m42), so rotations about x
  /// and y foreshorten the layer as a flat projection would, and z components have no 2-D effect.
  ///
  /// - Parameters:
  ///   - translation, rotation, scale: x, y, z components (rotation in radians; positive z = clockwise on screen).
  public static func layer(
    position: Point, anchorPoint: Point, bounds: Rect, translation: [Double], rotation: [Double], scale: [Double]
  ) -> AffineTransform {
    precondition(translation.count == 3 && rotation.count == 3 && scale.count == 3, "three components each")
    let anchor = Point(bounds.x + anchorPoint.x * bounds.width, bounds.y + anchorPoint.y * bounds.height)
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(.scale(x: scale[0], y: scale[1], z: scale[2]))
      .concatenating(.rotationZ(rotation[2]))
      .concatenating(.rotationY(rotation[1]))
      .concatenating(.rotationX(rotation[0]))
      .concatenating(.translation(x: translation[0], y: translation[1], z: translation[2]))
      .concatenating(.translation(x: position.x, y: position.y, z: 0))
      .affine
  }
}
