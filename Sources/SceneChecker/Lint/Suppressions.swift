import SceneDiagnostics

/// Per-file switches for warnings: a comment line `# scenec-disable: W0105, unused-let` anywhere in the file
/// turns those warnings off for the whole file (by code or by name).
enum Suppressions {
  static let marker = "scenec-disable:"

  static func disabledCodes(in source: SourceFile) -> Set<String> {
    var codes = Set<String>()
    for line in 1...source.lineStarts.count {
      let text = source.lineText(line)
      guard let hash = text.firstIndex(of: "#"), let range = text.range(of: marker, range: hash..<text.endIndex) else {
        continue
      }
      let list = text[range.upperBound...]
      for item in list.split(whereSeparator: { $0 == "," || $0 == " " }) where !item.isEmpty { codes.insert(String(item)) }
    }
    return codes
  }
}
