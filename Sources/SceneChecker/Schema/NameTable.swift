import SceneYAML

/// Names (ASCII) → their index in a list, by a hash of their bytes: a name's first 16 bytes, packed into two words
/// with its length, find its slot in one probe or two, with no String made.
struct NameTable: Sendable {
  /// Open addressing: an index, or -1 for an empty slot. A power of two at least twice the name count.
  private let slots: [Int32]
  private let shift: UInt64
  /// Per index: the name's first 16 bytes as two little-endian words, zero-padded.
  private let packed: [PackedName]
  /// Every name's bytes, for the rest of names longer than 16 bytes.
  private let nameBytes: [UInt8]
  private let nameStarts: [Int]

  struct PackedName: Sendable, Equatable {
    var low: UInt64
    var high: UInt64
    var count: Int
  }

  init(_ names: [String]) {
    var bits: UInt64 = 3
    while 1 << bits < 2 * names.count { bits += 1 }
    shift = 64 - bits
    var slots = [Int32](repeating: -1, count: 1 << bits)
    var packed: [PackedName] = []
    var nameBytes: [UInt8] = []
    var nameStarts: [Int] = []
    for name in names {
      let bytes = Array(name.utf8)
      nameStarts.append(nameBytes.count)
      nameBytes += bytes
      packed.append(bytes.withUnsafeBufferPointer { Self.packASCII($0)! })  // names are ASCII
    }
    self.packed = packed
    self.nameBytes = nameBytes
    self.nameStarts = nameStarts
    for index in names.indices {
      // The first of two equal names keeps the slot, as a scan from the start would find it.
      var slot = Int(Self.hash(packed[index]) >> shift)
      var taken = false
      while slots[slot] >= 0 {
        if packed[Int(slots[slot])] == packed[index], names[Int(slots[slot])] == names[index] { taken = true }
        slot = (slot + 1) & (slots.count - 1)
      }
      if !taken { slots[slot] = Int32(index) }
    }
    self.slots = slots
  }

  /// The index of the name spelt by `bytes`, or nil; nil too for text that is not all ASCII, which no name of the
  /// table is (callers compare such text as strings).
  func index(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let key = Self.packASCII(bytes) else { return nil }
    var slot = Int(Self.hash(key) >> shift)
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if packed[index] == key, key.count <= 16 || sameTail(index, bytes) { return index }
      slot = (slot + 1) & (slots.count - 1)
    }
  }

  private func sameTail(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = nameStarts[index]
    for offset in 16..<bytes.count where nameBytes[start + offset] != bytes[offset] { return false }
    return true
  }

  /// `bytes` packed as `PackedName`, or nil when they are not all ASCII.
  private static func packASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedName? {
    ASCIIWords.pack(bytes).map { PackedName(low: $0.low, high: $0.high, count: bytes.count) }
  }

  private static func hash(_ name: PackedName) -> UInt64 {
    (name.low ^ (name.high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(name.count)) &* 0xFF51_AFD7_ED55_8CCD
  }
}
