import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  mutating func append(_ item: Item, to list: inout [Item], context: Int?) -> Int {
    var item = item
    item.key = nextKey
    nextKey += 1
    list.append(item)
    if item.draws != nil { drawnItems.append((context, item)) }
    return item.key
  }

  /// Whether a layer must be drawn in a precomposition of its own: it has a mask, or `masksToBounds` that can
  /// cut something (sublayers, a path, text), or it casts a shadow (an effect of the composited layer).
  func isolates(_ layer: Int) -> Bool {
    if tree.mask[layer] != nil || castsShadow(layer) { return true }
    let type = plan.layers.types[layer]
    guard !tree.sublayers[layer].isEmpty || type != .layer else { return false }
    return ever { LayerValues($0[layer]).masksToBounds }
  }

  mutating func visit(_ layer: Int, parent: Int?, context: Int?, into list: inout [Item]) {
    if isolates(layer) {
      precomposition(layer, parent: parent, context: context, into: &list)
      return
    }
    let id = tree.id(layer)
    var bodyShapes: [JSONValue] = []
    if plan.layers.types[layer] == .shape { bodyShapes += shapeGroups(layer) }
    if let gradient = gradientGroup(layer) { bodyShapes.append(gradient) }
    if let background = backgroundGroup(layer) { bodyShapes.append(background) }
    let carrier: Int
    if bodyShapes.isEmpty {
      carrier = append(
        Item(
          key: 0, name: id, type: 3, parent: parent,
          transform: transform(of: layer, opacity: LottieJSON.staticValue(100)), owner: layer),
        to: &list, context: context)
    } else {
      let opacity = effectiveOpacity(of: layer, context: context)
      carrier = append(
        Item(
          key: 0, name: id, type: 4, parent: parent, transform: transform(of: layer, opacity: opacity),
          shapes: bodyShapes, owner: layer, draws: bodyDraws(layer)),
        to: &list, context: context)
    }
    content(of: layer, carrier: carrier, context: context, into: &list)
  }

  /// Whether a layer's own drawing (background, path, gradient) shows in a frame.
  func bodyDraws(_ layer: Int) -> ([LayerFrame]) -> Bool {
    let isShape = plan.layers.types[layer] == .shape
    let isGradient = plan.layers.types[layer] == .gradient
    let shadowCount = plan.layers.shadowPathCount(of: layer)
    return { frames in
      let v = LayerValues(frames[layer])
      return v.backgroundColor.isVisible || (isShape && (v.fillColor.isVisible || v.strokeColor.isVisible))
        || (isGradient && frames[layer].gradientColors(shadowCount: shadowCount).contains { $0.alpha > 0 })
    }
  }

  /// A layer's text, sublayers and border, hanging from `carrier` (whose space is the layer's own).
  mutating func content(of layer: Int, carrier: Int, context: Int?, into list: inout [Item]) {
    let id = tree.id(layer)
    if plan.layers.types[layer] == .text, let text = textImage(layer) {
      let opacity = effectiveOpacity(
        of: layer, context: context, extra: .slots(layer, (S.foregroundColor + 3)..<(S.foregroundColor + 4))
      ) { frames in min(max(frames[layer].values[S.foregroundColor + 3], 0), 1) }
      let transform: JSONValue = [
        "a": LottieJSON.staticValue(LottieJSON.numbers(text.image.anchor)), "p": text.position,
        "s": LottieJSON.staticValue([100, 100]), "r": LottieJSON.staticValue(0), "o": opacity,
      ]
      let reference = "text_\(assets.count)"
      assets.append(text.image.asset(id: reference))
      _ = append(
        Item(
          key: 0, name: "\(id) text", type: 2, parent: carrier, transform: transform, reference: reference,
          owner: layer, draws: { LayerValues($0[layer]).foregroundColor.isVisible }),
        to: &list, context: context)
    }
    let initial = cache.frames(at: 0)
    let order = tree.paintOrder(tree.sublayers[layer], frames: initial)
    if tree.sublayers[layer].count > 1 {
      let reorders = ever { tree.paintOrder(tree.sublayers[layer], frames: $0) != order }
      if reorders {
        warnings.add(
          ExportDiagnostics.zPositionOrder, layer: id, keyPath: "zPosition",
          "its sublayers change order; Lottie keeps the order at the start")
      }
    }
    var sublayerParent = carrier
    if tree.usesSublayerTransform[layer], !tree.sublayers[layer].isEmpty {
      sublayerParent = append(
        Item(
          key: 0, name: "\(id) sublayerTransform", type: 3, parent: carrier, transform: sublayerTransform(of: layer),
          owner: layer),
        to: &list, context: context)
    }
    let base = S.sublayerTransform
    // Without perspective and x/y rotations the null layer is exact (z components flatten away).
    if sublayerParent != carrier,
      ever({ $0[layer].values[base + 9] != 0 || $0[layer].values[base + 3] != 0 || $0[layer].values[base + 4] != 0 })
    {
      warnings.add(
        ExportDiagnostics.perspectiveInLottie, layer: id, keyPath: "",
        "its sublayerTransform's perspective is not exported: Lottie layers are flat (3-D layers and cameras are "
          + "drawn only by lottie-web's HTML renderer), so its sublayers show without it; the rest of the "
          + "sublayerTransform is a null layer between, its x/y rotations baked into the scale")
    }
    // A replicator's copies hang from a null carrying the instance map, inside the sublayerTransform's null:
    // the copies are made in the replicator's plane, then its sublayerTransform applies to all of them.
    for sublayer in order {
      let parent = replicaParent(of: sublayer, in: layer, carrier: sublayerParent, context: context, into: &list)
      visit(sublayer, parent: parent, context: context, into: &list)
    }
    if let border = borderGroup(layer) {
      let opacity = effectiveOpacity(of: layer, context: context)
      _ = append(
        Item(
          key: 0, name: "\(id) border", type: 4, parent: carrier,
          transform: LottieJSON.identityTransform(opacity: opacity), shapes: [border], owner: layer,
          draws: { frames in
            let v = LayerValues(frames[layer])
            return v.borderColor.isVisible && v.borderWidth > 0
          }),
        to: &list, context: context)
    }
    if ever({ LayerValues($0[layer]).rotationX != 0 || LayerValues($0[layer]).rotationY != 0 }) {
      warnings.add(
        ExportDiagnostics.rotation3D, layer: id,
        keyPath: animatedKeyPaths([.slots(layer, S.rotation..<(S.rotation + 2))]),
        "the layer turns about x or y; its orthographic projection is baked into the scale, exact only while "
          + "transform.rotation.z is 0")
    }
  }

  /// A layer with a mask or a clip: a precomposition layer carrying its transform and group opacity, with its
  /// mask and clip as layer masks; inside, an offset null places the layer's own space in the asset, and its
  /// background, content, sublayers and border hang from it.
  mutating func precomposition(_ layer: Int, parent: Int?, context: Int?, into list: inout [Item]) {
    let id = tree.id(layer)
    let region = clipRegion(layer)
    let offset = Point(region.x, region.y)
    var inner: [Item] = []
    let origin = append(
      Item(
        key: 0, name: "\(id) origin", type: 3, parent: nil,
        transform: [
          "a": LottieJSON.staticValue([0, 0]), "p": LottieJSON.staticValue(LottieJSON.numbers([-offset.x, -offset.y])),
          "s": LottieJSON.staticValue([100, 100]), "r": LottieJSON.staticValue(0), "o": LottieJSON.staticValue(100),
        ],
        owner: layer),
      to: &inner, context: layer)
    var bodyShapes: [JSONValue] = []
    if plan.layers.types[layer] == .shape { bodyShapes += shapeGroups(layer) }
    if let gradient = gradientGroup(layer) { bodyShapes.append(gradient) }
    if let background = backgroundGroup(layer) { bodyShapes.append(background) }
    if !bodyShapes.isEmpty {
      _ = append(
        Item(
          key: 0, name: id, type: 4, parent: origin,
          transform: LottieJSON.identityTransform(opacity: LottieJSON.staticValue(100)), shapes: bodyShapes,
          owner: layer, draws: bodyDraws(layer)),
        to: &inner, context: layer)
    }
    content(of: layer, carrier: origin, context: layer, into: &inner)
    let reference = "comp_\(assets.count)"
    let masks = layerMasks(layer, offset: offset)
    assets.append(["id": .string(reference), "nm": .string(id), "layers": .array(layerJSON(inner))])
    let opacity = effectiveOpacity(of: layer, context: context)
    let effects = castsShadow(layer) ? [shadowEffect(layer)] : []
    _ = append(
      Item(
        key: 0, name: id, type: 0, parent: parent, transform: transform(of: layer, opacity: opacity, offset: offset),
        reference: reference, size: (region.width, region.height), masks: masks, effects: effects, owner: layer),
      to: &list, context: context)
  }
}
