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
  }

  public var count: Int { plan.layers.count }

  public func id(_ layer: Int) -> String { plan.layers.ids[layer] }

  /// `layers` sorted by zPosition in `frames` (stable: equal zPositions keep document order), as Core Animation
  /// orders siblings.
  public func paintOrder(_ layers: [Int], frames: [LayerFrame]) -> [Int] {
    layers.enumerated().sorted { lhs, rhs in
      let a = frames[lhs.element].values[SlotLayout.zPosition]
      let b = frames[rhs.element].values[SlotLayout.zPosition]
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

/// Reading one sampled layer's slots by name.
struct LayerValues {
  let v: [Double]
  init(_ frame: LayerFrame) { v = frame.values }
  init(_ values: [Double]) { v = values }

  typealias S = SlotLayout
  var bounds: Rect { Rect(x: v[S.bounds], y: v[S.bounds + 1], width: v[S.bounds + 2], height: v[S.bounds + 3]) }
  var anchor: Point {
    let b = bounds
    return Point(b.x + v[S.anchorPoint] * b.width, b.y + v[S.anchorPoint + 1] * b.height)
  }
  var opacity: Double { v[S.opacity] }
  var isHidden: Bool { v[S.hidden] >= 0.5 }
  var masksToBounds: Bool { v[S.masksToBounds] >= 0.5 }
  var cornerRadius: Double { v[S.cornerRadius] }
  var borderWidth: Double { v[S.borderWidth] }
  func color(_ slot: Int) -> RGBA { RGBA(v[slot], v[slot + 1], v[slot + 2], v[slot + 3]) }
  var backgroundColor: RGBA { color(S.backgroundColor) }
  var borderColor: RGBA { color(S.borderColor) }
  var fillColor: RGBA { color(S.fillColor) }
  var strokeColor: RGBA { color(S.strokeColor) }
  var foregroundColor: RGBA { color(S.foregroundColor) }
  var lineWidth: Double { v[S.lineWidth] }
  var miterLimit: Double { v[S.miterLimit] }
  var lineDashPhase: Double { v[S.lineDashPhase] }
  var strokeStart: Double { v[S.strokeStart] }
  var strokeEnd: Double { v[S.strokeEnd] }
  var fontSize: Double { v[S.fontSize] }
  var rotationX: Double { v[S.rotation] }
  var rotationY: Double { v[S.rotation + 1] }
  var rotationZ: Double { v[S.rotation + 2] }
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
