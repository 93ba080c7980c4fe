// What the export and machine targets read from one input: the spec bytes, and optional first lines (YAML
// comments, so the rest still reads as the same spec) that steer the run:
//   #t 0.5,1e9,-3        times to sample or export at
//   #e tap@0,tap@1e300   an event script (`--events`), used as written, even when it does not parse
import Foundation

public struct FuzzInput {
  public let bytes: [UInt8]
  public let times: [Double]?
  public let events: String?

  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var times: [Double]?
    var events: String?
    var rest = bytes[...]
    for _ in 0..<2 {
      let line = rest.prefix { $0 != 0x0A }
      let text = String(decoding: line, as: UTF8.self)
      if text.hasPrefix("#t ") {
        times = text.dropFirst(3).split(separator: ",").prefix(16).compactMap { Double($0) }
      } else if text.hasPrefix("#e ") {
        events = String(text.dropFirst(3).prefix(4096))
      } else {
        break
      }
      rest = rest.dropFirst(line.count + 1)
    }
    self.times = times
    self.events = events
  }

  /// An event script of up to 6 of `names`, chosen and timed by the input's bytes (a hash of them), for inputs
  /// without `#e`: so a spec with states always replays some events.
  public func derivedScript(names: [String]) -> String? {
    guard !names.isEmpty else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let count = Int(hash % 7)
    var parts: [String] = []
    var time = 0.0
    for k in 0..<count {
      let bits = hash >> UInt64(8 * (k % 8))
      time += Double(bits % 16) / 8
      parts.append("\(names[Int(bits / 16) % names.count])@\(time)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ",")
  }
}
