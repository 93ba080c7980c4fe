import SceneCore
import SceneRuntime

/// The layer tree of a plan, read from its flat table: sublayers and masks of every layer.
public struct SceneTree: Sendable {
  public let plan: Plan
  /// Sublayers of each layer in plan (document) order; masks excluded.
  public let sublayers: [[Int]]
  /// The mask layer of each layer, if any.
  public let mask: [Int?]
  /// Top-level layers (no superlayer) in document order.
  public let roots: [Int]
  /// Whether each layer is seen through a superlayer's `sublayerTransform` in use
  /// (`LayerProjection.throughSublayerTransform`): its map into the scene may be projective.
  public let throughSublayerTransform: [Bool]
  /// Whether each layer's own `sublayerTransform` is in use (`LayerProjection.usesSublayerTransform`).
  public let usesSublayerTransform: [Bool]
  /// Whether each layer may be culled: `doubleSided` is false in its model or a state's pose, or animated.
  public let mayCull: [Bool]

  public init(plan: Plan) {
    self.plan = plan
    let table = plan.layers
    var sublayers = [[Int]](repeating: [], count: table.count)
    var mask = [Int?](repeating: nil, count: table.count)
    var roots: [Int] = []
    for index in 0..<table.count {
      let parent = table.parents[index]
      if parent < 0 {
        roots.append(index)
      } else if table.isMask[index] {
        mask[parent] = index
      } else {
        sublayers[parent].append(index)
      }
    }
    self.sublayers = sublayers
    self.mask = mask
    self.roots = roots
    throughSublayerTransform = LayerProjection.throughSublayerTransform(plan: plan)
    usesSublayerTransform = LayerProjection.usesSublayerTransform(plan: plan)
    var mayCull = [Bool](repeating: false, count: table.count)
    for index in 0..<table.count
    where table.modelValues(of: index)[index * SlotLayout.count + SlotLayout.doubleSided] < 0.5 {
      mayCull[index] = true
    }
    for state in plan.machine?.states ?? [] {
      for index in 0..<table.count where state.values[index * SlotLayout.count + SlotLayout.doubleSided] < 0.5 {
        mayCull[index] = true
      }
    }
    for track in 0..<plan.tracks.count where plan.tracks.slots[track] == SlotLayout.doubleSided {
      mayCull[plan.tracks.layers[track]] = true
    }
    self.mayCull = mayCull
  }

  public var count: Int { plan.layers.count }

  public func id(_ layer: Int) -> String { plan.layers.ids[layer] }

  /// `layers` sorted by zPosition in `frames` (stable: equal zPositions keep document order), as Core Animation
  /// orders siblings.
  public func paintOrder(_ layers: [Int], frames: [LayerFrame]) -> [Int] {
    layers.enumerated().sorted { lhs, rhs in
      let a = frames[lhs.element].zPosition
      let b = frames[rhs.element].zPosition
      return a != b ? a < b : lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// The layers above `layer`: its superlayer, that layer's superlayer, …; a mask's chain starts at the masked layer.
  public func ancestors(of layer: Int) -> [Int] {
    var result: [Int] = []
    var current = plan.layers.parents[layer]
    while current >= 0 {
      result.append(current)
      current = plan.layers.parents[current]
    }
    return result
  }

  /// Whether `layer` is a mask or inside a mask's subtree.
  public func isInMask(_ layer: Int) -> Bool {
    if plan.layers.isMask[layer] { return true }
    return ancestors(of: layer).contains { plan.layers.isMask[$0] }
  }
}

/// Reading one sampled layer by property: a thin wrapper over the runtime's typed frame view
/// (`LayerFrame+Properties`), keeping the names the exporters were written with.
struct LayerValues {
  let frame: LayerFrame
  init(_ frame: LayerFrame) { self.frame = frame }
  init(_ values: [Double]) { frame = LayerFrame(values: values, path: []) }

  var v: [Double] { frame.values }
  var bounds: Rect { frame.bounds }
  var anchor: Point {
    let b = bounds
    let unit = frame.anchorPoint
    return Point(b.x + unit.x * b.width, b.y + unit.y * b.height)
  }
  var opacity: Double { frame.opacity }
  var isHidden: Bool { frame.isHidden }
  var masksToBounds: Bool { frame.masksToBounds }
  var cornerRadius: Double { frame.number(.cornerRadius) }
  var borderWidth: Double { frame.number(.borderWidth) }
  /// The colour whose four slots start at `slot`.
  func color(_ slot: Int) -> RGBA { RGBA(v[slot], v[slot + 1], v[slot + 2], v[slot + 3]) }
  func color(_ key: PropertyName) -> RGBA { RGBA(frame.color(key)) }
  var backgroundColor: RGBA { color(.backgroundColor) }
  var borderColor: RGBA { color(.borderColor) }
  var fillColor: RGBA { color(.fillColor) }
  var strokeColor: RGBA { color(.strokeColor) }
  var foregroundColor: RGBA { color(.foregroundColor) }
  var lineWidth: Double { frame.number(.lineWidth) }
  var miterLimit: Double { frame.number(.miterLimit) }
  var lineDashPhase: Double { frame.number(.lineDashPhase) }
  var strokeStart: Double { frame.number(.strokeStart) }
  var strokeEnd: Double { frame.number(.strokeEnd) }
  var fontSize: Double { frame.number(.fontSize) }
  var rotationX: Double { frame.transform.rotation[0] }
  var rotationY: Double { frame.transform.rotation[1] }
  var rotationZ: Double { frame.transform.rotation[2] }
}

/// A colour, components in 0…1 (values outside are clamped when written).
struct RGBA: Hashable {
  var r: Double
  var g: Double
  var b: Double
  var a: Double
  init(_ r: Double, _ g: Double, _ b: Double, _ a: Double) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }
  init(_ color: LayerColor) { self.init(color.red, color.green, color.blue, color.alpha) }
  var alpha: Double { min(max(a, 0), 1) }
  var isVisible: Bool { alpha > 0 }

  /// `#rrggbb`, each channel rounded to 8 bits.
  var hex: String {
    func byte(_ x: Double) -> String {
      let value = Int((min(max(x, 0), 1) * 255).rounded())
      let digits = String(value, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + byte(r) + byte(g) + byte(b)
  }
}

/// Rounded-rectangle geometry shared by the SVG and Lottie writers (the radius clamped to half the shorter side,
/// as `roundedRect` paths and Core Animation's corners are).
enum RoundedRect {
  static func radius(_ cornerRadius: Double, in rect: Rect) -> Double {
    max(0, min(cornerRadius, min(abs(rect.width), abs(rect.height)) / 2))
  }

  /// The border's inner edge: the bounds inset by the border width, its radius reduced by it.
  static func inner(_ rect: Rect, cornerRadius: Double, borderWidth: Double) -> (rect: Rect, radius: Double)? {
    let r = rect.standardized
    let width = r.width - 2 * borderWidth
    let height = r.height - 2 * borderWidth
    guard width > 0, height > 0 else { return nil }
    let inner = Rect(x: r.x + borderWidth, y: r.y + borderWidth, width: width, height: height)
    return (inner, radius(cornerRadius - borderWidth, in: inner))
  }
}
