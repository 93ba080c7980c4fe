/// Where the properties whose length varies per layer live in the layer's list numbers, the array kept beside its
/// slots (`LayerFrame.path`, the plan's `pathCoordinates`).
///
/// A shape layer's list is its path's coordinates. A gradient layer's is its n stop locations followed by the n
/// colours' r, g, b, a: 5n numbers, so the stop count, and with it where each property starts, follows from the
/// list's length alone. Every evaluator (the sampler, the reference evaluator, the machine, the web player) reads
/// the ranges from here. Locations come first so that a track's offset into the list (stored in the sampler's
/// one-byte slot as −1 − offset) stays small: the colours start at n, at most `maxStops`.
///
/// A layer with a `shadowPath` (any type: CALayer.shadowPath) keeps that path's coordinates after all of this, so
/// every offset above stays what it was without one; the shadow's count follows from its elements, which the
/// layer's style holds (Core Animation interpolates a shadowPath as it does a shape's `path`).
public enum ListLayout {
  /// Numbers per gradient stop in the list: one location, four colour components.
  public static let numbersPerStop = 5
  /// The most stops a gradient may have (Grammar.md, Limits): keeps the colours' offset within the sampler's byte.
  public static let maxStops = 64

  /// The numbers a list key path covers in a layer whose list holds `count` numbers, the last `shadowCount` of them
  /// its shadowPath's coordinates; nil for a key path with slots.
  public static func range(of property: PropertyName, count: Int, shadowCount: Int) -> Range<Int>? {
    let base = count - shadowCount
    switch property {
    case .path: return 0..<base
    case .locations: return 0..<base / numbersPerStop
    case .colors: return base / numbersPerStop..<base
    case .shadowPath: return base..<count
    default: return nil
    }
  }

  /// The largest offset a track may write the list from: the sampler keeps −1 − offset in one signed byte.
  public static let maxTrackOffset = 127

  /// The list of a gradient with these stops: locations, then colours.
  public static func gradientList(colors: [Double], locations: [Double]) -> [Double] {
    precondition(colors.count == locations.count * 4, "one location per colour")
    return locations + colors
  }

  /// Uniform stop locations, Core Animation's when `locations` is nil: 0, 1/(n−1), …, 1 (0 for a single stop).
  public static func uniformLocations(count: Int) -> [Double] {
    guard count > 1 else { return Array(repeating: 0, count: count) }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// The slot number a track writing list numbers from `offset` on carries in plans and tracks: −1 − offset, so
  /// that a path (offset 0) keeps the −1 it always had.
  public static func trackSlot(offset: Int) -> Int { -1 - offset }

  /// The offset into the list of a track whose slot is negative.
  @inlinable public static func offset(ofTrackSlot slot: Int) -> Int { -1 - slot }
}
