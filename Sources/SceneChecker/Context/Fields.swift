import SceneDiagnostics
import SceneYAML

/// The entries of one mapping, checked against the keys allowed in that place.
///
/// Only allowed keys are kept, so a mapping holds at most its schema's few dozen keys: looking one up by comparing
/// short strings costs less than hashing it into a dictionary built for every mapping (the many-small compile).
/// Each kept key is the schema's own name string, found by comparing the key's bytes, so reading a mapping
/// makes no String per key.
struct Fields {
  let node: YAMLNode
  /// Parallel to `keys`.
  private let entries: [YAMLEntry]
  /// Keys in document order.
  let keys: [String]
  /// Parallel to `keys`: each key's index in the schema it was checked against, so that a caller with a table
  /// parallel to the schema (`LayerChecker.keyProperties`) finds what the key means without hashing its text.
  let schemaIndices: [Int]
  /// Parallel to `keys`: their UTF-8 lengths.
  private let keyLengths: [Int]

  init(node: YAMLNode, entries: [YAMLEntry], keys: [String], schemaIndices: [Int], keyLengths: [Int]) {
    self.node = node
    self.entries = entries
    self.keys = keys
    self.schemaIndices = schemaIndices
    self.keyLengths = keyLengths
  }

  func value(_ key: String) -> YAMLNode? { entry(key)?.value }
  func entry(_ key: String) -> YAMLEntry? { index(of: key).map { entries[$0] } }
  func has(_ key: String) -> Bool { index(of: key) != nil }

  /// The last position of `key` (`keys.lastIndex(of:)`), comparing only keys of its length: every key here is a
  /// schema name, in ASCII, where equal strings have equal lengths, and most keys of a mapping differ in length from
  /// the one looked up (the timing reader looks up a dozen per entry).
  private func index(of key: String) -> Int? {
    let length = key.utf8.count
    var index = keys.count
    while index > 0 {
      index -= 1
      if keyLengths[index] == length, keys[index] == key { return index }
    }
    return nil
  }
}

extension CheckContext {
  /// Reads a mapping, reporting unknown keys with suggestions and missing required keys. `place` names the
  /// mapping in messages ("a layer", "a spring"). Returns nil when the node is not a mapping.
  func fields(of node: YAMLNode, allowed: [SchemaKey], place: String, help: String? = nil) -> Fields? {
    guard expectMapping(node, place: place) else { return nil }
    let count = document.count(node)
    var found: [YAMLEntry] = []
    var keys: [String] = []
    var schemaIndices: [Int] = []
    var keyLengths: [Int] = []
    found.reserveCapacity(count)
    keys.reserveCapacity(count)
    schemaIndices.reserveCapacity(count)
    keyLengths.reserveCapacity(count)
    for index in 0..<count {
      let entry = document.entry(node, index)
      if let schemaIndex = Self.allowedIndex(of: entry.key, in: allowed, document: document) {
        found.append(entry)
        keys.append(allowed[schemaIndex].name)
        schemaIndices.append(schemaIndex)
        keyLengths.append(allowed[schemaIndex].nameLength)
      } else if !(place.hasSuffix("layer") && reportUnsupportedProperty(entry.key)) {
        reportUnknownKey(entry.key, in: place, candidates: allowed.map(\.name), help: help)
      }
    }
    for key in allowed where key.required && !keys.contains(key.name) {
      error(
        CheckDiagnostics.missingKey, "\(place) needs '\(key.name)'", at: keyAnchor(node),
        help: "add `\(key.name):` — \(key.summary)")
    }
    return Fields(node: node, entries: found, keys: keys, schemaIndices: schemaIndices, keyLengths: keyLengths)
  }

  /// The index of the first allowed key a mapping key names. ASCII keys are compared as bytes (byte-equal is
  /// string-equal there); others as strings, so canonically equivalent Unicode text matches as it always has.
  private static func allowedIndex(of key: YAMLNode, in allowed: [SchemaKey], document: YAMLDocument) -> Int? {
    let match: Int?? = document.withScalarBytes(key) { bytes in
      for byte in bytes where byte >= 0x80 { return nil }
      // By index: `for key in allowed` would copy (retain and release) every field of every schema key.
      for index in allowed.indices where allowed[index].nameLength == bytes.count {
        var name = allowed[index].name
        if name.withUTF8({ $0.elementsEqual(bytes) }) { return .some(index) }
      }
      return .some(nil)
    }
    if let match { return match }
    let text = document.scalar(key)
    return allowed.firstIndex { $0.name == text }
  }

  /// The first entry of a mapping whose key is `name` (nil for other nodes), as
  /// `document.entries(node).first { document.scalar($0.key) == name }` finds it, but with neither the entry list
  /// nor a String per key: ASCII keys are compared as bytes, others as strings.
  func firstEntry(_ node: YAMLNode, named name: String) -> YAMLEntry? {
    guard document.kind(node) == .mapping else { return nil }
    var name = name
    return name.withUTF8 { wanted in
      for index in 0..<document.count(node) {
        let entry = document.entry(node, index)
        let equal: Bool? = document.withScalarBytes(entry.key) { bytes in
          for byte in bytes where byte >= 0x80 { return nil }
          return bytes.elementsEqual(wanted)
        }
        if equal ?? (document.scalar(entry.key) == String(decoding: wanted, as: UTF8.self)) { return entry }
      }
      return nil
    }
  }

  func reportUnknownKey(_ key: YAMLNode, in place: String, candidates: [String], help: String? = nil) {
    let name = document.scalar(key)
    let suggestion = Suggestions.closest(to: name, among: candidates).first
    error(
      CheckDiagnostics.unknownKey, "unknown key '\(name)' in \(place)", at: span(key),
      help: suggestion.map { "did you mean '\($0)'?" } ?? help ?? "remove it; Grammar.md lists the keys \(place) takes",
      replacement: suggestion)
  }

  /// Where a "missing key" error points: the first key of the mapping, or the mapping itself.
  func keyAnchor(_ node: YAMLNode) -> Span {
    if let first = document.entries(node).first { return span(first.key) }
    let whole = span(node)
    return Span(start: whole.start, end: min(whole.end, whole.start + 1))
  }

  @discardableResult
  func expectMapping(_ node: YAMLNode, place: String) -> Bool {
    if document.kind(node) == .mapping { return true }
    if document.isEmptyPlainScalar(node) {
      reportEmpty(node, expected: place)
    } else {
      error(
        CheckDiagnostics.wrongShape, "expected \(place) (a mapping of keys), found \(describe(node))", at: span(node),
        help: "write it as indented `key: value` lines, or `{key: value}`")
    }
    return false
  }

  @discardableResult
  func expectSequence(_ node: YAMLNode, what: String) -> Bool {
    if document.kind(node) == .sequence { return true }
    if document.isEmptyPlainScalar(node) {
      reportEmpty(node, expected: what)
    } else {
      error(
        CheckDiagnostics.wrongShape, "expected \(what), found \(describe(node))", at: span(node),
        help: "write a list: `[a, b]` or one `- item` per line")
    }
    return false
  }

  /// "a list", "a mapping", "'abc'".
  func describe(_ node: YAMLNode) -> String {
    switch document.kind(node) {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .scalar: return document.isEmptyPlainScalar(node) ? "nothing" : quoted(node)
    }
  }
}
