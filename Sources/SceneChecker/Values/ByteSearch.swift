#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding a byte string in a byte buffer: `memchr` for the first byte, then a comparison.
enum ByteSearch {
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
