import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  /// The part of a layer's own space that its mask and clip let through, over the whole export, in whole points
  /// with a margin: the precomposition's size (players clip a precomposition to it).
  mutating func clipRegion(_ layer: Int) -> Rect {
    var low = Point(Double.infinity, Double.infinity)
    var high = Point(-Double.infinity, -Double.infinity)
    let clipsToBounds = plan.layers.types[layer] != .layer || !tree.sublayers[layer].isEmpty
    let masksToBounds = clipsToBounds && ever { LayerValues($0[layer]).masksToBounds }
    // A precomposition made only for a shadow clips nothing: it spans all the canvas the layer can reach.
    if !masksToBounds && tree.mask[layer] == nil { return canvasReach(layer) }
    for time in checkTimes {
      let frames = cache.frames(at: time)
      var points: [Point] = []
      if masksToBounds {
        let b = LayerValues(frames[layer]).bounds.standardized
        points += [Point(b.minX, b.minY), Point(b.maxX, b.maxY)]
      } else if let mask = tree.mask[layer] {
        for path in maskPaths(mask, frames) {
          var k = 0
          while k + 1 < path.coordinates.count {
            points.append(Point(path.coordinates[k], path.coordinates[k + 1]))
            k += 2
          }
        }
      }
      for point in points where point.x.isFinite && point.y.isFinite {
        low = Point(min(low.x, point.x), min(low.y, point.y))
        high = Point(max(high.x, point.x), max(high.y, point.y))
      }
    }
    guard low.x <= high.x, low.y <= high.y else { return Rect(x: 0, y: 0, width: 1, height: 1) }
    let x = (low.x - 2).rounded(.down)
    let y = (low.y - 2).rounded(.down)
    return Rect(x: x, y: y, width: max((high.x + 2).rounded(.up) - x, 1), height: max((high.y + 2).rounded(.up) - y, 1))
  }

  func maskPaths(_ mask: Int, _ frames: [LayerFrame]) -> [BezierPath] {
    MaskOutlines(plan: plan).paths(mask, frames)
  }
}

/// The filled outlines of a mask layer: its rounded background, then its path, in the masked layer's space.
struct MaskOutlines {
  let plan: Plan

  func paths(_ mask: Int, _ frames: [LayerFrame]) -> [BezierPath] {
    let v = LayerValues(frames[mask])
    let matrix = LayerMatrix.local(frames[mask].values)
    var paths: [BezierPath] = []
    do {
      var builder = PathBuilder()
      builder.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
      paths.append(builder.path)
    }
    if plan.layers.types[mask] == .shape {
      var path = plan.layers.path(of: mask)
      path.coordinates = Array(frames[mask].path[plan.layers.listRange(of: .path, layer: mask)!])
      paths.append(path)
    }
    return paths.map { path in
      var result = path
      var k = 0
      while k + 1 < result.coordinates.count {
        let p = matrix.apply(to: Point(result.coordinates[k], result.coordinates[k + 1]))
        result.coordinates[k] = p.x
        result.coordinates[k + 1] = p.y
        k += 2
      }
      return result
    }
  }
}

