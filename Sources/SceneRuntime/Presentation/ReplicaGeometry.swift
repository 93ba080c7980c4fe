import SceneCore

/// How a replicator draws copy k of its sublayers (CAReplicatorLayer.h): "the matrix applied to instance k-1 to
/// produce instance k … applied relative to the center of the replicator layer", and "the color components added to
/// the color of instance k-1 to produce the modulation color of instance k", starting from `instanceColor`.
/// `scenec sample`, the exporters and the web player (Web/scenec-player.js, the same arithmetic in the same order)
/// all read copies through these two functions.
public enum ReplicaGeometry {
  /// Copy `copy`'s map in the replicator's coordinates: about the centre c of its bounds,
  /// `T(−c) · Mᵏ · T(c)` (row vectors), M the instance transform composed as a layer's transform is (scale, then
  /// rotation about z, y, x, then translation), its power taken in 4×4 by repeated squaring and the 2-D part kept.
  public static func instanceMatrix(_ replicator: [Double], copy: Int) -> AffineTransform {
    if copy == 0 { return .identity }
    typealias S = SlotLayout
    let t = S.instanceTransform
    let step = Transform3D.scale(x: replicator[t + 6], y: replicator[t + 7], z: replicator[t + 8])
      .concatenating(.rotationZ(replicator[t + 5]))
      .concatenating(.rotationY(replicator[t + 4]))
      .concatenating(.rotationX(replicator[t + 3]))
      .concatenating(.translation(x: replicator[t], y: replicator[t + 1], z: replicator[t + 2]))
    var power = Transform3D.identity
    var square = step
    var exponent = copy
    while exponent > 0 {
      if exponent & 1 == 1 { power = power.concatenating(square) }
      exponent >>= 1
      if exponent > 0 { square = square.concatenating(square) }
    }
    let centreX = replicator[S.bounds] + replicator[S.bounds + 2] / 2
    let centreY = replicator[S.bounds + 1] + replicator[S.bounds + 3] / 2
    return Transform3D.translation(x: -centreX, y: -centreY, z: 0)
      .concatenating(power)
      .concatenating(.translation(x: centreX, y: centreY, z: 0))
      .affine
  }

  /// Copy `copy`'s modulation colour: `instanceColor` plus `copy` × each offset, every component clamped to
  /// [0, 1]. It multiplies everything the copy draws, r, g, b and alpha.
  public static func modulation(_ replicator: [Double], copy: Int) -> [Double] {
    let color = SlotLayout.instanceColor
    let offsets = SlotLayout.instanceOffsets
    return (0..<4).map { component in
      let value = replicator[color + component] + Double(copy) * replicator[offsets + component]
      return min(max(value, 0), 1)
    }
  }

  /// Every layer's modulation colour, the product of its copies' colours through every replicator above it, in
  /// layer order; nil for a layer drawn through no replicator. `parents` precede their sublayers.
  public static func modulations(
    parents: [Int], types: [LayerType], isMask: [Bool], replicas: [Int], values: (Int) -> [Double]
  ) -> [[Double]?] {
    var result: [[Double]?] = []
    result.reserveCapacity(parents.count)
    for index in parents.indices {
      let parent = parents[index]
      guard parent >= 0 else {
        result.append(nil)
        continue
      }
      var color = result[parent]
      if types[parent] == .replicator && !isMask[index] {
        let own = modulation(values(parent), copy: replicas[index])
        color = color.map { outer in zip(outer, own).map { $0 * $1 } } ?? own
      }
      result.append(color)
    }
    return result
  }
}
