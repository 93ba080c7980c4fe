/// The layer instances a `target` (or a pose's layer id) names: one for most ids, kept inline, or the list of a
/// repeated layer's instances or a replicated sublayer's copies.
///
/// A list per id cost an array per layer while the layers were checked, another reference count for each
/// animation that named it, and a release of each when the checker was done.
struct TargetInstances: RandomAccessCollection, Equatable {
  private let single: Int
  private let list: [Int]?

  init(_ index: Int) {
    single = index
    list = nil
  }

  init(_ list: [Int]) {
    single = list.count == 1 ? list[0] : -1
    self.list = list.count == 1 ? nil : list
  }

  var startIndex: Int { 0 }
  var endIndex: Int { list?.count ?? 1 }
  subscript(position: Int) -> Int {
    guard let list else {
      precondition(position == 0, "one instance")
      return single
    }
    return list[position]
  }

  static func == (a: TargetInstances, b: TargetInstances) -> Bool { a.elementsEqual(b) }
}

/// Each written layer id's instances, in order (`fan` → fan[0] … fan[5]): an index per id, and a list only for
/// the ids with other than one instance.
struct InstancesByID {
  /// ≥ 0: the id's one instance; < 0: its list, `lists[-1 - value]`.
  private var entries: [String: Int] = [:]
  private var lists: [[Int]] = []

  mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

  /// An (empty) list for `id`, with room for `count` instances: a repeated layer's entry, even at 0 repeats.
  mutating func makeList(for id: String, reserving count: Int) {
    guard entries[id] == nil else {
      listIndex(of: id).map { lists[$0].reserveCapacity(lists[$0].count + count) }
      return
    }
    entries[id] = -1 - lists.count
    lists.append([])
    lists[lists.count - 1].reserveCapacity(count)
  }

  /// Adds instance `index` of `id`, after its earlier ones.
  mutating func append(_ index: Int, of id: String) {
    // One hash of the id in the common case (its first and only instance).
    if let previous = entries.updateValue(index, forKey: id) {
      if previous >= 0 {
        entries[id] = -1 - lists.count
        lists.append([previous, index])
      } else {
        entries[id] = previous
        lists[-1 - previous].append(index)
      }
    }
  }

  private func listIndex(of id: String) -> Int? {
    guard let value = entries[id], value < 0 else { return nil }
    return -1 - value
  }

  /// The instances of `id`; nil for an id no layer has. An id repeated 0 times has an empty one.
  subscript(id: String) -> TargetInstances? {
    guard let value = entries[id] else { return nil }
    return value >= 0 ? TargetInstances(value) : TargetInstances(lists[-1 - value])
  }

  /// Every id written.
  var ids: Dictionary<String, Int>.Keys { entries.keys }
  var count: Int { entries.count }
}
