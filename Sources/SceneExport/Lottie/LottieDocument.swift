import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

extension LottieBuild {
  /// Items as Lottie layers, top first, numbered within their composition.
  func layerJSON(_ items: [Item]) -> [JSONValue] {
    let top = Array(items.reversed())
    var index: [Int: Int] = [:]
    for (position, item) in top.enumerated() { index[item.key] = position + 1 }
    let frames = outFrame
    var layers: [JSONValue] = []
    for item in top {
      var object = JSONObject()
      object.append("ddd", 0)
      object.append("ind", .number(Double(index[item.key]!)))
      object.append("ty", .number(Double(item.type)))
      object.append("nm", .string(item.name))
      if let parent = item.parent, let parentIndex = index[parent] {
        object.append("parent", .number(Double(parentIndex)))
      }
      if let reference = item.reference { object.append("refId", .string(reference)) }
      object.append("sr", 1)
      object.append("ks", item.transform)
      object.append("ao", 0)
      if !item.masks.isEmpty {
        object.append("hasMask", true)
        object.append("masksProperties", .array(item.masks))
      }
      if !item.effects.isEmpty { object.append("ef", .array(item.effects)) }
      if let size = item.size {
        object.append("w", .number(size.width))
        object.append("h", .number(size.height))
      }
      if item.type == 4 { object.append("shapes", .array(item.shapes)) }
      object.append("ip", 0)
      object.append("op", .number(frames))
      object.append("st", 0)
      object.append("bm", 0)
      layers.append(object.value)
    }
    return layers
  }

  var outFrame: Double { max(1, (end * frameRate - 1e-9).rounded(.up)) }
  /// The loop point in frames, rounded up to a whole frame (the content is periodic from it on, so any later
  /// time is a loop point as good; the keyframes still run from 0).
  var inFrame: Double { min(max(0, (start * frameRate - 1e-6).rounded(.up)), outFrame - 1) }

  mutating func document() -> JSONValue {
    var root: [Item] = []
    let order = tree.paintOrder(tree.roots, frames: cache.frames(at: 0))
    if tree.roots.count > 1 && ever({ tree.paintOrder(tree.roots, frames: $0) != order }) {
      warnings.add(
        ExportDiagnostics.zPositionOrder, layer: "", keyPath: "zPosition",
        "the top-level layers change order; Lottie keeps the order at the start")
    }
    for layer in order {
      visit(layer, parent: nil, context: nil, into: &root)
    }
    warnHidden()
    warnGroupOpacity()
    let layers = layerJSON(root)
    let width = plan.width.rounded(.up)
    let height = plan.height.rounded(.up)
    if width != plan.width || height != plan.height {
      warnings.add(
        ExportDiagnostics.canvasSize, layer: "", keyPath: "",
        "the canvas is \(NumberFormatting.shortest(plan.width))×\(NumberFormatting.shortest(plan.height)); "
          + "written as \(NumberFormatting.shortest(width))×\(NumberFormatting.shortest(height))")
    }
    var object = JSONObject()
    object.append("v", "5.7.4")
    object.append("fr", .number(frameRate))
    object.append("ip", .number(inFrame))
    object.append("op", .number(outFrame))
    object.append("w", .number(max(width, 0)))
    object.append("h", .number(max(height, 0)))
    object.append("nm", .string(plan.scene))
    object.append("ddd", 0)
    object.append("assets", .array(assets))
    object.append("layers", .array(layers))
    object.append("markers", [])
    return object.value
  }
}
