#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding a byte string in a byte buffer: `memchr` for the first byte, then a comparison.
enum ByteSearch {
  /// Whether `a` and `b` hold the same bytes: one `memcmp` rather than a comparison through iterators.
  static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    return memcmp(left, right, a.count) == 0
  }

  /// The offset of the first occurrence of `needle` in `haystack` at or after `start`, or nil.
  static func firstOffset(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    guard let base = haystack.baseAddress, let first = needle.first, needle.count <= haystack.count else {
      return needle.isEmpty ? start : nil
    }
    let last = haystack.count - needle.count
    var offset = start
    while offset <= last {
      guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
      offset = at + 1
    }
    return nil
  }
}