extension LottieBuild {
  /// Layer masks of a precomposition: each subpath of the mask layer's background and path (in the asset's
  /// space, opacity = the mask's opacity × the paint's alpha), added; then the rounded bounds intersected.
  mutating func layerMasks(_ layer: Int, offset: Point) -> [JSONValue] {
    var masks: [JSONValue] = []
    func shifted(_ path: BezierPath) -> BezierPath {
      var result = path
      var k = 0
      while k + 1 < result.coordinates.count {
        result.coordinates[k] -= offset.x
        result.coordinates[k + 1] -= offset.y
        k += 2
      }
      return result
    }
    if let mask = tree.mask[layer] {
      let maskID = tree.id(mask)
      if !tree.sublayers[mask].isEmpty
        || ever({ LayerValues($0[mask]).strokeColor.isVisible && plan.layers.types[mask] == .shape })
        || ever({ LayerValues($0[mask]).borderWidth > 0 && LayerValues($0[mask]).borderColor.isVisible })
      {
        warnings.add(
          ExportDiagnostics.maskContent, layer: maskID, keyPath: "",
          "the mask of '\(tree.id(layer))' has sublayers, a stroke or a border; Lottie layer masks are filled "
            + "outlines, so only its background and its path's fill are used")
      }
      if plan.layers.types[mask] == .gradient,
        ever({ $0[mask].gradientColors(shadowCount: plan.layers.shadowPathCount(of: mask)).contains { $0.alpha > 0 } })
      {
        warnings.add(
          ExportDiagnostics.maskContent, layer: maskID, keyPath: "colors",
          "the mask of '\(tree.id(layer))' is a gradient; Lottie layer masks are filled outlines, so its gradient "
            + "does not mask (only its background is used)")
      }
      let initial = cache.frames(at: 0)
      let parts: [(index: Int, slot: Int, name: String)] =
        [(0, S.backgroundColor, "background")] + (plan.layers.types[mask] == .shape ? [(1, S.fillColor, "path")] : [])
      for part in parts {
        let shows = ever { LayerValues($0[mask]).color(part.slot).isVisible }
        guard shows else { continue }
        let model = maskPaths(mask, initial)[part.index]
        let structure = LottieBezier(structure: model)
        if structure.subpaths.count > 1 && plan.layers.styles[mask].fillRule == .evenOdd && part.index == 1 {
          warnings.add(
            ExportDiagnostics.maskContent, layer: maskID, keyPath: "",
            "an even-odd mask path of several subpaths: Lottie adds the subpaths' masks, so holes are filled")
        }
        let inputs: [Input] = [
          .slots(mask, 0..<(S.rotation + 3)), .slots(mask, S.scale..<(S.scale + 3)),
          .slots(mask, S.cornerRadius..<(S.cornerRadius + 1)), .path(mask),
        ]
        let outlines = MaskOutlines(plan: plan)
        for subpath in structure.subpaths.indices {
          let value = animate(inputs, layer: mask, name: "mask \(part.name)") { frames in
            LottieBezier.numbers(shifted(outlines.paths(mask, frames)[part.index]), subpath: subpath)
          }
          let pathProperty = LottieJSON.property(
            value, form: { LottieBezier.json(closed: true, numbers: $0) },
            keyframeForm: { [LottieBezier.json(closed: true, numbers: $0)] })
          let slot = part.slot
          let opacity = animate(
            [.slots(mask, S.opacity..<(S.hidden + 1)), .slots(mask, (slot + 3)..<(slot + 4))], layer: mask,
            name: "mask opacity"
          ) { frames in
            let v = LayerValues(frames[mask])
            return [v.isHidden ? 0 : 100 * min(max(v.opacity, 0), 1) * v.color(slot).alpha]
          }
          masks.append([
            "inv": false, "mode": "a", "pt": pathProperty, "o": LottieJSON.scalar(opacity),
            "x": LottieJSON.staticValue(0), "nm": .string("\(maskID) \(part.name)"),
          ])
        }
      }
      if masks.isEmpty {
        // A mask that never paints hides the layer: an empty added mask.
        masks.append([
          "inv": false, "mode": "a",
          "pt": LottieJSON.staticValue(LottieBezier.json(closed: true, numbers: [0, 0, 0, 0, 0, 0])),
          "o": LottieJSON.staticValue(0), "x": LottieJSON.staticValue(0), "nm": .string("\(maskID) empty"),
        ])
      }
    }
    let clips = plan.layers.types[layer] != .layer || !tree.sublayers[layer].isEmpty
    if clips && ever({ LayerValues($0[layer]).masksToBounds }) {
      let initial = LayerValues(cache.frames(at: 0)[layer]).masksToBounds
      if ever({ LayerValues($0[layer]).masksToBounds != initial }) {
        warnings.add(
          ExportDiagnostics.staticOnly, layer: tree.id(layer), keyPath: "masksToBounds",
          "the clip switches during the export; the layer mask is always on, so it clips throughout")
      }
      let value = animate(
        [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.cornerRadius..<(S.cornerRadius + 1))], layer: layer,
        name: "masksToBounds clip"
      ) { frames in
        let v = LayerValues(frames[layer])
        var builder = PathBuilder()
        builder.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
        return LottieBezier.numbers(shifted(builder.path), subpath: 0)
      }
      masks.append([
        "inv": false, "mode": masks.isEmpty ? "a" : "i",
        "pt": LottieJSON.property(
          value, form: { LottieBezier.json(closed: true, numbers: $0) },
          keyframeForm: { [LottieBezier.json(closed: true, numbers: $0)] }),
        "o": LottieJSON.staticValue(100), "x": LottieJSON.staticValue(0), "nm": "masksToBounds",
      ])
    }
    return masks
  }
}
