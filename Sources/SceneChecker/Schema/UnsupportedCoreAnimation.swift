import SceneCore
import SceneDiagnostics
import SceneYAML

/// Real Core Animation properties and layer classes that scenec does not have yet. Writing one is not a typo, so
/// it gets its own diagnostic (E0214) saying so and what to do instead, never a did-you-mean.
enum UnsupportedCoreAnimation {
  /// Property → what to do instead.
  static let properties: [String: String] = {
    var table: [String: String] = [:]
    for name in ["contents", "contentsRect", "contentsCenter", "contentsGravity", "contentsScale", "contentsFormat"] {
      table[name] = "remove it; scenec layers have no image contents yet: draw with shapes, colours and text"
    }
    for name in ["filters", "backgroundFilters", "compositingFilter"] {
      table[name] = "remove it; scenec applies no Core Image filters"
    }
    table["cornerCurve"] = "remove it; corners are circular arcs (`cornerRadius`)"
    table["maskedCorners"] = "remove it, and draw the shape with a `path` whose corners you choose"
    table["shouldRasterize"] = "remove it; it changes how a layer is cached, not what it shows"
    table["rasterizationScale"] = "remove it; it changes how a layer is cached, not what it shows"
    table["allowsGroupOpacity"] = "remove it; opacity applies to the layer and its sublayers as a group"
    table["allowsEdgeAntialiasing"] = "remove it; edges are always antialiased"
    table["edgeAntialiasingMask"] = "remove it; edges are always antialiased"
    table["anchorPointZ"] =
      "remove it; anchor points are at depth 0 (`zPosition` and `transform.translation.z` move a layer in depth)"
    table["geometryFlipped"] = "remove it, and place the sublayers in the flipped coordinates yourself"
    table["isGeometryFlipped"] = table["geometryFlipped"]
    table["truncationMode"] = "remove it; text is never truncated, so size the frame to fit it"
    table["isWrapped"] = "remove it; text is drawn on one line"
    table["wrapped"] = table["isWrapped"]
    return table
  }()

  /// `type:` value → the class and what to do instead.
  static let layerTypes: [String: (className: String, instead: String)] = [
    "emitter": ("CAEmitterLayer", "draw the particles as a repeated layer (`repeat: N`) animated by a timeline"),
    "transform": (
      "CATransformLayer",
      "use a plain layer with a `sublayerTransform`; each layer flattens its sublayers, with no depth sorting"
    ),
    "tiled": ("CATiledLayer", "use a plain layer"),
    "scroll": ("CAScrollLayer", "use a plain layer with `masksToBounds: true` and move its sublayers"),
  ]
}

extension CheckContext {
  /// Reports `key` when it is a Core Animation property scenec lacks (or a key path into one,
  /// `sublayerTransform.rotation.z`); false when it is not one.
  func reportUnsupportedProperty(_ key: YAMLNode) -> Bool {
    let written = document.scalar(key)
    let name = written.split(separator: ".", maxSplits: 1).first.map(String.init) ?? written
    guard let instead = UnsupportedCoreAnimation.properties[name] else { return false }
    error(
      CheckDiagnostics.unsupportedFeature, "\(name) is a Core Animation property scenec does not support yet",
      at: span(key), help: instead)
    return true
  }

  /// Reports a layer `type` that names a Core Animation layer class scenec lacks; false when it is not one.
  func reportUnsupportedLayerType(_ node: YAMLNode) -> Bool {
    guard document.kind(node) == .scalar else { return false }
    // `replicator`, `replicatorLayer` and `CAReplicatorLayer` all mean the class.
    var word = Substring(document.scalar(node).lowercased())
    if word.hasPrefix("ca") { word = word.dropFirst(2) }
    if word.hasSuffix("layer"), word.count > 5 { word = word.dropLast(5) }
    guard let entry = UnsupportedCoreAnimation.layerTypes[String(word)] else { return false }
    error(
      CheckDiagnostics.unsupportedFeature,
      "'\(document.scalar(node))' (\(entry.className)) is a Core Animation layer type scenec does not support yet",
      at: span(node), notes: ["the layer types are " + LayerType.allCases.map(\.rawValue).joined(separator: ", ")],
      help: entry.instead)
    return true
  }
}
