import SceneCore
import SceneRuntime

extension SVGExporter {
  /// A replicator's copy multiplied by its modulation colour (`instanceColor` plus the copy's offsets), as a
  /// colour matrix on the copy's group: every channel of what the copy draws, alpha included, times the colour's.
  /// The filter works in sRGB (Core Animation multiplies the stored components) over the whole canvas.
  mutating func modulated(_ group: [String], _ index: Int, indent: String) -> [String] {
    let table = tree.plan.layers
    let parent = table.parents[index]
    guard parent >= 0, table.types[parent] == .replicator, !table.isMask[index] else { return group }
    let color = ReplicaGeometry.modulation(frames[parent].values, copy: table.replicas[index])
    guard color != [1, 1, 1, 1] else { return group }
    let id = SVGMarkup.id("tint", tree.id(index), prefix: idPrefix)
    let region = canvasInLayer(parent)
    let n = color.map(SVGMarkup.number)
    definitions += SVGMarkup.element(
      "filter",
      [
        ("id", id), ("filterUnits", "userSpaceOnUse"), ("x", SVGMarkup.number(region.x)),
        ("y", SVGMarkup.number(region.y)), ("width", SVGMarkup.number(region.width)),
        ("height", SVGMarkup.number(region.height)), ("color-interpolation-filters", "sRGB"),
      ],
      children: SVGMarkup.element(
        "feColorMatrix",
        [("type", "matrix"), ("values", "\(n[0]) 0 0 0 0 0 \(n[1]) 0 0 0 0 0 \(n[2]) 0 0 0 0 0 \(n[3]) 0")],
        indent: "      "),
      indent: "    ")
    return SVGMarkup.element("g", [("filter", "url(#\(id))")], children: group.map { "  " + $0 }, indent: indent)
  }
}
