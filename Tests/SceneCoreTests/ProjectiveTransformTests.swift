import Foundation
import Testing

@testable import SceneCore

/// The layer → superlayer map of reference §10 with a superlayer's sublayerTransform, and the projective map a
/// flat layer under perspective becomes.
@Suite struct ProjectiveTransformTests {
  static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  /// The decomposed components: translation, rotation, scale (3 each), then m34.
  static func components(
    translation: [Double] = [0, 0, 0], rotation: [Double] = [0, 0, 0], scale: [Double] = [1, 1, 1], m34: Double = 0
  ) -> [Double] { translation + rotation + scale + [m34] }

  /// GNUstep's conversion.m case (reference §10): child bounds 50×50 at position (100, 50), transform translate
  /// (5, 6); the parent 200×200 with sublayerTransform scale 2 about its anchor (100, 100): the child's (0, 0)
  /// lands at (60, −38) in the parent.
  @Test func sublayerTransformAppliesAboutTheSuperlayersAnchorPoint() {
    let child = Transform3D.layer(
      position: Point(100, 50), zPosition: 0, anchorPoint: Point(0.5, 0.5),
      bounds: Rect(x: 0, y: 0, width: 50, height: 50), transform: Self.components(translation: [5, 6, 0])[0..<9])
    let parent = Transform3D.sublayer(
      anchorPoint: Point(0.5, 0.5), bounds: Rect(x: 0, y: 0, width: 200, height: 200),
      sublayerTransform: Self.components(scale: [2, 2, 1])[...])
    let map = ProjectiveTransform(flattening: child.concatenating(parent))
    #expect(Self.close(map.apply(to: Point(0, 0)), Point(60, -38)))
    #expect(map.isAffine)
  }

  /// A 100-wide layer centred on its superlayer's anchor, turned 60° about y under perspective 500: its edge at
  /// x = −50 (from the anchor) comes to depth z = 50·sin 60° towards the eye, so it is drawn at
  /// −50·cos 60° / (1 − z/500), and the far edge at +50·cos 60° / (1 + z/500).
  @Test func aTurnedLayerUnderPerspectiveIsForeshortenedByDepth() {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    let layer = Transform3D.layer(
      position: Point(50, 50), zPosition: 0, anchorPoint: Point(0.5, 0.5), bounds: bounds,
      transform: Self.components(rotation: [0, Double.pi / 3, 0])[0..<9])
    let perspective = Transform3D.sublayer(
      anchorPoint: Point(0.5, 0.5), bounds: bounds, sublayerTransform: Self.components(m34: -1.0 / 500)[...])
    let map = ProjectiveTransform(flattening: layer.concatenating(perspective))
    let z = 50 * sin(Double.pi / 3)
    let near = map.apply(to: Point(0, 50))
    let far = map.apply(to: Point(100, 50))
    #expect(abs(near.x - (50 - 50 * cos(Double.pi / 3) / (1 - z / 500))) < 1e-9)
    #expect(abs(far.x - (50 + 50 * cos(Double.pi / 3) / (1 + z / 500))) < 1e-9)
    // The near edge is taller than the far one: (0, 0) rises above y = 0, (100, 0) stays below it.
    #expect(map.apply(to: Point(0, 0)).y < 0 && map.apply(to: Point(100, 0)).y > 0)
    #expect(!map.isAffine && !map.facesBack(at: Point(50, 50)))
  }

  @Test func aLayerTurnedPastAQuarterShowsItsBack() {
    for (degrees, back) in [(0.0, false), (60, false), (120, true), (180, true), (-150, true), (270, false)] {
      let layer = Transform3D.layer(
        position: Point(50, 50), zPosition: 0, anchorPoint: Point(0.5, 0.5),
        bounds: Rect(x: 0, y: 0, width: 100, height: 100),
        transform: Self.components(rotation: [0, degrees * Double.pi / 180, 0])[0..<9])
      let map = ProjectiveTransform(flattening: layer.concatenating(.perspective(m34: -1.0 / 500)))
      #expect(map.facesBack(at: Point(50, 50)) == back, "rotation.y \(degrees)°")
    }
    // A mirror is a back as well (the corners wind the other way); a half turn about z is not.
    #expect(ProjectiveTransform(AffineTransform.scale(x: -1, y: 1)).facesBack(at: .zero))
    #expect(!ProjectiveTransform(AffineTransform.rotation(Double.pi)).facesBack(at: .zero))
  }

  /// The tangent affine map has the projective map's image and derivatives at the point (finite differences).
  @Test func theTangentAffineMapAgreesToFirstOrder() {
    let map = ProjectiveTransform(rowMajor: [0.9, 0.1, 0.001, -0.2, 1.1, -0.0005, 30, 12, 1.05])
    let point = Point(40, 25)
    let tangent = map.tangentAffine(at: point)
    #expect(Self.close(tangent.apply(to: point), map.apply(to: point)))
    let h = 1e-5
    for step in [Point(h, 0), Point(0, h)] {
      let moved = Point(point.x + step.x, point.y + step.y)
      let exact = map.apply(to: moved)
      #expect(Self.close(tangent.apply(to: moved), exact, 1e-8))
    }
    // Exact (to rounding) for an affine map.
    let affine = AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 3, ty: -4)
    let same = ProjectiveTransform(affine).tangentAffine(at: point)
    let pairs = [(same.a, affine.a), (same.b, affine.b), (same.c, affine.c), (same.d, affine.d)]
    #expect(pairs.allSatisfy { abs($0 - $1) < 1e-15 } && abs(same.tx - 3) < 1e-12 && abs(same.ty + 4) < 1e-12)
  }

  /// matrix3D is CSS matrix3d()'s argument order: a point (x, y) maps to (m41 + x·m11 + y·m21, …) / w.
  @Test func matrix3DPlacesTheHomographyInAFlatFourByFour() {
    let map = ProjectiveTransform(rowMajor: [1, 2, 3, 4, 5, 6, 7, 8, 9])
    #expect(map.matrix3D == [1, 2, 0, 3, 4, 5, 0, 6, 0, 0, 1, 0, 7, 8, 0, 9])
    #expect(ProjectiveTransform(flattening: Transform3D(rowMajor: map.matrix3D)) == map)
  }
}
