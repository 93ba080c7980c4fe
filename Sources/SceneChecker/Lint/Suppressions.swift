import SceneDiagnostics

/// Switches for warnings, by code or by name, in comments:
/// - `# scenec-disable: W0105, unused-let` anywhere in the file turns those warnings off for the whole file;
/// - `# scenec-disable-next-line: W0102` turns them off on the line below the comment only;
/// - `keyPath: opacity  # scenec-disable-line: W0102` on the comment's own line only.
///
/// An item that names no code, or names an error (errors cannot be switched off), is itself a warning (W0113), so
/// a misspelt suppression never silently does nothing. Export warnings (W09xx) are codes too: the checker has none
/// to remove, and `scenec export` applies the same comments to its own (`SpecChecker.removingSuppressed`).
struct Suppressions {
  static let fileMarker = "scenec-disable:"
  static let nextLineMarker = "scenec-disable-next-line:"
  static let sameLineMarker = "scenec-disable-line:"
  /// What both markers start with: the bytes searched for.
  static let stem = "scenec-disable"

  /// Codes (ids and names) switched off in the whole file.
  var file: Set<String> = []
  /// 1-based line → codes switched off on that line.
  var lines: [Int: Set<String>] = [:]
  /// W0113 for items that switch nothing off.
  var problems: [Diagnostic] = []

  init(source: SourceFile, catalogue makeCatalogue: () -> [DiagnosticCode]) {
    let markerLines = Self.linesContainingMarker(source)
    guard !markerLines.isEmpty else { return }
    let lookup = CodeLookup(makeCatalogue())
    for line in markerLines {
      let bytes = Self.lineBytes(source, line)
      guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { continue }
      let comment = bytes[hash...]
      let nextLine = Self.range(of: Self.nextLineMarker, in: comment)
      let sameLine = nextLine == nil ? Self.range(of: Self.sameLineMarker, in: comment) : nil
      let lineStart = source.lineStarts[line - 1]
      guard let marker = nextLine ?? sameLine ?? Self.range(of: Self.fileMarker, in: comment) else {
        // `scenec-disable W0102`, `scenec-disable-file: W0102`: meant as a switch, and switching nothing off.
        if let stem = Self.range(of: Self.stem, in: comment) {
          var end = stem.upperBound
          while end < bytes.endIndex, bytes[end] != 0x20, bytes[end] != 0x3A, bytes[end] != 0x09 { end += 1 }
          if end < bytes.endIndex, bytes[end] == 0x3A { end += 1 }
          let written = String(decoding: bytes[stem.lowerBound..<end], as: UTF8.self)
          problems.append(
            Diagnostic(
              LintDiagnostics.badSuppression, "'\(written)' is not a switch scenec knows, so it switches nothing off",
              at: Span(start: lineStart + stem.lowerBound, end: lineStart + end),
              help:
                "write `# scenec-disable: CODE` (the whole file), `# scenec-disable-next-line: CODE` (the line below) "
                + "or `# scenec-disable-line: CODE` (this line)"
            ))
        }
        continue
      }
      for item in Self.items(bytes, from: marker.upperBound) {
        let word = String(decoding: bytes[item], as: UTF8.self)
        let span = Span(start: lineStart + item.lowerBound, end: lineStart + item.upperBound)
        guard let code = lookup.code(word) else {
          problems.append(
            Diagnostic(
              LintDiagnostics.badSuppression, "'\(word)' is not a diagnostic code, so this switches nothing off",
              at: span,
              help: lookup.suggestion(for: word)
                ?? "name a warning by its code (W0102) or its name (snaps-back); Grammar.md lists them"))
          continue
        }
        guard code.severity == .warning else {
          problems.append(
            Diagnostic(
              LintDiagnostics.badSuppression,
              "\(code.id) (\(code.name)) is an error, and errors cannot be switched off",
              at: span, help: "fix the error instead; only warnings (W…) can be disabled"))
          continue
        }
        if nextLine != nil {
          lines[line + 1, default: []].insert(code.id)
        } else if sameLine != nil {
          lines[line, default: []].insert(code.id)
        } else {
          file.insert(code.id)
        }
      }
    }
  }

  /// Whether a diagnostic is a warning switched off for the file or for its line.
  func disables(_ diagnostic: Diagnostic, in source: SourceFile) -> Bool {
    guard diagnostic.severity == .warning else { return false }
    if file.contains(diagnostic.code.id) { return true }
    guard !lines.isEmpty else { return false }
    return lines[source.location(of: diagnostic.span.start).line]?.contains(diagnostic.code.id) ?? false
  }

  private static func lineBytes(_ source: SourceFile, _ line: Int) -> ArraySlice<UInt8> {
    let start = source.lineStarts[line - 1]
    let end = line < source.lineStarts.count ? source.lineStarts[line] : source.bytes.count
    var slice = source.bytes[start..<end]
    while let last = slice.last, last == 0x0A || last == 0x0D { slice = slice.dropLast() }
    // Rebased to 0, so item offsets are offsets in the line.
    return ArraySlice(Array(slice))
  }

  private static func range(of marker: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
    let needle = Array(marker.utf8)
    guard bytes.count >= needle.count else { return nil }
    for start in bytes.startIndex...(bytes.endIndex - needle.count)
    where bytes[start..<start + needle.count].elementsEqual(needle) {
      return start..<start + needle.count
    }
    return nil
  }

  /// The comma- or space-separated words after the marker, as ranges in the line.
  private static func items(_ bytes: ArraySlice<UInt8>, from start: Int) -> [Range<Int>] {
    var items: [Range<Int>] = []
    var index = start
    while index < bytes.endIndex {
      while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x2C || bytes[index] == 0x09 { index += 1 }
      let begin = index
      while index < bytes.endIndex, bytes[index] != 0x20, bytes[index] != 0x2C, bytes[index] != 0x09 { index += 1 }
      if index > begin { items.append(begin..<index) }
    }
    return items
  }

  /// The 1-based lines whose bytes contain the marker stem, each once, in order: only those can disable anything,
  /// and finding them on bytes spares making a String of every line.
  static func linesContainingMarker(_ source: SourceFile) -> [Int] {
    let marker = Array(Self.stem.utf8)
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
