import SceneDiagnostics

/// An untyped YAML tree in which every node keeps its start and end position.
///
/// The tree is stored as flat arrays (an arena): one 12-byte record and one shape byte per node, the children of
/// collections in one shared index array, and all scalar text in one byte buffer. Reading a 20 MB spec therefore
/// costs a few allocations in all, not one per node, and walking it touches contiguous memory.
public struct YAMLDocument: Sendable {
  // The record and the arrays are visible to inlinable accessors, so that the checker's many small reads are
  // specialised and inlined across the module boundary.
  //
  // A node's end is not stored in its record, but where it costs nothing or almost nothing (`span(_:)`): a scalar
  // whose text is read from the source ends where its text ends (plus the closing quote), the reader keeping any
  // other scalar's text in `scalarBytes`, where the end is the four bytes before the text; a collection whose
  // children are the next nodes keeps its end in `first` (the first child is the next node), another its end in
  // `children` just before its children. The end was a quarter of every record: 12 MB of a 20 MB spec's arena.
  @usableFromInline struct Record: Sendable {
    @usableFromInline var start: UInt32
    /// Scalars: range in `scalarBytes` (or `source`). Collections: range in `children` (mappings hold key, value
    /// pairs), after the collection's end; or, when the children are the very next nodes (`contiguousChildren`),
    /// the collection's end.
    @usableFromInline var first: UInt32
    @usableFromInline var count: UInt32
  }

  @usableFromInline var records: [Record] = []
  /// Per node: the kind (bits 0–1), the scalar style (bits 2–4), whether it is a flow collection (bit 5), and
  /// whether a scalar's text is read from `source` rather than `scalarBytes` (bit 6), and whether a collection's
  /// children are the nodes right after it, listed nowhere (bit 7; set while the collection is open).
  @usableFromInline var shapes: [UInt8] = []
  @usableFromInline var children: [UInt32] = []
  /// Text of the scalars whose decoded text differs from the bytes as written (escapes, folding).
  @usableFromInline var scalarBytes: [UInt8] = []
  /// The file's bytes (the source's own array, shared, not copied). Most scalars are written exactly as they
  /// read (`12`, `position`, `"#FF0000"`), so their text stays here instead of being copied.
  @usableFromInline var source: [UInt8] = []
  @usableFromInline static let textInSource: UInt8 = 0x40
  /// A collection of scalars (`[12, 40]`, `{mass: 1, damping: 8}`) has children at node indices first, first + 1,
  /// …: most collections of a spec, so the `children` array holds only the others.
  @usableFromInline static let contiguousChildren: UInt8 = 0x80

  /// Where a scalar whose text is `source[first ..< first + count]` ends: right after its text, or after its
  /// closing quote. The reader keeps a scalar's text in the source only where this is its end.
  @inlinable static func endInSource(first: UInt32, count: UInt32, quoted: Bool) -> UInt32 {
    first + count + (quoted ? 1 : 0)
  }

  /// The node index of child `position` of a collection (a mapping's keys and values both count).
  @inlinable func child(_ record: Record, of node: YAMLNode, at position: Int) -> Int {
    shapes[node.index] & Self.contiguousChildren != 0
      ? node.index + 1 + position : Int(children[Int(record.first) + position])
  }

  /// Appends an open collection, which ends at `end` until `close` says otherwise; returns its index, or nil when
  /// `nodes` is full.
  static func appendCollection(
    _ kind: YAMLNodeKind, isFlow: Bool, start: UInt32, end: UInt32, to nodes: inout NodeColumns
  ) -> Int? {
    nodes.append(
      Record(start: start, first: end, count: 0),
      shape: kind.rawValue | (isFlow ? 0x20 : 0) | contiguousChildren)
  }

  /// Gives the collection at `index` its end and children: `pending` when they are not the nodes right after it.
  mutating func close(
    _ index: Int, end: UInt32, count: Int, pending: ArraySlice<UInt32>?, in nodes: inout NodeColumns
  ) {
    var record = nodes.record(index)
    if let pending {
      nodes.setShape(index, nodes.shape(index) & ~Self.contiguousChildren)
      children.append(end)
      record.first = UInt32(children.count)
      children.append(contentsOf: pending)
    } else {
      record.first = end
    }
    record.count = UInt32(count)
    nodes.setRecord(index, record)
  }

