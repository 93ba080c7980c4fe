import SceneDiagnostics

/// Per-file switches for warnings: a comment line `# scenec-disable: W0105, unused-let` anywhere in the file
/// turns those warnings off for the whole file (by code or by name).
enum Suppressions {
  static let marker = "scenec-disable:"

  static func disabledCodes(in source: SourceFile) -> Set<String> {
    var codes = Set<String>()
    for line in linesContainingMarker(source) {
      let text = source.lineText(line)
      guard let hash = text.firstIndex(of: "#"), let range = text.range(of: marker, range: hash..<text.endIndex) else {
        continue
      }
      let list = text[range.upperBound...]
      for item in list.split(whereSeparator: { $0 == "," || $0 == " " }) where !item.isEmpty { codes.insert(String(item)) }
    }
    return codes
  }

  /// The 1-based lines whose bytes contain the marker, each once, in order: only those can disable anything, and
  /// finding them on bytes spares making a String of every line.
  static func linesContainingMarker(_ source: SourceFile) -> [Int] {
    let marker = Array(Self.marker.utf8)
    var lines: [Int] = []
    marker.withUnsafeBufferPointer { marker in
      source.bytes.withUnsafeBufferPointer { bytes in
        var offset = 0
        while let at = ByteSearch.firstOffset(of: marker, in: bytes, from: offset) {
          let line = source.location(of: at).line
          if lines.last != line { lines.append(line) }
          offset = at + 1
        }
      }
    }
    return lines
  }
}
