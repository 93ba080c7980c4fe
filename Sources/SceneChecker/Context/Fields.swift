import SceneDiagnostics
import SceneYAML

/// The entries of one mapping, checked against the keys allowed in that place.
///
/// Only allowed keys are kept, so a mapping holds at most its schema's few dozen keys: looking one up by comparing
/// short strings costs less than hashing it into a dictionary built for every mapping (the many-small compile).
/// Each kept key is named by its schema index (its text is the schema's own name string), and everything kept per
/// key lives in one array: a mapping costs one allocation, not one per list.
struct Fields {
  let node: YAMLNode
  /// The schema the keys were checked against.
  private let schema: [SchemaKey]
  /// The kept entries in document order.
  private let items: [Item]

  struct Item {
    let entry: YAMLEntry
    /// The key's index in `schema`, so that a caller with a table parallel to the schema
    /// (`LayerChecker.keyProperties`) finds what the key means without hashing its text.
    let schemaIndex: Int
    /// The key's UTF-8 length.
    let length: Int
  }

  /// Bit `length % 64` set for every kept key's length: most lookups (the timing reader asks for ten keys per
  /// entry) are for a key the mapping lacks, and end at this bit.
  private let lengthBits: UInt64
  /// The table the keys were matched with (`SchemaTable.Key` lookups check it), if any.
  private let table: ObjectIdentifier?
  /// Bit `schemaIndex % 64` set for every kept key: a `SchemaTable.Key` the mapping lacks ends at this bit.
  private let indexBits: UInt64

  init(node: YAMLNode, schema: [SchemaKey], items: [Item], table: SchemaTable? = nil) {
    self.node = node
    self.schema = schema
    self.items = items
    self.table = table?.layout
    lengthBits = items.reduce(0) { $0 | 1 << UInt64($1.length & 63) }
    indexBits = items.reduce(0) { $0 | 1 << UInt64($1.schemaIndex & 63) }
  }

  /// Kept keys, in document order.
  var count: Int { items.count }
  func key(at position: Int) -> String { schema[items[position].schemaIndex].name }
  func schemaIndex(at position: Int) -> Int { items[position].schemaIndex }

  /// The position of the last key with the same schema index as the key at `position`: what `entry(key)` finds for
  /// it, compared by integers.
  func lastPosition(sameAs position: Int) -> Int {
    let schemaIndex = items[position].schemaIndex
    var last = items.count - 1
    while items[last].schemaIndex != schemaIndex { last -= 1 }
    return last
  }

  func entry(at position: Int) -> YAMLEntry { items[position].entry }

  func value(_ key: String) -> YAMLNode? { entry(key)?.value }
  func entry(_ key: String) -> YAMLEntry? { index(of: key).map { items[$0].entry } }
  func has(_ key: String) -> Bool { index(of: key) != nil }

  /// The same lookups by a key of the table the mapping was read with, found by comparing integers: the hot
  /// readers (a timeline entry's timing, kind and keyframes) ask for some thirty keys per animation.
  func value(_ key: SchemaTable.Key) -> YAMLNode? { entry(key)?.value }
  func entry(_ key: SchemaTable.Key) -> YAMLEntry? { index(of: key).map { items[$0].entry } }
  func has(_ key: SchemaTable.Key) -> Bool { index(of: key) != nil }

  private func index(of key: SchemaTable.Key) -> Int? {
    precondition(table == key.table, "a key of the table the mapping was read with")
    guard indexBits & 1 << UInt64(key.index & 63) != 0 else { return nil }
    var index = items.count
    while index > 0 {
      index -= 1
      if items[index].schemaIndex == key.index { return index }
    }
    return nil
  }

  /// The last position of `key`, comparing only keys of its length: every key here is a schema name, in ASCII,
  /// where equal strings have equal lengths, and most keys of a mapping differ in length from the one looked up
  /// (the timing reader looks up a dozen per entry).
  private func index(of key: String) -> Int? {
    let length = key.utf8.count
    guard lengthBits & 1 << UInt64(length & 63) != 0 else { return nil }
    var index = items.count
    while index > 0 {
      index -= 1
      if items[index].length == length, schema[items[index].schemaIndex].name == key { return index }
    }
    return nil
  }
}

