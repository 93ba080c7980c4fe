/// FNV-1a, 64 bits (Fowler, Noll and Vo; offset basis 0xCBF29CE484222325, prime 0x100000001B3): each byte is
/// XORed into the hash, which is then multiplied by the prime, modulo 2^64.
///
/// Written here because Foundation on Linux has no digest (CryptoKit is Apple's, and swift-crypto would be a
/// dependency for ten lines). It is no cryptographic hash: it names findings so that they can be matched again
/// (`FindingFingerprint`), where a collision only merges two findings of one file and one code.
public struct FNV1a64: Sendable, Hashable {
  public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  public init() {}

  public mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
  }

  /// Text as its UTF-8 bytes, then a NUL byte, so that ("ab", "c") and ("a", "bc") hash differently.
  public mutating func combine(field text: String) {
    combine(text.utf8)
    combine(CollectionOfOne(0))
  }

  /// Sixteen lower-case hex digits, zero-padded.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
