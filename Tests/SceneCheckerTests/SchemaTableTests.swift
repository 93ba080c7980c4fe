import SceneCore
import Testing

@testable import SceneChecker

/// `SchemaTable` must find exactly what the scan of a schema finds: the first key of each name, nothing else.
struct SchemaTableTests {
  static let schemas: [[SchemaKey]] = [
    SpecSchema.file, SpecSchema.spring, SpecSchema.font, SpecSchema.transform, SpecSchema.timing + SpecSchema.animation,
    SpecSchema.state, SpecSchema.transition, SpecSchema.layerStructure + LayerProperty.all.map(SpecSchema.propertyKey),
  ]

  static func scan(_ name: String, in keys: [SchemaKey]) -> Int? { keys.firstIndex { $0.name == name } }

  static func look(_ name: String, in table: SchemaTable) -> Int? {
    Array(name.utf8).withUnsafeBufferPointer { table.index(ofASCII: $0) }
  }

  @Test func everyNameIsFoundWhereTheScanFindsIt() {
    for keys in Self.schemas {
      let table = SchemaTable(keys)
      for key in keys { #expect(Self.look(key.name, in: table) == Self.scan(key.name, in: keys), "\(key.name)") }
    }
  }

  @Test func nearMissesAreNotFound() {
    for keys in Self.schemas {
      let table = SchemaTable(keys)
      for key in keys {
        // A byte changed at the start, in the middle, past the 16 packed bytes, or one byte more or less.
        var variants = [key.name + "x", String(key.name.dropLast()), "x" + key.name.dropFirst()]
        if key.name.utf8.count > 17 { variants.append(String(key.name.prefix(17)) + "#" + key.name.dropFirst(18)) }
        for variant in variants where Self.scan(variant, in: keys) == nil {
          #expect(Self.look(variant, in: table) == nil, "\(variant)")
        }
      }
      #expect(Self.look("", in: table) == Self.scan("", in: keys))
    }
  }

  @Test func theFirstOfTwoEqualNamesKeepsItsIndex() {
    let keys = [
      SchemaKey("removedOnCompletionLong", .text, "first"), SchemaKey("removedOnCompletionLong", .text, "second"),
      SchemaKey("id", .name, "an id"),
    ]
    let table = SchemaTable(keys)
    #expect(Self.look("removedOnCompletionLong", in: table) == 0)
    #expect(Self.look("removedOnCompletionLonG", in: table) == nil)
    #expect(Self.look("id", in: table) == 2)
  }

  /// The packing reads whole words that overlap inside the text: every length from 1 to 20 bytes, with a change at
  /// every position, and text inside a larger buffer (bytes around it that a wider load would take in).
  @Test func everyLengthAndEveryBytePositionIsRead() {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    let names = (1...20).map { String(decoding: alphabet.prefix($0), as: UTF8.self) }
    let table = NameTable(names)
    for (index, name) in names.enumerated() {
      let bytes = Array(name.utf8)
      // Framed by bytes that would make a longer name if they were read.
      let framed = Array("xyz".utf8) + bytes + alphabet
      framed.withUnsafeBufferPointer { buffer in
        let inside = UnsafeBufferPointer(rebasing: buffer[3..<3 + bytes.count])
        #expect(table.index(ofASCII: inside) == index, "\(name)")
      }
      for position in bytes.indices {
        var changed = bytes
        changed[position] = UInt8(ascii: "#")
        #expect(changed.withUnsafeBufferPointer { table.index(ofASCII: $0) } == nil, "\(name) at \(position)")
        changed[position] = 0xC3  // a lead byte: not ASCII, so no name of the table
        #expect(changed.withUnsafeBufferPointer { table.index(ofASCII: $0) } == nil, "\(name) at \(position)")
      }
    }
  }
}
