/// ASCII text packed little-endian into two words: its first 16 bytes, zero past its end. Two keys or names of up
/// to 16 bytes are then equal when their words and lengths are (`PackedKey` in the reader, `NameTable` in the
/// checker, which look up every mapping key of a spec).
package enum ASCIIWords {
  /// The words of `bytes`, or nil when they are not all ASCII (byte-equal is string-equal only there). At most four
  /// loads of whole words, overlapping inside `bytes` and never past them, rather than a load per byte.
  @inlinable package static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64)? {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return (0, 0) }
    let raw = UnsafeRawPointer(base)
    var low: UInt64
    var high: UInt64 = 0
    if count >= 8 {
      low = raw.loadUnaligned(as: UInt64.self)
      if count >= 16 {
        high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      } else if count > 8 {
        // Bytes count − 8 ..< count, of which the top count − 8 are bytes 8 ..< count.
        high = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> (8 * UInt64(16 - count))
      }
    } else if count >= 4 {
      // Two loads that overlap on equal bytes: OR-ing them places every byte once.
      let head = UInt64(raw.loadUnaligned(as: UInt32.self))
      let tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      low = head | tail << (8 * UInt64(count - 4))
    } else if count >= 2 {
      let head = UInt64(raw.loadUnaligned(as: UInt16.self))
      let tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
      low = head | tail << (8 * UInt64(count - 2))
    } else {
      low = UInt64(base[0])
    }
    guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    if count > 16 {
      for offset in 16..<count where base[offset] >= 0x80 { return nil }
    }
    return (low, high)
  }
}
