/// Turns libyaml's marks, which count characters, into byte offsets.
///
/// Marks arrive in document order, so a cursor that walks forward is amortised O(1); the rare step back
/// (an end mark before the previous event's) restarts from the nearest checkpoint.
struct MarkConverter {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var character = 0
  private var byte = 0
  /// Byte offset of every 1024th character seen so far.
  private var checkpoints: [Int] = [0]
  private static let checkpointStride = 1024

  /// Whether every byte is ASCII: then a character index is a byte offset (the common case, checked once).
  private let isASCII: Bool

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    var high: UInt8 = 0
    for byte in bytes { high |= byte }
    isASCII = high < 0x80
    // libyaml consumes a UTF-8 byte-order mark without counting it.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      byte = 3
      checkpoints = [3]
    }
  }

  mutating func byteOffset(ofCharacter target: Int) -> Int {
    if isASCII { return min(max(target, 0), bytes.count) }
    if target < character {
      let checkpoint = min(target / Self.checkpointStride, checkpoints.count - 1)
      character = checkpoint * Self.checkpointStride
      byte = checkpoints[checkpoint]
    }
    while character < target, byte < bytes.count {
      // Walk to the target or the next checkpoint, whichever is nearer, then record the checkpoint if reached.
      let stop = min(target, (character / Self.checkpointStride + 1) * Self.checkpointStride)
      while character < stop, byte < bytes.count {
        let lead = bytes[byte]
        byte += lead < 0x80 ? 1 : Self.length(of: lead)
        character += 1
      }
      if character % Self.checkpointStride == 0, character / Self.checkpointStride == checkpoints.count {
        checkpoints.append(byte)
      }
    }
    return min(byte, bytes.count)
  }

  private static func length(of lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}