extension CheckContext {
  /// Reads a mapping, reporting unknown keys with suggestions and missing required keys. `place` names the
  /// mapping in messages ("a layer", "a spring"). Returns nil when the node is not a mapping.
  func fields(of node: YAMLNode, allowed: [SchemaKey], place: String, help: String? = nil) -> Fields? {
    fields(of: node, schema: allowed, table: nil, place: place, help: help)
  }

  /// `fields(of:allowed:)` for the schemas most mappings of a spec are checked against, with their keys matched
  /// through the table's hash instead of a scan of the schema.
  func fields(of node: YAMLNode, table: SchemaTable, place: String, help: String? = nil) -> Fields? {
    fields(of: node, schema: table.keys, table: table, place: place, help: help)
  }

  private func fields(of node: YAMLNode, schema allowed: [SchemaKey], table: SchemaTable?, place: String, help: String?)
    -> Fields?
  {
    guard expectMapping(node, place: place) else { return nil }
    var items: [Fields.Item] = []
    items.reserveCapacity(document.count(node))
    document.forEachEntry(node) { entry, keyText in
      if let schemaIndex = allowedIndex(of: entry.key, text: keyText, in: allowed, table: table) {
        items.append(Fields.Item(entry: entry, schemaIndex: schemaIndex, length: allowed[schemaIndex].nameLength))
      } else if !(place.hasSuffix("layer") && reportUnsupportedProperty(entry.key)) {
        reportUnknownKey(entry.key, in: place, candidates: allowed.map(\.name), help: help)
      }
    }
    // By index: `for key in allowed` copied (retained and released) every field of every schema key per mapping.
    func reportMissing(_ index: Int) {
      let name = allowed[index].name
      guard !items.contains(where: { allowed[$0.schemaIndex].name == name }) else { return }
      error(
        CheckDiagnostics.missingKey, "\(place) needs '\(name)'", at: keyAnchor(node),
        help: "add `\(name):` — \(allowed[index].summary)")
    }
    if let table {
      for index in table.requiredIndices { reportMissing(index) }
    } else {
      for index in allowed.indices where allowed[index].required { reportMissing(index) }
    }
    return Fields(node: node, schema: allowed, items: items, table: table)
  }

  /// The index of the first allowed key a mapping key (whose text is `text`) names. ASCII keys are compared as bytes
  /// (byte-equal is string-equal there); others as strings, so canonically equivalent Unicode text matches as it
  /// always has.
  private func allowedIndex(
    of key: YAMLNode, text: UnsafeBufferPointer<UInt8>, in allowed: [SchemaKey], table: SchemaTable?
  ) -> Int? {
    // The table's lookup packs the text and tells ASCII from other text in one pass; only a miss (an unknown key,
    // or text that is not ASCII) reads the bytes again.
    if let table, let index = table.index(ofASCII: text) { return index }
    guard text.allSatisfy({ $0 < 0x80 }) else {
      let text = document.scalar(key)
      return allowed.firstIndex { $0.name == text }
    }
    if table != nil { return nil }
    // By index: `for key in allowed` would copy (retain and release) every field of every schema key.
    for index in allowed.indices where allowed[index].nameLength == text.count {
      var name = allowed[index].name
      if name.withUTF8({ $0.elementsEqual(text) }) { return index }
    }
    return nil
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
        // Equal bytes are equal text; otherwise an ASCII key differs, and another is compared as a string.
        // (`elementsEqual` compared through iterators, byte by byte, for every entry of every timeline entry.)
        let equal: Bool? = document.withScalarBytes(entry.key) { bytes in
          if ByteSearch.same(bytes, wanted) { return true }
          for byte in bytes where byte >= 0x80 { return nil }
          return false
        }
        if equal ?? (document.scalar(entry.key) == String(decoding: wanted, as: UTF8.self)) { return entry }
      }
      return nil
    }
  }

  func reportUnknownKey(_ key: YAMLNode, in place: String, candidates: [String], help: String? = nil) {
    let name = document.scalar(key)
    if let foreign = ForeignSpellings.key(name, among: candidates) {
      error(
        CheckDiagnostics.unknownKey, "unknown key '\(name)' in \(place)", at: span(key), help: foreign.help,
        replacement: foreign.replacement)
      return
    }
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