  /// Appends a scalar whose text is `text`, kept in `scalarBytes` after its end; returns its index, or nil when
  /// `nodes` is full.
  mutating func appendScalar(
    style: YAMLScalarStyle, start: UInt32, end: UInt32, text: UnsafeBufferPointer<UInt8>?, to nodes: inout NodeColumns
  ) -> Int? {
    guard nodes.count < nodes.capacity else { return nil }
    withUnsafeBytes(of: end.littleEndian) { scalarBytes.append(contentsOf: $0) }
    let first = UInt32(scalarBytes.count)
    if let text { scalarBytes.append(contentsOf: text) }
    return nodes.append(
      Record(start: start, first: first, count: UInt32(text?.count ?? 0)),
      shape: YAMLNodeKind.scalar.rawValue | style.rawValue << 2)
  }

  /// Appends a scalar whose text is `source[first ..< first + count]`, just before its end (or its closing quote);
  /// returns its index, or nil when `nodes` is full.
  static func appendScalarInSource(
    style: YAMLScalarStyle, start: UInt32, first: UInt32, count: UInt32, to nodes: inout NodeColumns
  ) -> Int? {
    nodes.append(
      Record(start: start, first: first, count: count),
      shape: YAMLNodeKind.scalar.rawValue | style.rawValue << 2 | textInSource)
  }

  /// The document's root node; `nil` for an empty document (a file of only comments or whitespace).
  public internal(set) var root: YAMLNode?

  public init() {}

  public var nodeCount: Int { records.count }

  @inlinable public func kind(_ node: YAMLNode) -> YAMLNodeKind { YAMLNodeKind(rawValue: shapes[node.index] & 3)! }

