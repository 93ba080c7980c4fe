import SceneCore

/// How layers map into the scene once a superlayer's `sublayerTransform` is in play: projectively, each ordinary
/// layer flattening its sublayers into its own plane (reference §10). Used by `scenec sample`, the exporters and
/// (ported) the web player, so that all of them draw and print the same map.
public enum LayerProjection {
  /// The identity `sublayerTransform`: no translation, rotation or perspective, unit scale.
  public static let identity: [Double] = [0, 0, 0, 0, 0, 0, 1, 1, 1, 0]

  /// Whether each layer of `plan` is drawn through a `sublayerTransform` — its superlayer's, or one further up —
  /// that is in use: not the identity in the model or in a state's pose, or written by a track. Such a layer's
  /// map into the scene may be projective: `scenec sample` prints it as `matrix3d` instead of `matrix`. Decided
  /// for the whole plan, so that a layer's members are the same at every time.
  public static func throughSublayerTransform(plan: Plan) -> [Bool] {
    let layers = plan.layers
    let uses = usesSublayerTransform(plan: plan)
    var result = [Bool](repeating: false, count: layers.count)
    for index in 0..<layers.count {
      let parent = layers.parents[index]
      guard parent >= 0 else { continue }
      // A mask is not a sublayer: the masked layer's sublayerTransform does not apply to it.
      result[index] = result[parent] || (uses[parent] && !layers.isMask[index])
    }
    return result
  }

  /// Whether each layer's own `sublayerTransform` is in use: not the identity in the model or in a state's
  /// pose, or written by a track.
  public static func usesSublayerTransform(plan: Plan) -> [Bool] {
    let layers = plan.layers
    let slots = SlotLayout.sublayerTransform..<(SlotLayout.sublayerTransform + identity.count)
    var uses = [Bool](repeating: false, count: layers.count)
    for index in 0..<layers.count where !isIdentity(layers.modelValues(of: index)[...]) { uses[index] = true }
    for state in plan.machine?.states ?? [] {
      for index in 0..<layers.count where !uses[index] {
        let base = index * SlotLayout.count
        uses[index] = !isIdentity(state.values[base..<(base + SlotLayout.count)])
      }
    }
    for track in 0..<plan.tracks.count where slots.contains(plan.tracks.slots[track]) {
      uses[plan.tracks.layers[track]] = true
    }
    return uses
  }

  private static func isIdentity(_ values: ArraySlice<Double>) -> Bool {
    let first = values.startIndex + SlotLayout.sublayerTransform
    return zip(values[first..<(first + identity.count)], identity).allSatisfy { $0 == $1 }
  }

  /// A layer's map into its superlayer's plane: its own geometry and transform, then the superlayer's
  /// `sublayerTransform` about the superlayer's anchor point (`parent` nil for a top layer or a mask), flattened.
  /// A replicator's copy has the replicator's map of that copy (`instance`, ReplicaGeometry) between the two: the
  /// copies are made in the replicator's plane and its sublayerTransform then applies to all of them alike.
  public static func local(_ v: [Double], parent: [Double]?, instance: AffineTransform = .identity)
    -> ProjectiveTransform
  {
    typealias S = SlotLayout
    var map = Transform3D.layer(
      position: Point(v[S.position], v[S.position + 1]), zPosition: v[S.zPosition],
      anchorPoint: Point(v[S.anchorPoint], v[S.anchorPoint + 1]), bounds: bounds(v),
      transform: v[S.transform..<(S.transform + 9)])
    if instance != .identity {
      let i = instance
      map = map.concatenating(
        Transform3D(rowMajor: [i.a, i.b, 0, 0, i.c, i.d, 0, 0, 0, 0, 1, 0, i.tx, i.ty, 0, 1]))
    }
    if let p = parent {
      map = map.concatenating(
        .sublayer(
          anchorPoint: Point(p[S.anchorPoint], p[S.anchorPoint + 1]), bounds: bounds(p),
          sublayerTransform: p[S.sublayerTransform..<(S.sublayerTransform + identity.count)]))
    }
    return ProjectiveTransform(flattening: map)
  }

  /// Every layer's map into the scene at one time. Layers not drawn through a `sublayerTransform`
  /// (`throughSublayerTransform` false) get their affine matrix exactly as `scenec sample` prints it.
  public static func scene(plan: Plan, frames: [LayerFrame], through: [Bool]) -> [ProjectiveTransform] {
    let layers = plan.layers
    var maps: [ProjectiveTransform] = []
    maps.reserveCapacity(layers.count)
    var affine: [AffineTransform] = []
    affine.reserveCapacity(layers.count)
    for index in 0..<layers.count {
      let parent = layers.parents[index]
      let matrix = LayerMatrix.inParent(
        LayerMatrix.local(frames[index].values), of: index, table: layers, frames: frames)
      affine.append(parent < 0 ? matrix : matrix.concatenating(affine[parent]))
      guard through[index] else {
        maps.append(ProjectiveTransform(affine[index]))
        continue
      }
      let superlayer = layers.isMask[index] ? nil : frames[parent].values
      let instance = LayerMatrix.inParent(.identity, of: index, table: layers, frames: frames)
      maps.append(local(frames[index].values, parent: superlayer, instance: instance).concatenating(maps[parent]))
    }
    return maps
  }

  /// One layer's map into the scene, as `scene` gives it, from the layer and its superlayers alone.
  public static func sceneMap(of layer: Int, plan: Plan, frames: [LayerFrame], through: [Bool])
    -> ProjectiveTransform
  {
    let layers = plan.layers
    var chain = [layer]
    while layers.parents[chain[chain.count - 1]] >= 0 { chain.append(layers.parents[chain[chain.count - 1]]) }
    var map = ProjectiveTransform.identity
    var affine = AffineTransform.identity
    for index in chain.reversed() {
      let parent = layers.parents[index]
      let matrix = LayerMatrix.inParent(
        LayerMatrix.local(frames[index].values), of: index, table: layers, frames: frames)
      affine = parent < 0 ? matrix : matrix.concatenating(affine)
      if through[index] {
        let superlayer = layers.isMask[index] ? nil : frames[parent].values
        let instance = LayerMatrix.inParent(.identity, of: index, table: layers, frames: frames)
        map = local(frames[index].values, parent: superlayer, instance: instance).concatenating(map)
      } else {
        map = ProjectiveTransform(affine)
      }
    }
    return map
  }

  /// The centre of a layer's bounds, where `facesBack` is decided.
  public static func center(_ v: [Double]) -> Point {
    let b = bounds(v)
    return Point(b.x + b.width / 2, b.y + b.height / 2)
  }

  /// Whether a layer with `doubleSided` false is culled: its back is towards the viewer (`map` its map into the
  /// scene). Culled like `hidden`, with its sublayers.
  public static func isCulled(_ v: [Double], map: ProjectiveTransform) -> Bool {
    v[SlotLayout.doubleSided] < AnimatableKeyPath.showsTrueFrom && map.facesBack(at: center(v))
  }

  private static func bounds(_ v: [Double]) -> Rect {
    typealias S = SlotLayout
    return Rect(x: v[S.bounds], y: v[S.bounds + 1], width: v[S.bounds + 2], height: v[S.bounds + 3])
  }
}
