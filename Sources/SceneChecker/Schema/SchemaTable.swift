/// A schema's keys with a hash table of their names, built once per schema (a static table beside the key list).
///
/// Layers and timeline entries are checked against schemas of dozens of keys (a layer's holds every property):
/// matching each key of each mapping by a scan of the schema compared the key with every name of its length,
/// thousands of instructions per layer in the many-small compile. Here a key finds its index through a
/// `NameTable`.
final class SchemaTable: Sendable {
  let keys: [SchemaKey]
  /// Schema indices of the required keys, in schema order.
  let requiredIndices: [Int]
  private let names: NameTable
  /// The table whose `Key`s this one takes (`layout`), when it is not this one.
  private let sharedLayout: ObjectIdentifier?
  /// The table whose `Key`s this one takes: itself, or one with the same key names in the same order.
  var layout: ObjectIdentifier { sharedLayout ?? ObjectIdentifier(self) }

  /// `sameLayoutAs`: a table with the same key names in the same order (the mask table, whose `id` differs only in
  /// its summary), whose `Key`s then work for this one too.
  init(_ keys: [SchemaKey], sameLayoutAs other: SchemaTable? = nil) {
    self.keys = keys
    requiredIndices = keys.indices.filter { keys[$0].required }
    names = NameTable(keys.map(\.name))
    if let other {
      precondition(other.keys.map(\.name) == keys.map(\.name), "the same key names in the same order")
    }
    sharedLayout = other?.layout
  }

  /// The schema index of the name spelt by `bytes` (which must be ASCII), or nil.
  func index(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> Int? { names.index(ofASCII: bytes) }

  /// A key of this table by its index, for `Fields` read with the table: looked up by comparing integers.
  struct Key {
    let table: ObjectIdentifier
    let index: Int
  }

  /// The key named `name`, which the schema must have.
  func key(_ name: String) -> Key {
    guard let index = keys.firstIndex(where: { $0.name == name }) else { preconditionFailure("no key \(name)") }
    return Key(table: layout, index: index)
  }
}
