import SceneCore
import SceneRuntime

/// Where an SVG frame puts each layer: the matrix it is drawn with and the canvas in its coordinates.
extension SVGExporter {
  /// The bounding box, in layer `index`'s coordinates, of the canvas (with a margin); the canvas itself when the
  /// layer's matrix cannot be inverted.
  func canvasInLayer(_ index: Int) -> Rect {
    let matrix = layerToCanvas(index)
    let w = tree.plan.width
    let h = tree.plan.height
    guard let inverse = matrix.inverted() else { return Rect(x: -1, y: -1, width: w + 2, height: h + 2) }
    let corners = [Point(-1, -1), Point(w + 1, -1), Point(w + 1, h + 1), Point(-1, h + 1)].map { inverse.apply(to: $0) }
    let minX = corners.map(\.x).min()!
    let minY = corners.map(\.y).min()!
    return Rect(x: minX, y: minY, width: corners.map(\.x).max()! - minX, height: corners.map(\.y).max()! - minY)
  }

  /// The map from a layer's own space to the canvas: its drawn matrix, then each superlayer's.
  func layerToCanvas(_ index: Int) -> AffineTransform {
    var matrix = AffineTransform.identity
    for layer in ([index] + tree.ancestors(of: index)) {
      matrix = matrix.concatenating(drawnMatrix(layer).matrix)
    }
    return matrix
  }

  /// The matrix a layer is drawn with, into its superlayer: its own (`LayerMatrix.local`, and for a replicator's
  /// copy the replicator's map of that copy, ReplicaGeometry), or, seen through the superlayer's
  /// `sublayerTransform`, that map when it is affine, else the affine map agreeing with it at the centre of the
  /// bounds (`approximated`: warning W0920).
  func drawnMatrix(_ index: Int) -> (matrix: AffineTransform, approximated: Bool) {
    let values = frames[index].values
    let table = tree.plan.layers
    let parent = table.parents[index]
    guard tree.throughSublayerTransform[index], !table.isMask[index], parent >= 0 else {
      return (LayerMatrix.inParent(LayerMatrix.local(values), of: index, table: table, frames: frames), false)
    }
    let instance = LayerMatrix.inParent(.identity, of: index, table: table, frames: frames)
    let map = LayerProjection.local(values, parent: frames[parent].values, instance: instance)
    if map.isAffine {
      let m = map.m
      return (AffineTransform(a: m[0], b: m[1], c: m[3], d: m[4], tx: m[6], ty: m[7]), false)
    }
    return (map.tangentAffine(at: LayerProjection.center(values)), true)
  }
}
