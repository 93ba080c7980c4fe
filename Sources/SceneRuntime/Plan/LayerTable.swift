import SceneCore

/// Every layer instance in paint order, struct-of-arrays: model slot values with stride `SlotLayout.count`, model
/// paths as one element list and one coordinate list with per-layer start offsets, and the non-numeric style.
/// A gradient layer's stops (locations, then colours: `ListLayout`) take its place in the coordinate list, so
/// everything that carries a layer's coordinates (tracks, the sampler, machine states) carries them too; so does a
/// layer's shadowPath, whose coordinates follow them (its elements stay in the style).
public struct LayerTable: Sendable, Hashable {
  public var ids: [String] = []
  /// Index of the superlayer (or, for a mask, of the masked layer); -1 for top-level layers.
  public var parents: [Int] = []
  public var types: [LayerType] = []
  public var isMask: [Bool] = []
  /// `count · SlotLayout.count` model values.
  public var values: [Double] = []
  /// `count + 1` offsets into `pathElements`.
  public var pathElementStarts: [Int] = [0]
  public var pathElements: [BezierPath.Element] = []
  /// `count + 1` offsets into `pathCoordinates` (a layer's list numbers: path coordinates or gradient stops).
  public var pathCoordinateStarts: [Int] = [0]
  public var pathCoordinates: [Double] = []
  public var styles: [LayerStyle] = []
  /// For a sublayer of a replicator, which of its copies the layer is (CAReplicatorLayer's instance k, drawn with
  /// the k-th power of `instanceTransform` and modulated by the k-th colour); 0 for every other layer.
  public var replicas: [Int] = []

  public init() {}

  public var count: Int { ids.count }

  /// Room for `layers` more layers holding `pathElements` elements and `listNumbers` list numbers in all, so that
  /// a compile appends without growing: a growing array copies itself and touches its new pages, which made the
  /// layer table most of a large compile's page faults.
  /// `values: false` when the slot values come whole (`appendLayer` without values).
  package mutating func reserveCapacity(
    layers: Int, pathElements elementCount: Int, listNumbers: Int, values reservesValues: Bool = true
  ) {
    ids.reserveCapacity(count + layers)
    parents.reserveCapacity(count + layers)
    types.reserveCapacity(count + layers)
    isMask.reserveCapacity(count + layers)
    if reservesValues { values.reserveCapacity(values.count + layers * SlotLayout.count) }
    pathElementStarts.reserveCapacity(pathElementStarts.count + layers)
    pathElements.reserveCapacity(pathElements.count + elementCount)
    pathCoordinateStarts.reserveCapacity(pathCoordinateStarts.count + layers)
    pathCoordinates.reserveCapacity(pathCoordinates.count + listNumbers)
    styles.reserveCapacity(count + layers)
    replicas.reserveCapacity(count + layers)
  }

  package mutating func append(
    id: String, parent: Int, type: LayerType, isMask: Bool, values: [Double], path: BezierPath,
    gradientStops: [Double] = [], style: LayerStyle, replica: Int = 0
  ) {
    precondition(values.count == SlotLayout.count, "one value per slot")
    self.values.append(contentsOf: values)
    append(
      id: id, parent: parent, type: type, isMask: isMask, path: path, gradientStops: gradientStops, style: style,
      replica: replica)
  }

  /// A layer without its slot values, for a compiler that hands over the whole `values` table at once (the
  /// checked scene's `slotValues`) instead of copying it layer by layer.
  package mutating func append(
    id: String, parent: Int, type: LayerType, isMask: Bool, path: BezierPath, gradientStops: [Double] = [],
    style: LayerStyle, replica: Int = 0
  ) {
    ids.append(id)
    parents.append(parent)
    types.append(type)
    self.isMask.append(isMask)
    pathElements.append(contentsOf: path.elements)
    pathElementStarts.append(pathElements.count)
    pathCoordinates.append(contentsOf: path.coordinates)
    pathCoordinates.append(contentsOf: gradientStops)
    pathCoordinates.append(contentsOf: style.shadowPath?.coordinates ?? [])
    pathCoordinateStarts.append(pathCoordinates.count)
    styles.append(style)
    replicas.append(replica)
  }

  /// Layer `index`'s model path (structure and coordinates); empty for a gradient layer.
  public func path(of index: Int) -> BezierPath {
    if types[index] == .gradient { return BezierPath() }
    let start = pathCoordinateStarts[index]
    let range = listRange(of: .path, layer: index)!
    return BezierPath(
      elements: Array(pathElements[pathElementStarts[index]..<pathElementStarts[index + 1]]),
      coordinates: Array(pathCoordinates[(start + range.lowerBound)..<(start + range.upperBound)]))
  }

  /// How many of layer `index`'s list numbers are its shadowPath's coordinates (the last ones; 0 without one).
  public func shadowPathCount(of index: Int) -> Int { styles[index].shadowPath?.coordinates.count ?? 0 }

  /// Where a list property (`path`, `colors`, `locations`, `shadowPath`) lies in layer `index`'s list numbers.
  public func listRange(of property: PropertyName, layer index: Int) -> Range<Int>? {
    ListLayout.range(
      of: property, count: pathCoordinateStarts[index + 1] - pathCoordinateStarts[index],
      shadowCount: shadowPathCount(of: index))
  }

  /// Layer `index`'s shadowPath with the coordinates of `list` (a frame's list numbers); nil without one.
  public func shadowPath(of index: Int, list: [Double]) -> BezierPath? {
    guard var path = styles[index].shadowPath else { return nil }
    path.coordinates = Array(list[(list.count - path.coordinates.count)...])
    return path
  }

  /// Layer `index`'s list numbers (`ListLayout`): its path's coordinates or its gradient's stops, then its
  /// shadowPath's coordinates.
  public func listNumbers(of index: Int) -> ArraySlice<Double> {
    pathCoordinates[pathCoordinateStarts[index]..<pathCoordinateStarts[index + 1]]
  }

  /// Layer `index`'s model slot values.
  public func modelValues(of index: Int) -> ArraySlice<Double> {
    values[index * SlotLayout.count..<(index + 1) * SlotLayout.count]
  }
}
