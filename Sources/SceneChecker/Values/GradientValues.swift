import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// Reading a gradient layer's `colors` and `locations`, whose length is the layer's number of stops.
extension CheckContext {
  /// `[red, "#FFFFFF80", rgb(0, 0, 255)]`: r, g, b, a of each colour, at most `ListLayout.maxStops` colours.
  func colorList(_ node: YAMLNode) -> [Double]? {
    guard expectSequence(node, what: ValueKind.colorList.phrase) else { return nil }
    guard let items = flowItems(node), checkStopCount(items.count, at: node) else { return nil }
    var result: [Double] = []
    var ok = true
    for item in items {
      guard let color = color(item) else {
        ok = false
        continue
      }
      result += color
    }
    return ok ? result : nil
  }

  /// `[0, 0.25, 1]`: numbers from 0 to 1, each at least the one before it (CAGradientLayer's stops increase).
  func locationList(_ node: YAMLNode) -> [Double]? {
    guard expectSequence(node, what: ValueKind.locationList.phrase) else { return nil }
    guard let items = flowItems(node), checkStopCount(items.count, at: node) else { return nil }
    var result: [Double] = []
    for item in items {
      guard let value = number(item, property: LayerProperty.of(.locations), range: .unit) else { return nil }
      if let previous = result.last, value < previous {
        error(
          CheckDiagnostics.locationsDecrease,
          "location \(NumberFormatting.shortest(value)) comes after \(NumberFormatting.shortest(previous)): "
            + "gradient locations must not decrease",
          at: span(item), labels: [.init("the previous location", at: span(items[result.count - 1]))],
          help: "list the stops in order along the gradient, each location at least the one before it")
        return nil
      }
      result.append(value)
    }
    return result
  }

  private func checkStopCount(_ count: Int, at node: YAMLNode) -> Bool {
    if count == 0 {
      error(
        CheckDiagnostics.wrongArity, "a gradient needs at least one stop, found an empty list", at: span(node),
        help: "give the colours of the gradient, such as [\"#E5E5EA\", \"#F7F7F8\"], or remove the key")
      return false
    }
    guard count > ListLayout.maxStops else { return true }
    error(
      CheckDiagnostics.tooManyStops, "a gradient has at most \(ListLayout.maxStops) stops, found \(count)",
      at: span(node), help: "use fewer colours; a smooth ramp needs only a few stops")
    return false
  }

  /// A `colors` or `locations` value of an animation or pose, which must have the layer's number of stops: the
  /// runtime interpolates the lists stop by stop.
  func gradientValue(_ node: YAMLNode, property: PropertyName, layer: LayerInstance) -> [Double]? {
    let isColors = property == .colors
    guard let value = isColors ? colorList(node) : locationList(node) else { return nil }
    let stops = layer.locations.count
    let count = isColors ? value.count / 4 : value.count
    guard count == stops else {
      error(
        CheckDiagnostics.gradientValueCount,
        "this \(property.rawValue) value has \(count) item\(count == 1 ? "" : "s"), and '\(layer.id)' has "
          + "\(stops) gradient stop\(stops == 1 ? "" : "s")",
        at: span(node), labels: [.init("'\(layer.baseID)' is defined here", at: layer.idSpan)],
        help: "give \(stops) \(isColors ? "colours" : "locations"), one per stop of the layer's `colors`")
      return nil
    }
    return value
  }

  /// After a gradient layer's properties are read: uniform locations when none are given (Core Animation's nil),
  /// and the same number of locations as colours otherwise.
  func finishGradient(_ layer: inout LayerInstance, fields: Fields, locationsGiven: Bool, compare: Bool) {
    let stops = layer.colors.count / 4
    guard locationsGiven, compare else {
      layer.locations = ListLayout.uniformLocations(count: stops)
      return
    }
    guard layer.locations.count != stops, let node = fields.value("locations") else { return }
    let colorsSpan = fields.value("colors").map { span($0) }
    error(
      CheckDiagnostics.gradientStopCount,
      "\(layer.locations.count) location\(layer.locations.count == 1 ? "" : "s") for \(stops) "
        + "colour\(stops == 1 ? "" : "s"): a gradient has one location per colour",
      at: span(node), labels: colorsSpan.map { [.init("the colours", at: $0)] } ?? [],
      help: "give one location per colour, or leave `locations` out to spread the colours evenly")
    layer.locations = ListLayout.uniformLocations(count: stops)
  }
}
