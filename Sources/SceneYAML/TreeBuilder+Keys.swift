internal import CYAML
import SceneDiagnostics

/// Mapping keys must be scalars and unique: the second of two equal keys is reported, pointing back at the first.
///
/// Every mapping of a spec is checked, so the common case avoids a String and a dictionary per key: keys written
/// as plain ASCII text in the source (where byte equality is string equality) are compared as bytes, pairwise in
/// a small mapping, through a hash of their bytes in a large one. Anything else takes the string comparison.
extension TreeBuilder {
  mutating func checkKeys(of mapping: YAMLNode) {
    let record = nodes.record(mapping.index)
    let entries = Int(record.count) / 2
    // The general case waits for the whole document (`parse`): it reads keys through the document's own arrays.
    guard entries > 1 else {
      if entries == 1, nodes.kind(nodes.child(of: mapping.index, at: 0, children: document.children)) != .scalar {
        keysToCompareAsStrings.append(mapping)
      }
      return
    }
    guard truncated.isEmpty, let base = bytes.baseAddress else { return keysToCompareAsStrings.append(mapping) }
    let unique = withUnsafeTemporaryAllocation(of: PackedKey.self, capacity: entries) { keys in
      // Each key's text as a range of the source; the general case if one is not plain ASCII text there.
      for entry in 0..<entries {
        let key = nodes.child(of: mapping.index, at: 2 * entry, children: document.children)
        let shape = nodes.shape(key)
        guard shape & 3 == YAMLNodeKind.scalar.rawValue, shape & YAMLDocument.textInSource != 0 else { return false }
        let start = Int(nodes.record(key).first)
        let count = Int(nodes.record(key).count)
        guard let packed = PackedKey(start: start, count: count, in: bytes) else { return false }
        keys[entry] = packed
      }
      // Keys of up to 16 bytes are equal when their packed words and lengths are; longer ones compare the rest.
      func same(_ a: PackedKey, _ b: PackedKey) -> Bool {
        a.count == b.count && a.low == b.low && a.high == b.high
          && (a.count <= 16 || memcmp(base + a.start + 16, base + b.start + 16, a.count - 16) == 0)
      }
      if entries <= 16 {
        for later in 1..<entries {
          for earlier in 0..<later where same(keys[earlier], keys[later]) { return false }
        }
        return true
      }
      var seen = Set<UInt64>(minimumCapacity: entries)
      for key in keys {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for offset in key.start..<key.start + key.count { hash = (hash ^ UInt64(base[offset])) &* 0x100_0000_01B3 }
        // A repeated hash is a duplicate or two keys with one hash: the string comparison decides.
        guard seen.insert(hash).inserted else { return false }
      }
      return true
    }
    // Duplicates are rare: they are reported (in document order, against the first) by the string comparison.
    if !unique { keysToCompareAsStrings.append(mapping) }
  }

  /// The general case: keys compared as Swift strings (canonically equivalent Unicode text is equal).
  mutating func checkKeysAsStrings(of mapping: YAMLNode) {
    var seen: [String: Span] = [:]
    for entry in document.entries(mapping) {
      let keySpan = document.span(entry.key)
      guard document.kind(entry.key) == .scalar else {
        diagnostics.error(
          YAMLDiagnostics.complexKey, "a mapping key must be a plain word or string", at: keySpan,
          help: "use a word such as `position` as the key")
        continue
      }
      guard !truncated.contains(entry.key.index) else { continue }
      let key = document.scalar(entry.key)
      if let first = seen[key] {
        diagnostics.error(
          YAMLDiagnostics.duplicateKey, "duplicate key '\(key)'", at: keySpan,
          labels: [.init("first given here", at: first)], help: "remove one of the two, or merge them")
      } else {
        seen[key] = keySpan
      }
    }
  }
}

/// A mapping key's place in the source and its first 16 bytes (`ASCIIWords`), so that two keys of up to 16 bytes
/// compare as three integers.
struct PackedKey {
  var start: Int
  var count: Int
  var low: UInt64
  var high: UInt64

  /// Nil when the key's text is not all ASCII (byte-equal is string-equal only there).
  init?(start: Int, count: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    guard let words = ASCIIWords.pack(UnsafeBufferPointer(rebasing: bytes[start..<start + count])) else {
      return nil
    }
    self.start = start
    self.count = count
    (low, high) = words
  }
}
