import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  /// A layer's own transform: anchor, position (+ translation), scale (× the cosines of x/y rotation), rotation.
  mutating func transform(of layer: Int, opacity: JSONValue, offset: Point = .zero) -> JSONValue {
    let anchor = animate(
      [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.anchorPoint..<(S.anchorPoint + 2))], layer: layer,
      name: "anchor"
    ) { frames in
      let a = LayerValues(frames[layer]).anchor
      return [a.x - offset.x, a.y - offset.y]
    }
    let position = animate(
      [.slots(layer, S.position..<(S.position + 2)), .slots(layer, S.translation..<(S.translation + 2))], layer: layer,
      name: "position"
    ) { frames in
      let v = frames[layer].values
      return [v[S.position] + v[S.translation], v[S.position + 1] + v[S.translation + 1]]
    }
    let scale = animate(
      [.slots(layer, S.scale..<(S.scale + 2)), .slots(layer, S.rotation..<(S.rotation + 2))], layer: layer,
      name: "scale"
    ) { frames in
      let v = frames[layer].values
      return [100 * v[S.scale] * cos(v[S.rotation + 1]), 100 * v[S.scale + 1] * cos(v[S.rotation])]
    }
    let rotation = animate([.slots(layer, (S.rotation + 2)..<(S.rotation + 3))], layer: layer, name: "rotation") {
      frames in [frames[layer].values[S.rotation + 2] * 180 / Double.pi]
    }
    return [
      "a": LottieJSON.vector(anchor), "p": LottieJSON.vector(position), "s": LottieJSON.vector(scale),
      "r": LottieJSON.scalar(rotation), "o": opacity,
    ]
  }

  /// A layer's `sublayerTransform` without its perspective, about the layer's anchor point, as a null layer's
  /// transform for the sublayers to hang from: anchor A, position A + translation, scale × the cosines of the x/y
  /// rotations (as `transform(of:)` bakes them), rotation z.
  mutating func sublayerTransform(of layer: Int) -> JSONValue {
    let base = S.sublayerTransform
    let anchorInputs: [Input] = [
      .slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.anchorPoint..<(S.anchorPoint + 2)),
    ]
    let anchor = animate(anchorInputs, layer: layer, name: "anchor") { frames in
      let a = LayerValues(frames[layer]).anchor
      return [a.x, a.y]
    }
    let position = animate(anchorInputs + [.slots(layer, base..<(base + 2))], layer: layer, name: "position") {
      frames in
      let a = LayerValues(frames[layer]).anchor
      let v = frames[layer].values
      return [a.x + v[base], a.y + v[base + 1]]
    }
    let scale = animate(
      [.slots(layer, (base + 6)..<(base + 8)), .slots(layer, (base + 3)..<(base + 5))], layer: layer, name: "scale"
    ) { frames in
      let v = frames[layer].values
      return [100 * v[base + 6] * cos(v[base + 4]), 100 * v[base + 7] * cos(v[base + 3])]
    }
    let rotation = animate([.slots(layer, (base + 5)..<(base + 6))], layer: layer, name: "rotation") { frames in
      [frames[layer].values[base + 5] * 180 / Double.pi]
    }
    return [
      "a": LottieJSON.vector(anchor), "p": LottieJSON.vector(position), "s": LottieJSON.vector(scale),
      "r": LottieJSON.scalar(rotation), "o": LottieJSON.staticValue(100),
    ]
  }

  /// The layer and its superlayers up to (not including) `context`, the layer whose precomposition holds them.
  func chain(_ layer: Int, context: Int?) -> [Int] {
    var result = [layer]
    for ancestor in tree.ancestors(of: layer) {
      if ancestor == context { break }
      result.append(ancestor)
    }
    return result
  }

  /// 100 × the product of opacity × visibility of the layer and its superlayers within its composition (× an
  /// extra factor).
  mutating func effectiveOpacity(
    of layer: Int, context: Int?, extra: Input? = nil, factor: (([LayerFrame]) -> Double)? = nil
  ) -> JSONValue {
    let chain = self.chain(layer, context: context)
    var inputs = chain.map { Input.slots($0, S.opacity..<(S.hidden + 1)) }
    inputs += chain.flatMap(modulationInputs)
    if let extra { inputs.append(extra) }
    // A member with doubleSided false is culled while its back faces the viewer: opacity 0 then, exactly as
    // the SVG export leaves it out (its map depends on every value of it and its superlayers).
    let cullable = chain.filter { tree.mayCull[$0] }
    for member in cullable {
      inputs += ([member] + tree.ancestors(of: member)).map { Input.slots($0, 0..<S.count) }
    }
    let plan = self.plan
    let table = plan.layers
    let through = tree.throughSublayerTransform
    let value = animate(inputs, layer: layer, name: "opacity") { frames in
      var product = 1.0
      for member in chain {
        let v = LayerValues(frames[member])
        // A replicator's copy is also multiplied by its modulation colour's alpha.
        product *=
          v.isHidden ? 0 : min(max(v.opacity, 0), 1) * Self.modulationAlpha(of: member, table: table, in: frames)
      }
      for member in cullable {
        let map = LayerProjection.sceneMap(of: member, plan: plan, frames: frames, through: through)
        if LayerProjection.isCulled(frames[member].values, map: map) { product = 0 }
      }
      return [100 * product * (factor?(frames) ?? 1)]
    }
    return LottieJSON.scalar(value)
  }

  /// Whether the layer and all its superlayers are shown in `frames`.
  func chainVisible(_ layer: Int, _ frames: [LayerFrame]) -> Bool {
    ([layer] + tree.ancestors(of: layer)).allSatisfy {
      let v = LayerValues(frames[$0])
      return !v.isHidden && v.opacity > 0
    }
  }
}
