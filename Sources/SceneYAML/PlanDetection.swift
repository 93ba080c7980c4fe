import SceneDiagnostics

/// Tells a compiled plan from a spec by its format marker, so a plan given where a spec belongs gets one
/// diagnostic instead of a screenful of unknown keys (JSON is YAML, so the plan would otherwise be checked).
public enum PlanDetection {
  /// The bytes looked at: the plan writer puts `format` first, so the marker is near the start.
  static let window = 4096

  /// Where `"scenec-plan"` is written as the value of `"format"` in a JSON object at the start of `bytes`; nil
  /// for anything else.
  public static func formatMarker(in bytes: [UInt8]) -> Span? {
    var index = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    index = skipSpace(bytes, from: index)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    let key = Array("\"format\"".utf8)
    let value = Array("\"scenec-plan\"".utf8)
    let end = min(bytes.count, window)
    var at = index + 1
    while at + key.count <= end {
      if bytes[at..<at + key.count].elementsEqual(key) {
        var next = skipSpace(bytes, from: at + key.count)
        guard next < end, bytes[next] == UInt8(ascii: ":") else { return nil }
        next = skipSpace(bytes, from: next + 1)
        guard next + value.count <= bytes.count, bytes[next..<next + value.count].elementsEqual(value) else {
          return nil
        }
        return Span(start: next, end: next + value.count)
      }
      at += 1
    }
    return nil
  }

  private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index
  }
}
