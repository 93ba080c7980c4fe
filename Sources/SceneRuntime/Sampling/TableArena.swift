/// One allocation holding a sampler's fixed-size tables side by side, each 64-byte aligned: whoever holds the
/// arena owns every table in it, and they are freed together when it goes (no table is freed by hand).
///
/// Only plain values (no references, nothing to deinitialise) may be placed, so freeing is one deallocation.
final class TableArena {
  static let alignment = 64

  /// The bytes a set of tables needs, summed before the arena is made.
  struct Size {
    var bytes = 0

    mutating func add<Element>(_ elements: [Element]) { add(Element.self, count: elements.count) }

    mutating func add<Element>(_ type: Element.Type, count: Int) {
      bytes += TableArena.rounded(MemoryLayout<Element>.stride * max(count, 1))
    }
  }

  private let base: UnsafeMutableRawPointer
  private let capacity: Int
  private var used = 0

  init(_ size: Size) {
    capacity = size.bytes
    base = .allocate(byteCount: max(capacity, Self.alignment), alignment: Self.alignment)
  }

  deinit { base.deallocate() }

  /// A table holding a copy of `elements`, valid as long as the arena.
  func place<Element>(_ elements: [Element]) -> RawBuffer<Element> {
    let buffer = reserve(Element.self, count: elements.count)
    elements.withUnsafeBufferPointer { source in
      if let start = source.baseAddress { buffer.base.initialize(from: start, count: elements.count) }
    }
    return buffer
  }

  /// A table of `count` copies of `value`.
  func place<Element>(repeating value: Element, count: Int) -> RawBuffer<Element> {
    let buffer = reserve(Element.self, count: count)
    buffer.base.initialize(repeating: value, count: count)
    return buffer
  }

  private func reserve<Element>(_ type: Element.Type, count: Int) -> RawBuffer<Element> {
    precondition(_isPOD(Element.self), "an arena holds plain values only")
    precondition(MemoryLayout<Element>.alignment <= Self.alignment, "an arena aligns tables to 64 bytes")
    let bytes = Self.rounded(MemoryLayout<Element>.stride * max(count, 1))
    precondition(used + bytes <= capacity, "tables placed as sized")
    let start = (base + used).bindMemory(to: Element.self, capacity: max(count, 1))
    used += bytes
    return RawBuffer(base: start, count: count)
  }

  private static func rounded(_ bytes: Int) -> Int { (bytes + alignment - 1) / alignment * alignment }
}

/// A fixed-size table of plain values inside a `TableArena`, read and written through its pointer.
struct RawBuffer<Element> {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  @inline(__always) subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }
}
