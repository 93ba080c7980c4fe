import SceneDiagnostics
import SceneRuntime

/// Where an export warning points in the spec, through `Plan.sourceMap`: a warning about a key path at the
/// definition of the animation (track) of that layer that animates it, else at the layer's definition; a
/// scene-wide one, or one the map cannot place (no map, a layer the compiler made up), at the scene's top.
public struct ExportWarningPlaces: Sendable {
  private let map: SourceMap?
  private let sceneTop: Span
  private let layerIndices: [String: Int]
  /// Track indices by layer, in plan order, and each track's key path.
  private let tracksByLayer: [Int: [Int]]
  private let keyPaths: [String]

  /// `sceneTop`: where scene-wide warnings go (the `scene:` key, or the start of the file).
  public init(plan: Plan, sceneTop: Span) {
    map = plan.sourceMap
    self.sceneTop = sceneTop
    var indices: [String: Int] = [:]
    var tracks: [Int: [Int]] = [:]
    if map != nil {
      for (index, id) in plan.layers.ids.enumerated() where indices[id] == nil { indices[id] = index }
      for (track, layer) in plan.tracks.layers.enumerated() { tracks[layer, default: []].append(track) }
    }
    layerIndices = indices
    tracksByLayer = tracks
    keyPaths = map == nil ? [] : plan.tracks.keyPaths
  }

  /// The warning as a located diagnostic: its message names the layer and key paths; when it points at an
  /// animation, a label points at the layer's definition too.
  public func diagnostic(_ warning: ExportWarning) -> Diagnostic {
    let located = place(layer: warning.layer, keyPath: warning.keyPath)
    var labels: [Diagnostic.Label] = []
    if located.track, let layerSpan = layerSpan(warning.layer) {
      labels.append(Diagnostic.Label("layer '\(warning.layer)' is defined here", at: layerSpan))
    }
    return Diagnostic(warning.code, warning.placedMessage, at: located.span, labels: labels)
  }

  /// The warnings as diagnostics, one per place and message: the instances of a repeated layer (or the copies of a
  /// replicator) that get the same warning at the same line are one warning naming the first, with a note counting
  /// the others (100,000 conic instances once printed 100,000 warnings on one line).
  public func diagnostics(_ warnings: [ExportWarning]) -> [Diagnostic] {
    struct Key: Hashable {
      let code: String
      let keyPath: String
      let message: String
      let span: Span
    }
    var groups: [Key: (first: ExportWarning, others: [String])] = [:]
    var order: [Key] = []
    for warning in warnings.sorted() {
      let key = Key(
        code: warning.code.id, keyPath: warning.keyPath, message: warning.message,
        span: place(layer: warning.layer, keyPath: warning.keyPath).span)
      if groups[key] == nil {
        groups[key] = (warning, [])
        order.append(key)
      } else {
        groups[key]!.others.append(warning.layer)
      }
    }
    return order.map { key in
      let (first, others) = groups[key]!
      var diagnostic = self.diagnostic(first)
      if !others.isEmpty {
        let named = others.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        let more = others.count > 3 ? " and \(others.count - 3) more" : ""
        diagnostic.notes.append(
          "the same for \(others.count) more layer instance\(others.count == 1 ? "" : "s") "
            + "defined here: \(named)\(more)")
      }
      return diagnostic
    }
  }

  /// The span for a layer id and key paths (`a, b`): the first track of the layer animating one of them (exactly,
  /// or a component of it: `position` for `position.x` and back), else the layer, else the scene's top.
  public func place(layer: String, keyPath: String) -> (span: Span, track: Bool) {
    guard let map, !layer.isEmpty, let index = layerIndices[layer] else { return (sceneTop, false) }
    if !keyPath.isEmpty {
      let wanted = keyPath.split(separator: ",").map { $0.trimmingPrefix(" ") }.map(String.init)
      for track in tracksByLayer[index] ?? [] where Self.matches(keyPaths[track], wanted) {
        if track < map.tracks.count, let location = map.tracks[track] { return (Self.span(location), true) }
      }
    }
    return (layerSpan(layer) ?? sceneTop, false)
  }

  private func layerSpan(_ layer: String) -> Span? {
    guard let map, let index = layerIndices[layer], index < map.layers.count, let location = map.layers[index]
    else { return nil }
    return Self.span(location)
  }

  private static func matches(_ keyPath: String, _ wanted: [String]) -> Bool {
    wanted.contains { $0 == keyPath || $0.hasPrefix(keyPath + ".") || keyPath.hasPrefix($0 + ".") }
  }

  private static func span(_ location: SourceMap.Location) -> Span { Span(start: location.start, end: location.end) }

  /// The span of the `scene:` key at the start of a line of `source`, or of the first line: where a warning about
  /// the whole scene points.
  public static func sceneTop(in source: SourceFile) -> Span {
    let key = Array("scene:".utf8)
    for start in source.lineStarts where start + key.count <= source.bytes.count {
      if source.bytes[start..<start + key.count].elementsEqual(key) { return Span(start: start, end: start + 5) }
    }
    let first = source.lineStarts.first ?? 0
    var end = first
    while end < source.bytes.count, source.bytes[end] != 0x0A, source.bytes[end] != 0x0D { end += 1 }
    return Span(start: first, end: end)
  }
}
