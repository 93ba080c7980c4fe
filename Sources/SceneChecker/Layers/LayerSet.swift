/// A set of layer instances by index, as one bit each.
///
/// The checker notes the layer of every animation leaf and pose it reads: on a spec of tens of thousands of
/// animations, hashing each index into a `Set<Int>` cost more than reading the leaf's key path. Layer indices are
/// small and dense, so a bit per layer is both smaller and a single store per insertion.
struct LayerSet {
  private var words: [UInt64] = []

  init() {}

  mutating func insert(_ layer: Int) {
    precondition(layer >= 0, "a layer index is never negative")
    let word = layer >> 6
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
    words[word] |= 1 << UInt64(layer & 63)
  }

  func contains(_ layer: Int) -> Bool {
    let word = layer >> 6
    return layer >= 0 && word < words.count && words[word] & 1 << UInt64(layer & 63) != 0
  }

  mutating func formUnion(_ other: LayerSet) {
    if other.words.count > words.count {
      words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
    }
    for index in other.words.indices { words[index] |= other.words[index] }
  }

  /// The members in increasing order.
  var members: [Int] {
    var result: [Int] = []
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        result.append(index << 6 + rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return result
  }
}
