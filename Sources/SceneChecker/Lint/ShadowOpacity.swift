import SceneCore
import SceneModel

/// W0123: a layer that shapes a shadow — `shadowColor`, `shadowRadius`, `shadowOffset` or `shadowPath` away from
/// Core Animation's defaults — while its `shadowOpacity` stays at the default 0, so nothing is drawn. The most common
/// shadow mistake in UIKit code, as every other shadow property has a visible default.
extension Linter {
  func checkInvisibleShadows() {
    var shown = Set<Int>()
    for timeline in scene.timelines {
      Self.forEachLeaf(timeline.root) { if $0.keyPath.property == "shadowOpacity" { shown.insert($0.layer) } }
    }
    for state in scene.stateMachine?.states ?? [] {
      for value in state.pose where value.keyPath.property == "shadowOpacity" { shown.insert(value.layer) }
    }
    var reported = Set<String>()
    for (index, layer) in scene.layers.enumerated() where !shown.contains(index) {
      guard layer.values[SlotLayout.shadowOpacity] == 0 else { continue }
      let shaped =
        [PropertyName.shadowColor, .shadowRadius, .shadowOffset].filter { key in
          let property = LayerProperty.of(key)
          return Array(layer.values[property.slots]) != property.defaultValue
        }.map(\.rawValue) + (layer.style.shadowPath == nil ? [] : ["shadowPath"])
      guard let first = shaped.first, reported.insert(layer.baseID).inserted else { continue }
      context.error(
        LintDiagnostics.shadowNeverShows,
        "'\(layer.baseID)' sets \(first) but its shadowOpacity is 0, so it casts no shadow", at: layer.idSpan,
        notes: ["Core Animation's shadowOpacity defaults to 0: a shadow shows only once it is raised"],
        help: "add `shadowOpacity:` (from 0 to 1), or remove the shadow properties")
    }
  }
}
