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
        guard let index = items(node).firstIndex(where: { span($0).contains(offset) }) else { break descent }
        node = item(node, index)
        path += itemSegment(node, index: index)
      case .mapping:
        guard
          let entry = entries(node).first(where: { span($0.key).contains(offset) || span($0.value).contains(offset) })
        else { break descent }
        path += keySegment(entry.key, first: path.isEmpty)
        if span(entry.key).contains(offset) { break descent }
        node = entry.value
      }
    }
    return path
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
