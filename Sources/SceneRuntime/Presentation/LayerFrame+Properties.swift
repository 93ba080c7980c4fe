import SceneCore

/// The typed frame view: a sampled `LayerFrame` read by property rather than by slot number, for exporters and
/// embedders.
///
///     let frame = sampler.frames(at: 0.5)[index]
///     frame.opacity                  // Double
///     frame.color(.fillColor)        // LayerColor
///     frame[.bounds]                 // PropertyValue.rect(Rect(…))
///     frame.components(.transform)   // the 9 raw numbers
///
/// Every reader goes through the property table (`LayerProperty.all`), so a property added to the table can be read
/// at once with `frame[name]` or the reader of its kind; the named accessors below are conveniences for the
/// properties every layer has. Properties a layer's type lacks read as their defaults (every layer has every slot).
extension LayerFrame {
  /// The property's slots, as numbers (empty for properties without slots: the path, the style's words).
  public func components(_ key: PropertyName) -> ArraySlice<Double> { values[LayerProperty.of(key).slots] }

  /// The property's value as its kind reads it; nil for properties kept outside the slots (`path`, the style).
  public subscript(_ key: PropertyName) -> PropertyValue? {
    let property = LayerProperty.of(key)
    let v = values[property.slots]
    guard !v.isEmpty else { return nil }
    let i = v.startIndex
    switch property.kind {
    case .number, .angle, .duration: return .number(v[i])
    case .bool: return .bool(v[i] >= 0.5)
    case .point: return .point(Point(v[i], v[i + 1]))
    case .size: return .size(width: v[i], height: v[i + 1])
    case .rect: return .rect(Rect(x: v[i], y: v[i + 1], width: v[i + 2], height: v[i + 3]))
    case .color: return .color(LayerColor(v[i], v[i + 1], v[i + 2], v[i + 3]))
    case .transform: return .transform(LayerTransform(v))
    case .perspectiveTransform: return .perspectiveTransform(LayerTransform(v), m34: v[i + 9])
    case .path, .enumeration, .string, .numberList, .font, .colorList, .locationList: return nil
    }
  }

  /// A one-number property (number, angle, duration).
  public func number(_ key: PropertyName) -> Double { values[slot(key, width: 1)] }

  /// A boolean property: a sampled slot is true from 0.5 up, as discrete animation sets 0 or 1.
  public func bool(_ key: PropertyName) -> Bool { values[slot(key, width: 1)] >= 0.5 }

  public func point(_ key: PropertyName) -> Point {
    let s = slot(key, width: 2)
    return Point(values[s], values[s + 1])
  }

  public func rect(_ key: PropertyName) -> Rect {
    let s = slot(key, width: 4)
    return Rect(x: values[s], y: values[s + 1], width: values[s + 2], height: values[s + 3])
  }

  public func color(_ key: PropertyName) -> LayerColor {
    let s = slot(key, width: 4)
    return LayerColor(values[s], values[s + 1], values[s + 2], values[s + 3])
  }

  private func slot(_ key: PropertyName, width: Int) -> Int {
    let property = LayerProperty.of(key)
    guard let slot = property.slot, property.width == width else {
      preconditionFailure("\(key) is not read as \(width) number\(width == 1 ? "" : "s")")
    }
    return slot
  }

  public var position: Point { point(.position) }
  public var bounds: Rect { rect(.bounds) }
  public var anchorPoint: Point { point(.anchorPoint) }
  public var zPosition: Double { number(.zPosition) }
  public var transform: LayerTransform { LayerTransform(components(.transform)) }
  public var opacity: Double { number(.opacity) }
  public var isHidden: Bool { bool(.hidden) }
  public var masksToBounds: Bool { bool(.masksToBounds) }
  public var isDoubleSided: Bool { bool(.doubleSided) }
  /// The layer's own matrix, into its superlayer's coordinates.
  public var localMatrix: AffineTransform { LayerMatrix.local(values) }

  /// A gradient layer's stop locations (from its list numbers, `ListLayout`, of which the last `shadowCount` are
  /// its shadowPath's: `LayerTable.shadowPathCount`); empty for other layers.
  public func gradientLocations(shadowCount: Int) -> ArraySlice<Double> {
    path[ListLayout.range(of: .locations, count: path.count, shadowCount: shadowCount)!]
  }

  /// A gradient layer's stop colours, in stop order; empty for other layers.
  public func gradientColors(shadowCount: Int) -> [LayerColor] {
    let numbers = path[ListLayout.range(of: .colors, count: path.count, shadowCount: shadowCount)!]
    return stride(from: numbers.startIndex, to: numbers.endIndex, by: 4).map {
      LayerColor(numbers[$0], numbers[$0 + 1], numbers[$0 + 2], numbers[$0 + 3])
    }
  }
}

/// One property's sampled value, by the kind the property table gives it.
public enum PropertyValue: Sendable, Hashable {
  case number(Double)
  case bool(Bool)
  case point(Point)
  case size(width: Double, height: Double)
  case rect(Rect)
  case color(LayerColor)
  case transform(LayerTransform)
  /// `sublayerTransform`: the decomposed transform and its perspective entry m34.
  case perspectiveTransform(LayerTransform, m34: Double)
}

/// A sampled colour: components as sampled (interpolation may leave 0…1; readers clamp as they draw).
public struct LayerColor: Sendable, Hashable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// The decomposed transform as sampled: translation, rotation (radians, about x, y, z) and scale, three each.
public struct LayerTransform: Sendable, Hashable {
  public var translation: [Double]
  public var rotation: [Double]
  public var scale: [Double]

  init(_ v: ArraySlice<Double>) {
    let i = v.startIndex
    translation = Array(v[i..<i + 3])
    rotation = Array(v[i + 3..<i + 6])
    scale = Array(v[i + 6..<i + 9])
  }
}
