import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  func rectCenterAndSize(_ b: Rect) -> [Double] {
    let r = b.standardized
    return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height]
  }

  /// A rectangle shape of the layer's rounded bounds (`inset` by the border width when `inner`).
  mutating func boundsRect(_ layer: Int, inner: Bool, name: String) -> JSONValue {
    var inputs: [Input] = [
      .slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.cornerRadius..<(S.cornerRadius + 1)),
    ]
    if inner { inputs.append(.slots(layer, S.borderWidth..<(S.borderWidth + 1))) }
    func geometry(_ v: LayerValues) -> (center: [Double], size: [Double], radius: Double) {
      let bounds = v.bounds.standardized
      if inner {
        let width = max(bounds.width - 2 * v.borderWidth, 0)
        let height = max(bounds.height - 2 * v.borderWidth, 0)
        let rect = Rect(x: bounds.x + v.borderWidth, y: bounds.y + v.borderWidth, width: width, height: height)
        return (
          [bounds.midX, bounds.midY], [width, height], RoundedRect.radius(v.cornerRadius - v.borderWidth, in: rect)
        )
      }
      return (
        [bounds.midX, bounds.midY], [bounds.width, bounds.height], RoundedRect.radius(v.cornerRadius, in: bounds)
      )
    }
    let boundsOnly: [Input] = [.slots(layer, S.bounds..<(S.bounds + 4))]
    let sizeInputs = inner ? boundsOnly + [.slots(layer, S.borderWidth..<(S.borderWidth + 1))] : boundsOnly
    let center = animate(boundsOnly, layer: layer, name: "\(name) position") { geometry(LayerValues($0[layer])).center }
    let size = animate(sizeInputs, layer: layer, name: "\(name) size") { geometry(LayerValues($0[layer])).size }
    let radius = animate(inputs, layer: layer, name: "\(name) roundness") { [geometry(LayerValues($0[layer])).radius] }
    return [
      "ty": "rc", "nm": .string(name), "d": 1, "p": LottieJSON.vector(center), "s": LottieJSON.vector(size),
      "r": LottieJSON.scalar(radius),
    ]
  }

  /// A fill of the colour in `slot` (rgb + alpha as the fill's opacity). Colours are written [r, g, b, 1]: Qt
  /// Lottie reads a missing fourth component as alpha 0 (invisible); the alpha is the paint's `o`.
  mutating func fill(_ layer: Int, slot: Int, rule: Int, name: String) -> JSONValue {
    let color = animate([.slots(layer, slot..<(slot + 3))], layer: layer, name: "\(name) colour") { frames in
      let v = frames[layer].values
      return (0..<3).map { min(max(v[slot + $0], 0), 1) } + [1]
    }
    let opacity = animate([.slots(layer, (slot + 3)..<(slot + 4))], layer: layer, name: "\(name) opacity") { frames in
      [100 * min(max(frames[layer].values[slot + 3], 0), 1)]
    }
    return [
      "ty": "fl", "nm": .string(name), "c": LottieJSON.vector(color), "o": LottieJSON.scalar(opacity),
      "r": .number(Double(rule)),
    ]
  }

  /// The background: the rounded bounds filled with the background colour; nil when it never shows.
  mutating func backgroundGroup(_ layer: Int) -> JSONValue? {
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.backgroundColor.isVisible && v.bounds.width != 0 && v.bounds.height != 0
    }
    guard shows else { return nil }
    let rect = boundsRect(layer, inner: false, name: "background")
    let paint = fill(layer, slot: S.backgroundColor, rule: 1, name: "background")
    return LottieJSON.group("background", [rect, paint])
  }

  /// The border: outer and inner rounded rectangles filled even-odd, inside the bounds; nil when it never shows.
  mutating func borderGroup(_ layer: Int) -> JSONValue? {
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.borderColor.isVisible && v.borderWidth > 0 && v.bounds.width != 0 && v.bounds.height != 0
    }
    guard shows else { return nil }
    let outer = boundsRect(layer, inner: false, name: "border outer")
    let inner = boundsRect(layer, inner: true, name: "border inner")
    let paint = fill(layer, slot: S.borderColor, rule: 2, name: "border")
    return LottieJSON.group("border", [outer, inner, paint])
  }

  /// A shape layer's path as `sh` items, one per subpath.
  mutating func pathShapes(_ layer: Int) -> [JSONValue] {
    let model = plan.layers.path(of: layer)
    let structure = LottieBezier(structure: model)
    var items: [JSONValue] = []
    let elements = model.elements
    let range = plan.layers.listRange(of: .path, layer: layer)!
    for (index, subpath) in structure.subpaths.enumerated() {
      let closed = subpath.closed
      let value = animate([.path(layer)], layer: layer, name: "path") { frames in
        LottieBezier.numbers(
          BezierPath(elements: elements, coordinates: Array(frames[layer].path[range])), subpath: index)
      }
      let property = LottieJSON.property(
        value, form: { LottieBezier.json(closed: closed, numbers: $0) },
        keyframeForm: { [LottieBezier.json(closed: closed, numbers: $0)] })
      items.append(["ty": "sh", "nm": .string("path \(index + 1)"), "ks": property])
    }
    return items
  }

  /// A shape layer's content: the stroke group (path, trim, stroke) above the fill group (path, fill).
  mutating func shapeGroups(_ layer: Int) -> [JSONValue] {
    guard plan.layers.types[layer] == .shape, !plan.layers.path(of: layer).isEmpty else { return [] }
    let style = plan.layers.styles[layer]
    let id = tree.id(layer)
    var groups: [JSONValue] = []
    let strokes = ever { frames in
      let v = LayerValues(frames[layer])
      return v.strokeColor.isVisible && v.lineWidth > 0
    }
    if strokes {
      var items = pathShapes(layer)
      let subpathCount = items.count
      let trims = ever { frames in
        let v = LayerValues(frames[layer])
        return v.strokeStart > 0 || v.strokeEnd < 1
      }
      if trims {
        let inputs: [Input] = [.slots(layer, S.strokeStart..<(S.strokeEnd + 1))]
        let start = animate(inputs, layer: layer, name: "trim start") { frames in
          [100 * min(max(LayerValues(frames[layer]).strokeStart, 0), 1)]
        }
        let endValue = animate(inputs, layer: layer, name: "trim end") { frames in
          let v = LayerValues(frames[layer])
          return [100 * max(min(max(v.strokeEnd, 0), 1), min(max(v.strokeStart, 0), 1))]
        }
        if subpathCount > 1 {
          warnings.add(
            ExportDiagnostics.trimSubpaths, layer: id,
            keyPath: animatedKeyPaths([.slots(layer, S.strokeStart..<(S.strokeEnd + 1))]),
            "the path has \(subpathCount) subpaths; written as a sequential trim (m: 2)")
        }
        items.append([
          "ty": "tm", "nm": "trim", "s": LottieJSON.scalar(start), "e": LottieJSON.scalar(endValue),
          "o": LottieJSON.staticValue(0), "m": .number(subpathCount > 1 ? 2 : 1),
        ])
      }
      let color = animate([.slots(layer, S.strokeColor..<(S.strokeColor + 3))], layer: layer, name: "stroke colour") {
        frames in (0..<3).map { min(max(frames[layer].values[S.strokeColor + $0], 0), 1) } + [1]
      }
      let opacity = animate(
        [.slots(layer, (S.strokeColor + 3)..<(S.strokeColor + 4))], layer: layer, name: "stroke opacity"
      ) {
        frames in [100 * min(max(frames[layer].values[S.strokeColor + 3], 0), 1)]
      }
      let width = animate([.slots(layer, S.lineWidth..<(S.lineWidth + 1))], layer: layer, name: "stroke width") {
        frames in [max(frames[layer].values[S.lineWidth], 0)]
      }
      let initial = cache.frames(at: 0)
      let miter = max(initial[layer].values[S.miterLimit], 1)
      if ever({ $0[layer].values[S.miterLimit] != initial[layer].values[S.miterLimit] }) {
        warnings.add(
          ExportDiagnostics.staticOnly, layer: id, keyPath: "miterLimit",
          "Lottie's miter limit is not animated in rlottie; \(NumberFormatting.shortest(miter)) "
            + "(the value at the start) is used"
        )
      }
      var stroke: [(String, JSONValue)] = [
        ("ty", "st"), ("nm", "stroke"), ("c", LottieJSON.vector(color)), ("o", LottieJSON.scalar(opacity)),
        ("w", LottieJSON.scalar(width)),
        ("lc", .number(style.lineCap.lottieCode)),
        ("lj", .number(style.lineJoin.lottieCode)),
        ("ml", LottieJSON.number(miter)),
      ]
      var pattern = style.lineDashPattern
      if pattern.count % 2 == 1 { pattern += pattern }
      if !pattern.isEmpty && pattern.allSatisfy({ $0 >= 0 }) && pattern.contains(where: { $0 > 0 }) {
        var dashes: [JSONValue] = []
        for (index, length) in pattern.enumerated() {
          dashes.append([
            // Names are unique: lottie-web defines a property per name and throws on a repeated one.
            "n": index % 2 == 0 ? "d" : "g", "nm": .string("\(index % 2 == 0 ? "dash" : "gap") \(index / 2 + 1)"),
            "v": LottieJSON.staticValue(LottieJSON.number(length)),
          ])
        }
        let phase = animate([.slots(layer, S.lineDashPhase..<(S.lineDashPhase + 1))], layer: layer, name: "dash offset")
        {
          frames in [frames[layer].values[S.lineDashPhase]]
        }
        dashes.append(["n": "o", "nm": "offset", "v": LottieJSON.scalar(phase)])
        stroke.append(("d", .array(dashes)))
      }
      items.append(.object(stroke))
      groups.append(LottieJSON.group("stroke", items))
    }
    let fills = ever { LayerValues($0[layer]).fillColor.isVisible }
    if fills {
      let paint = fill(layer, slot: S.fillColor, rule: style.fillRule.lottieCode, name: "fill")
      groups.append(LottieJSON.group("fill", pathShapes(layer) + [paint]))
    }
    return groups
  }
}
