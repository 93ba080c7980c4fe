/// A keyframe animation's values, stored flat: `width` numbers per keyframe in one array.
///
/// One heap array per animation instead of one per keyframe: a large spec has millions of keyframes, and an array
/// each cost ~56 bytes of header and pointer besides the numbers, plus a malloc, a free and a release apiece. The
/// compiler copies `flat` straight into the plan. Reading `self[i]` builds an array, which slow paths (the
/// reference evaluator, lint) may do; hot paths read `flat`.
public struct KeyframeValues: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
  /// `count × width` numbers, keyframe after keyframe.
  public private(set) var flat: [Double]
  /// Numbers per keyframe (a key path's components, or a path's coordinates; may be 0 for an empty path).
  public let width: Int
  /// Stored, since `flat.count / width` is undefined for width 0.
  public let count: Int

  /// `flat` holds `flat.count / width` keyframes of `width` numbers each.
  public init(width: Int, flat: [Double]) {
    precondition(width > 0 ? flat.count % width == 0 : flat.isEmpty, "flat keyframe values must fill whole keyframes")
    self.init(width: width, flat: flat, count: width > 0 ? flat.count / width : 0)
  }

  /// `count` keyframes of no numbers (an animated empty path).
  public init(emptyKeyframes count: Int) {
    self.init(width: 0, flat: [], count: count)
  }

  /// From one array per keyframe, all of one width.
  public init(_ values: [[Double]]) {
    let width = values.first?.count ?? 0
    precondition(values.allSatisfy { $0.count == width }, "keyframe values must all have the same width")
    var flat: [Double] = []
    flat.reserveCapacity(values.count * width)
    for value in values { flat.append(contentsOf: value) }
    self.init(width: width, flat: flat, count: values.count)
  }

  public init(arrayLiteral elements: [Double]...) {
    self.init(elements)
  }

  private init(width: Int, flat: [Double], count: Int) {
    self.flat = flat
    self.width = width
    self.count = count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Keyframe `index`'s numbers (a new array: not for hot paths).
  public subscript(index: Int) -> [Double] {
    precondition(index >= 0 && index < count, "keyframe index out of range")
    return Array(flat[index * width..<(index + 1) * width])
  }
}
