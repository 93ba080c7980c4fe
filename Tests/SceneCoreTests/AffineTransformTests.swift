import Testing

@testable import SceneCore

struct AffineTransformTests {
  func layer(
    position: Point = Point(0, 0), anchorPoint: Point = Point(0.5, 0.5), bounds: Rect,
    translation: [Double] = [0, 0, 0], rotation: [Double] = [0, 0, 0], scale: [Double] = [1, 1, 1]
  ) -> AffineTransform {
    AffineTransform.layer(
      position: position, anchorPoint: anchorPoint, bounds: bounds, translation: translation, rotation: rotation,
      scale: scale)
  }

  @Test func rotationIsClockwiseOnAYDownScreen() {
    let quarter = AffineTransform.rotation(Double.pi / 2)
    #expect(quarter.apply(to: Point(1, 0)) == Point(0, 1))
    #expect(quarter == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
    let eighth = AffineTransform.rotation(Double.pi / 4)
    #expect(abs(eighth.a - 0.5.squareRoot()) < 1e-15 && abs(eighth.c + 0.5.squareRoot()) < 1e-15)
  }

  @Test func concatenatingAppliesSelfFirst() {
    let moveThenScale = AffineTransform.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 3))
    #expect(moveThenScale.apply(to: Point(1, 1)) == Point(22, 3))
    let scaleThenMove = AffineTransform.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: 0))
    #expect(scaleThenMove.apply(to: Point(1, 1)) == Point(12, 3))
  }

  @Test func inverseUndoesTheTransform() throws {
    let transform = AffineTransform.rotation(0.7).concatenating(.scale(x: 2, y: -0.5))
      .concatenating(.translation(x: 3, y: 4))
    let inverse = try #require(transform.inverted())
    let roundTrip = inverse.apply(to: transform.apply(to: Point(5, -7)))
    #expect(pointsMatch(roundTrip, Point(5, -7), tolerance: 1e-12))
    #expect(AffineTransform.scale(x: 0, y: 1).inverted() == nil)
  }

  /// Reference §10: child bounds 50×50 at position (100, 50) with translation (5, 6).
  @Test func layerMappingOfTheReferenceExample() {
    let child = layer(position: Point(100, 50), bounds: Rect(0, 0, 50, 50), translation: [5, 6, 0])
    #expect(child.apply(to: Point(0, 0)) == Point(80, 31))
    // The parent (200×200) has sublayerTransform scale 2 about its anchor: GNUstep's Apple-checked (60, −38).
    let parentSublayer = AffineTransform.translation(x: -100, y: -100).concatenating(.scale(x: 2, y: 2))
      .concatenating(.translation(x: 100, y: 100))
    #expect(child.concatenating(parentSublayer).apply(to: Point(0, 0)) == Point(60, -38))
  }

  @Test func frameOriginFollowsPositionAndAnchor() {
    let centred = layer(position: Point(200, 300), bounds: Rect(0, 0, 100, 50))
    #expect(centred.apply(to: Point(0, 0)) == Point(150, 275))
    let corner = layer(position: Point(200, 300), anchorPoint: Point(1, 1), bounds: Rect(0, 0, 100, 50))
    #expect(corner.apply(to: Point(0, 0)) == Point(100, 250))
    // bounds.origin shifts the layer's own coordinates, not its frame.
    let shifted = layer(position: Point(200, 300), bounds: Rect(10, 20, 100, 50))
    #expect(shifted.apply(to: Point(10, 20)) == Point(150, 275))
  }

  @Test func rotationAndScaleApplyAboutTheAnchorPoint() {
    let rotated = layer(position: Point(100, 100), bounds: Rect(0, 0, 100, 50), rotation: [0, 0, Double.pi / 2])
    #expect(rotated.apply(to: Point(50, 25)) == Point(100, 100))
    #expect(rotated.apply(to: Point(100, 25)) == Point(100, 150))
    let scaled = layer(position: Point(10, 10), anchorPoint: Point(0, 0), bounds: Rect(0, 0, 40, 40), scale: [2, 3, 5])
    #expect(scaled.apply(to: Point(10, 10)) == Point(30, 40))
  }

  @Test func scaleComesBeforeRotationAndRotationBeforeTranslation() {
    let transform = layer(
      bounds: Rect(-1, -1, 2, 2), translation: [7, 0, 0], rotation: [0, 0, Double.pi / 2], scale: [2, 1, 1])
    // (1, 0) → scale (2, 0) → rotate (0, 2) → translate (7, 2).
    #expect(transform.apply(to: Point(1, 0)) == Point(7, 2))
  }

  @Test func rotationAboutXForeshortensYOrthographically() {
    let tilted = layer(bounds: Rect(-10, -10, 20, 20), rotation: [Double.pi / 3, 0, 0])
    let point = tilted.apply(to: Point(4, 10))
    #expect(abs(point.x - 4) < 1e-12 && abs(point.y - 5) < 1e-12)
    let edgeOn = layer(bounds: Rect(-10, -10, 20, 20), rotation: [0, Double.pi / 2, 0])
    #expect(edgeOn.apply(to: Point(8, 3)) == Point(0, 3))
  }
}
