import SceneCore
import SceneRuntime

/// Several instants of a scene side by side in one SVG, each labelled with its time; rows wrap after `columns`.
public enum Filmstrip {
  public struct Layout: Sendable, Hashable {
    /// Frames per row.
    public var columns: Int
    /// Each frame is drawn at this multiple of the scene size.
    public var scale: Double
    /// Painted behind each frame (the scene itself is transparent); nil for none.
    public var frameBackground: String?

    public init(columns: Int, scale: Double, frameBackground: String?) {
      self.columns = columns
      self.scale = scale
      self.frameBackground = frameBackground
    }

    /// Frames at least about 120 points on their shorter side, at most 1600 points of frames per row.
    public static func automatic(plan: Plan, frameCount: Int) -> Layout {
      let shorter = max(min(plan.width, plan.height), 1)
      let scale = min(8, max(1, (120 / shorter).rounded()))
      let cell = plan.width * scale + gap
      let columns = max(1, min(frameCount, Int((1600 / cell).rounded(.down))))
      return Layout(columns: columns, scale: scale, frameBackground: "#3a3a3a")
    }
  }

  static let gap = 12.0
  static let labelHeight = 20.0

  /// The whole document's width and height, in points (infinite when the scene's size times the scale overflows).
  public static func size(plan: Plan, frameCount: Int, layout: Layout) -> (width: Double, height: Double) {
    let columns = max(1, min(layout.columns, frameCount))
    let rows = (frameCount + columns - 1) / columns
    return (
      gap + Double(columns) * (plan.width * layout.scale + gap),
      gap + Double(rows) * (plan.height * layout.scale + labelHeight + gap)
    )
  }

  public static func document(plan: Plan, times: [Double], frames: [[LayerFrame]], layout: Layout) -> String {
    export(plan: plan, times: times, frames: frames, layout: layout).svg
  }

  /// The document and the warnings of its frames (each once).
  public static func export(plan: Plan, times: [Double], frames: [[LayerFrame]], layout: Layout)
    -> (svg: String, warnings: [ExportWarning])
  {
    precondition(times.count == frames.count, "one frame per time")
    return export(plan: plan, times: times, layout: layout, sampling: { frames[$0] })
  }

  /// `export(plan:times:frames:layout:)` with each frame sampled when it is drawn (`sampling(index)`), and each
  /// frame's lines joined as soon as it is drawn: a filmstrip at the samples limit (50 frames of 10,000 layers,
  /// 235 MB of SVG) held every frame's states and every line as a string of its own, 1.27 GB.
  public static func export(plan: Plan, times: [Double], layout: Layout, sampling: (Int) -> [LayerFrame])
    -> (svg: String, warnings: [ExportWarning])
  {
    var warnings = ExportWarnings()
    precondition(!times.isEmpty, "at least one frame")
    let tree = SceneTree(plan: plan)
    let n = SVGMarkup.number
    let frameWidth = plan.width * layout.scale
    let frameHeight = plan.height * layout.scale
    let columns = max(1, min(layout.columns, times.count))
    let (width, height) = size(plan: plan, frameCount: times.count, layout: layout)
    var definitions: [String] = []
    var body: [String] = []
    for (index, time) in times.enumerated() {
      let x = gap + Double(index % columns) * (frameWidth + gap)
      let y = gap + Double(index / columns) * (frameHeight + labelHeight + gap)
      var exporter = SVGExporter(tree: tree, frames: sampling(index), idPrefix: "f\(index)-")
      let scene = exporter.scene(indent: "      ")
      definitions += exporter.definitionLines
      for warning in exporter.warnings.items {
        warnings.add(warning.code, layer: warning.layer, keyPath: warning.keyPath, warning.message)
      }
      var frame: [String] = []
      if let background = layout.frameBackground {
        frame += SVGMarkup.element(
          "rect", [("width", n(plan.width)), ("height", n(plan.height)), ("fill", background)], indent: "    ")
      }
      frame += SVGMarkup.element(
        "g", [("id", "f\(index)"), ("transform", nil)], children: scene, indent: "    ")
      // A nested <svg> clips the frame to the canvas, so nothing spills into its neighbours.
      var lines = SVGMarkup.element(
        "svg",
        [
          ("x", n(x)), ("y", n(y)), ("width", n(frameWidth)), ("height", n(frameHeight)),
          ("viewBox", "0 0 \(n(plan.width)) \(n(plan.height))"), ("overflow", "hidden"),
        ],
        children: frame, indent: "  ")
      lines += SVGMarkup.element(
        "text",
        [
          ("x", n(x + frameWidth / 2)), ("y", n(y + frameHeight + 15)), ("font-family", "DejaVu Sans Mono, monospace"),
          ("font-size", "12"), ("text-anchor", "middle"), ("fill", "#d0d0d0"),
        ],
        children: ["    t = " + label(time) + " s"], indent: "  ")
      body.append(lines.joined(separator: "\n"))
    }
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\">",
      "  <title>\(SVGMarkup.escape(plan.scene)): \(times.count) frames</title>",
    ]
    if !definitions.isEmpty { lines += ["  <defs>"] + definitions + ["  </defs>"] }
    lines += SVGMarkup.element("rect", [("width", n(width)), ("height", n(height)), ("fill", "#1e1e1e")], indent: "  ")
    // Then the frames, one joined piece each, released as it is copied in, and the end.
    var text = ""
    text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 } + body.reduce(0) { $0 + $1.utf8.count + 1 } + 7)
    for line in lines { text += line + "\n" }
    for index in body.indices {
      text += body[index]
      text += "\n"
      body[index] = ""
    }
    text += "</svg>\n"
    return (text, warnings.sorted)
  }

  /// A time label: at most three decimals, trailing zeros dropped (`0.25`, `1.333`).
  public static func label(_ time: Double) -> String {
    let rounded = (time * 1000).rounded() / 1000
    return NumberFormatting.shortest(rounded)
  }

  /// `count` instants from `start` to `end` inclusive (one: `start`), each computed, not accumulated.
  public static func times(count: Int, start: Double, end: Double) -> [Double] {
    guard count > 1, end > start else { return [start] }
    return (0..<count).map { k in k == count - 1 ? end : start + (end - start) * Double(k) / Double(count - 1) }
  }

  /// Every 1/fps from `start` while ≤ `end`.
  public static func times(fps: Double, start: Double, end: Double) -> [Double] {
    var result: [Double] = []
    var k = 0.0
    while true {
      let time = start + k / fps
      if time > end + 1e-9 || result.count >= 10_000 { break }
      result.append(min(time, end))
      k += 1
    }
    return result
  }
}
