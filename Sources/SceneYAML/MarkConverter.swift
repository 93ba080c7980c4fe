/// Turns libyaml's marks, which count characters, into byte offsets.
///
/// After the file's last non-ASCII byte every character is one byte, so marks there (all of them in an ASCII file)
/// convert in O(1). Before it, marks arrive in document order and a cursor walks forward, amortised O(1); a step
/// back (an end mark before the previous event's) walks back a little, or restarts from the nearest checkpoint.
struct MarkConverter {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var character = 0
  private var byte = 0
  /// Byte offset of every 1024th character seen so far.
  private var checkpoints: [Int] = [0]
  private static let checkpointStride = 1024
  /// The first character (and its byte offset) from which the rest of the file is ASCII.
  private var asciiCharacter = 0
  private var asciiByte = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // libyaml consumes a UTF-8 byte-order mark without counting it.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      byte = 3
      checkpoints = [3]
    }
    let lastHigh = Self.lastNonASCII(in: bytes)
    // Walk to the first character boundary past the last non-ASCII byte, as `byteOffset` would.
    var walkedCharacter = 0
    var walkedByte = byte
    while walkedByte <= lastHigh, walkedByte < bytes.count {
      walkedByte += Self.length(of: bytes[walkedByte])
      walkedCharacter += 1
    }
    asciiCharacter = walkedCharacter
    asciiByte = walkedByte
  }

  /// Inlined: called for nearly every event, and past the last non-ASCII byte (the whole of most files) the answer
  /// is one addition; the cursor walk stays out of line.
  @inline(__always) mutating func byteOffset(ofCharacter target: Int) -> Int {
    if target >= asciiCharacter { return min(asciiByte + (target - asciiCharacter), bytes.count) }
    return walk(toCharacter: target)
  }

  @inline(never) private mutating func walk(toCharacter target: Int) -> Int {
    if target < character {
      if character - target <= 64 {
        // Step back one character at a time: back over one byte and any continuation bytes before it.
        while character > target, byte > 0 {
          byte -= 1
          while byte > 0, bytes[byte] & 0xC0 == 0x80 { byte -= 1 }
          character -= 1
        }
        return min(byte, bytes.count)
      }
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

  /// The index of the last byte ≥ 0x80, or -1: eight bytes at a time back from the end (a byte at a time cost more
  /// than a whole ASCII file's conversions).
  static func lastNonASCII(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return -1 }
    var end = bytes.count
    while end >= 8 {
      let word = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { break }
      end -= 8
    }
    while end > 0 {
      end -= 1
      if base[end] >= 0x80 { return end }
    }
    return -1
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
