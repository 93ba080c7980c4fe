import SceneCore
import SceneModel

/// W0123: a layer that shapes a shadow — `shadowColor`, `shadowRadius`, `shadowOffset` or `shadowPath` away from
/// Core Animation's defaults — while its `shadowOpacity` stays at the default 0, so nothing is drawn. The most common
/// shadow mistake in UIKit code, as every other shadow property has a visible default.
extension Linter {
  /// The properties that shape a shadow, in the order the message names the first one set.
  private static let shadowShapers: [(name: String, slots: Range<Int>, defaultValue: [Double]?)] =
    [PropertyName.shadowColor, .shadowRadius, .shadowOffset].map { key in
      let property = LayerProperty.of(key)
      return (key.rawValue, property.slots, property.defaultValue)
    }

  func checkInvisibleShadows() {
    var shown = LayerSet()
    // By the property's key: a String comparison per leaf cost more than the rest of the check.
    for use in uses where use.use.property == .shadowOpacity { shown.insert(use.use.layer) }
    for state in scene.stateMachine?.states ?? [] {
      for value in state.pose where value.keyPath.propertyKey == .shadowOpacity { shown.insert(value.layer) }
    }
    var reported = Set<String>()
    // By index: `for (index, layer) in scene.layers.enumerated()` copied (retained) every field of every layer.
    for index in scene.layers.indices where !shown.contains(index) {
      guard scene.value(SlotLayout.shadowOpacity, of: index) == 0 else { continue }
      // Compared in place: most layers keep the default shadowOpacity of 0, and an array per property per layer
      // (with a copy of the property's table row) made this check a fifth of the lint.
      let shaper = Self.shadowShapers.first { shaper in
        guard let defaultValue = shaper.defaultValue else { return true }
        return !holds(defaultValue, in: shaper.slots, of: index)
      }
      let first = shaper?.name ?? (scene.layers[index].style.shadowPath == nil ? nil : "shadowPath")
      guard let first else { continue }
      let layer = scene.layers[index]
      guard reported.insert(layer.baseID).inserted else { continue }
      context.error(
        LintDiagnostics.shadowNeverShows,
        "'\(layer.baseID)' sets \(first) but its shadowOpacity is 0, so it casts no shadow", at: layer.idSpan,
        notes: ["Core Animation's shadowOpacity defaults to 0: a shadow shows only once it is raised"],
        help: "add `shadowOpacity:` (from 0 to 1), or remove the shadow properties")
    }
  }
}
