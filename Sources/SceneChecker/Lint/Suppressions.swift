import SceneDiagnostics
import SceneYAML

/// Switches for warnings, by code or by name, in comments:
/// - `# scenec-disable: W0105, unused-let` anywhere in the file turns those warnings off for the whole file;
/// - `# scenec-disable-next-line: W0102` turns them off on the line below the comment, and where that line begins
///   a block (a layer, a timeline, any key or list item whose value runs on), on every line of the block;
/// - `keyPath: opacity  # scenec-disable-line: W0102` on the comment's own line only.
/// Text after ` -- ` is the author's reason, read by people and not by scenec.
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

  static let reasonMarker = "--"

  /// Codes (ids and names) switched off in the whole file.
  var file: Set<String> = []
  /// Code id → the 1-based lines it is switched off on, as sorted disjoint ranges (a block below a
  /// `-next-line` comment is one range, so a hostile file of many long blocks costs a search, not a scan).
  var lines: [String: [ClosedRange<Int>]] = [:]
  /// W0113 for items that switch nothing off.
  var problems: [Diagnostic] = []

  /// Whether no comment switches anything off.
  var isEmpty: Bool { file.isEmpty && lines.isEmpty }

  /// `document` is the file's YAML, read only when a `-next-line` comment needs the extent of the block below it
  /// (`nil` when the file has none: the comment then covers its line below only).
  init(
    source: SourceFile, document: () -> YAMLDocument?, catalogue makeCatalogue: () -> [DiagnosticCode]
  ) {
    let markerLines = Self.linesContainingMarker(source)
    guard !markerLines.isEmpty else { return }
    let lookup = CodeLookup(makeCatalogue())
    var nextLines: [Int: Set<String>] = [:]
    var sameLines: [Int: Set<String>] = [:]
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
      let items = Self.items(bytes, from: marker.upperBound)
      for (position, item) in items.enumerated() {
        let word = String(decoding: bytes[item], as: UTF8.self)
        let span = Span(start: lineStart + item.lowerBound, end: lineStart + item.upperBound)
        guard let code = lookup.code(word) else {
          let suggestion = lookup.suggestion(for: word)
          let rest = items[position...]
          if suggestion == nil, rest.count > 1,
            rest.allSatisfy({ lookup.code(String(decoding: bytes[$0], as: UTF8.self)) == nil })
          {
            // Words, not codes: most likely a reason written without ` -- `; one warning for the phrase, not one
            // per word.
            let phrase = String(decoding: bytes[item.lowerBound..<rest.last!.upperBound], as: UTF8.self)
            var codesEnd = item.lowerBound
            while codesEnd > hash, bytes[codesEnd - 1] == 0x20 || bytes[codesEnd - 1] == 0x09 { codesEnd -= 1 }
            let written = String(decoding: bytes[hash..<codesEnd], as: UTF8.self)
            problems.append(
              Diagnostic(
                LintDiagnostics.badSuppression, "'\(phrase)' names no diagnostic code, so it switches nothing off",
                at: Span(start: span.start, end: lineStart + rest.last!.upperBound),
                help: "write a reason after ` -- `: `\(written) -- \(phrase)`"))
            break
          }
          problems.append(
            Diagnostic(
              LintDiagnostics.badSuppression, "'\(word)' is not a diagnostic code, so this switches nothing off",
              at: span,
              help: suggestion
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
          nextLines[line + 1, default: []].insert(code.id)
        } else if sameLine != nil {
          sameLines[line, default: []].insert(code.id)
        } else {
          file.insert(code.id)
        }
      }
    }
    guard !nextLines.isEmpty || !sameLines.isEmpty else { return }
    let blockEnds = nextLines.isEmpty ? [:] : document().map { Self.blockEnds(on: Set(nextLines.keys), $0, source) }
    var ranges: [String: [ClosedRange<Int>]] = [:]
    for (line, codes) in nextLines {
      let last = max(line, blockEnds?[line] ?? line)
      for code in codes { ranges[code, default: []].append(line...last) }
    }
    for (line, codes) in sameLines {
      for code in codes { ranges[code, default: []].append(line...line) }
    }
    lines = ranges.mapValues(Self.merged)
  }

  /// Whether a diagnostic is a warning switched off for the file or for its line.
  func disables(_ diagnostic: Diagnostic, in source: SourceFile) -> Bool {
    guard diagnostic.severity == .warning else { return false }
    if file.contains(diagnostic.code.id) { return true }
    guard let ranges = lines[diagnostic.code.id] else { return false }
    let line = source.location(of: diagnostic.span.start).line
    // The last range starting at or before `line` is the only one that can hold it (the ranges are disjoint).
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
    }
    return low > 0 && ranges[low - 1].contains(line)
  }

  /// For each line of `starts`, the last line of the longest block that begins on it: the value of a key written
  /// on the line, or a list item whose first key is on it (`- id: box` begins the whole layer).
  private static func blockEnds(on starts: Set<Int>, _ document: YAMLDocument, _ source: SourceFile) -> [Int: Int] {
    guard let root = document.root else { return [:] }
    var ends: [Int: Int] = [:]
    func note(_ start: Int, _ node: YAMLNode) {
      let line = source.location(of: start).line
      guard starts.contains(line) else { return }
      let span = document.span(node)
      let last = source.location(of: max(span.start, span.end - 1)).line
      ends[line] = max(ends[line] ?? line, last)
    }
    // A stack, not recursion: the checker reads documents nested as deep as the YAML limits allow.
    var pending = [root]
    while let node = pending.popLast() {
      switch document.kind(node) {
      case .mapping:
        for entry in document.entries(node) {
          note(document.span(entry.key).start, entry.value)
          pending.append(entry.value)
        }
      case .sequence:
        for item in document.items(node) {
          note(document.span(item).start, item)
          pending.append(item)
        }
      default: break
      }
    }
    return ends
  }

  /// Sorted, overlapping or touching ranges joined.
  private static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound + 1 {
        result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
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

  /// The comma- or space-separated words after the marker and before a reason (a word starting with `--`), as
  /// ranges in the line.
  private static func items(_ bytes: ArraySlice<UInt8>, from start: Int) -> [Range<Int>] {
    let reason = Array(reasonMarker.utf8)
    var items: [Range<Int>] = []
    var index = start
    while index < bytes.endIndex {
      while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x2C || bytes[index] == 0x09 { index += 1 }
      let begin = index
      while index < bytes.endIndex, bytes[index] != 0x20, bytes[index] != 0x2C, bytes[index] != 0x09 { index += 1 }
      if bytes[begin..<index].starts(with: reason) { break }
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