  @inlinable public func span(_ node: YAMLNode) -> Span {
    let record = records[node.index]
    let shape = shapes[node.index]
    let end: UInt32
    if shape & 3 == YAMLNodeKind.scalar.rawValue {
      if shape & Self.textInSource != 0 {
        end = Self.endInSource(
          first: record.first, count: record.count, quoted: shape >> 2 & 7 != YAMLScalarStyle.plain.rawValue)
      } else {
        end = UInt32(
          littleEndian: scalarBytes.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: Int(record.first) - 4, as: UInt32.self)
          })
      }
    } else {
      end = shape & Self.contiguousChildren != 0 ? record.first : children[Int(record.first) - 1]
    }
    return Span(start: Int(record.start), end: Int(end))
  }

  @inlinable public func isFlow(_ node: YAMLNode) -> Bool { shapes[node.index] & 0x20 != 0 }

  @inlinable public func style(_ node: YAMLNode) -> YAMLScalarStyle {
    YAMLScalarStyle(rawValue: shapes[node.index] >> 2 & 7)!
  }

  /// A scalar's text after YAML's escapes and folding; empty for collections.
  public func scalar(_ node: YAMLNode) -> String {
    guard kind(node) == .scalar else { return "" }
    return withScalarBytes(node) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with a scalar's bytes (its text after escapes and folding; empty for collections) without
  /// making a String: the checker reads most numbers this way.
  @inlinable public func withScalarBytes<R>(_ node: YAMLNode, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  {
    let record = records[node.index]
    let start = kind(node) == .scalar ? Int(record.first) : 0
    let count = kind(node) == .scalar ? Int(record.count) : 0
    if shapes[node.index] & Self.textInSource != 0 {
      return try source.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }
    return try scalarBytes.withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[start..<start + count]))
    }
  }

  /// Calls `body` with the text of each item of a sequence in turn, while every item so far is a plain scalar and
  /// `body` returned true; returns whether all of them were. The checker reads long lists of number literals this
  /// way: one pass with the text buffers open, instead of an item lookup and a `withScalarBytes` call per number.
  @inlinable public func allPlainScalarItems(
    _ node: YAMLNode, _ body: (UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows -> Bool {
    guard kind(node) == .sequence else { return false }
    let record = records[node.index]
    let count = Int(record.count)
    let plainScalar = YAMLNodeKind.scalar.rawValue | YAMLScalarStyle.plain.rawValue << 2
    return try source.withUnsafeBufferPointer { source in
      try scalarBytes.withUnsafeBufferPointer { written in
        for position in 0..<count {
          let item = child(record, of: node, at: position)
          let shape = shapes[item]
          guard shape & 0x1F == plainScalar else { return false }
          let text = records[item]
          let buffer = shape & Self.textInSource != 0 ? source : written
          guard try body(UnsafeBufferPointer(rebasing: buffer[Int(text.first)..<Int(text.first) + Int(text.count)]))
          else { return false }
        }
        return true
      }
    }
  }

  /// Calls `body` with each entry of a mapping (none for other kinds) and its key's text after escapes and folding
  /// (empty for a key that is not a scalar), the text buffers opened once for the whole mapping: the checker reads
  /// every key of a spec this way, and opening them per key (`withScalarBytes`) retained and released both
  /// buffers for each one.
  @inlinable public func forEachEntry(
    _ node: YAMLNode, _ body: (YAMLEntry, UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    guard kind(node) == .mapping else { return }
    let record = records[node.index]
    try source.withUnsafeBufferPointer { source in
      try scalarBytes.withUnsafeBufferPointer { written in
        for position in stride(from: 0, to: Int(record.count), by: 2) {
          let key = child(record, of: node, at: position)
          let entry = YAMLEntry(
            key: YAMLNode(index: key), value: YAMLNode(index: child(record, of: node, at: position + 1)))
          let shape = shapes[key]
          guard shape & 3 == YAMLNodeKind.scalar.rawValue else {
            try body(entry, UnsafeBufferPointer(rebasing: written[0..<0]))
            continue
          }
          let text = records[key]
          let buffer = shape & Self.textInSource != 0 ? source : written
          try body(entry, UnsafeBufferPointer(rebasing: buffer[Int(text.first)..<Int(text.first) + Int(text.count)]))
        }
      }
    }
  }

  /// True for a plain scalar with no text: what `key:` and `key: # comment` give.
  @inlinable public func isEmptyPlainScalar(_ node: YAMLNode) -> Bool {
    let record = records[node.index]
    return kind(node) == .scalar && style(node) == .plain && record.count == 0
  }

  /// Item `index` of a sequence (which must have more than `index` items), without building the item list.
  @inlinable public func item(_ node: YAMLNode, _ index: Int) -> YAMLNode {
    let record = records[node.index]
    precondition(kind(node) == .sequence && index >= 0 && index < Int(record.count), "no such item")
    return YAMLNode(index: child(record, of: node, at: index))
  }

  /// The items of a sequence (empty for other kinds).
  public func items(_ node: YAMLNode) -> [YAMLNode] {
    let record = records[node.index]
    guard kind(node) == .sequence else { return [] }
    return (0..<Int(record.count)).map { YAMLNode(index: child(record, of: node, at: $0)) }
  }

  /// The entries of a mapping in document order (empty for other kinds).
  public func entries(_ node: YAMLNode) -> [YAMLEntry] {
    let record = records[node.index]
    guard kind(node) == .mapping else { return [] }
    return stride(from: 0, to: Int(record.count), by: 2).map {
      YAMLEntry(
        key: YAMLNode(index: child(record, of: node, at: $0)),
        value: YAMLNode(index: child(record, of: node, at: $0 + 1)))
    }
  }

  /// Entry `index` of a mapping (which must have more than `index` entries), without building the entry list.
  @inlinable public func entry(_ node: YAMLNode, _ index: Int) -> YAMLEntry {
    let record = records[node.index]
    precondition(kind(node) == .mapping && index >= 0 && 2 * index < Int(record.count), "no such entry")
    return YAMLEntry(
      key: YAMLNode(index: child(record, of: node, at: 2 * index)),
      value: YAMLNode(index: child(record, of: node, at: 2 * index + 1)))
  }

  /// Number of items of a sequence or entries of a mapping.
  @inlinable public func count(_ node: YAMLNode) -> Int {
    let record = records[node.index]
    switch kind(node) {
    case .scalar: return 0
    case .sequence: return Int(record.count)
    case .mapping: return Int(record.count) / 2
    }
  }
}

/// A handle to a node of a `YAMLDocument`.
public struct YAMLNode: Sendable, Hashable {
  public let index: Int

  @inlinable init(index: Int) { self.index = index }
}

/// One `key: value` entry of a mapping; the key is always a scalar.
public struct YAMLEntry: Sendable, Hashable {
  public let key: YAMLNode
  public let value: YAMLNode

  @inlinable init(key: YAMLNode, value: YAMLNode) {
    self.key = key
    self.value = value
  }
}

public enum YAMLNodeKind: UInt8, Sendable {
  case scalar
  case sequence
  case mapping
}

/// How a scalar was written. The checker needs it: `"true"` is a string where `true` is a boolean, and a
/// quoted `"#fff"` is a colour where a plain `#fff` is a comment.
public enum YAMLScalarStyle: UInt8, Sendable {
  case plain
  case singleQuoted
  case doubleQuoted
  case literal
  case folded

  public var isQuoted: Bool { self != .plain }
}
