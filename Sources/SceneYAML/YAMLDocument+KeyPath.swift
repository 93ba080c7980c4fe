import SceneDiagnostics

extension YAMLDocument {
  /// Where `offset` lies in the document, as the keys and items leading to the innermost node whose span holds
  /// it: `layers[id=button].animations[0].toValue`. An offset inside a key ends at that key. Keys made of
  /// letters, digits, `_` and `-` are joined with `.`; any other key is written `["a.b"]` (quoted as JSON
  /// strings), and a key that is no scalar `[?]`. An item is named by its `id` when it is a mapping with a scalar
  /// `id` (`[id=knob]`, as layers are), so that adding or moving other layers keeps it; any other item by its
  /// index (`[0]`). Empty at the top level, outside the root, or for an empty document.
  ///
  /// A finding's fingerprint (`FindingFingerprint`) uses it in place of a line number: adding lines above a
  /// finding changes its line, not its key path.
  public func keyPath(at offset: Int) -> String {
    guard var node = root, span(node).contains(offset) else { return "" }
    var path = ""
    descent: while true {
      switch kind(node) {
      case .scalar:
        break descent
      case .sequence:
        let index = lastChild(of: node, startingAtOrBefore: offset) { span(item(node, $0)).start }
        guard let index, span(item(node, index)).contains(offset) else { break descent }
        node = item(node, index)
        path += itemSegment(node, index: index)
      case .mapping:
        guard let index = lastChild(of: node, startingAtOrBefore: offset, start: { span(entry(node, $0).key).start })
        else { break descent }
        let found = entry(node, index)
        let inKey = span(found.key).contains(offset)
        guard inKey || span(found.value).contains(offset) else { break descent }
        path += keySegment(found.key, first: path.isEmpty)
        if inKey { break descent }
        node = found.value
      }
    }
    return path
  }

  /// The last of a collection's items (or entries, by their keys) that starts at or before `offset`, by binary
  /// search: children are in document order, and a scan made a finding in each of 100,000 layers cost 100,000
  /// span reads apiece.
  private func lastChild(of node: YAMLNode, startingAtOrBefore offset: Int, start: (Int) -> Int) -> Int? {
    var low = 0
    var high = count(node)
    while low < high {
      let middle = (low + high) / 2
      if start(middle) <= offset { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  private func itemSegment(_ item: YAMLNode, index: Int) -> String {
    guard kind(item) == .mapping,
      let id = entries(item).last(where: { kind($0.key) == .scalar && scalar($0.key) == "id" })?.value,
      kind(id) == .scalar
    else { return "[\(index)]" }
    let text = scalar(id)
    return "[id=" + (Self.isPlainWord(text) ? text : Self.quoted(text)) + "]"
  }

  private func keySegment(_ key: YAMLNode, first: Bool) -> String {
    guard kind(key) == .scalar else { return "[?]" }
    let text = scalar(key)
    if Self.isPlainWord(text) { return first ? text : "." + text }
    return "[" + Self.quoted(text) + "]"
  }

  /// Letters, digits, `_` and `-` only (ASCII), and not empty: written without quotes.
  static func isPlainWord(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
      }
  }

  /// `text` as a JSON string literal: `"`, `\` and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

extension Span {
  /// Whether `offset` lies in the span (start inclusive, end exclusive); a zero-width span holds its own offset.
  func contains(_ offset: Int) -> Bool { start == end ? offset == start : start <= offset && offset < end }
}
