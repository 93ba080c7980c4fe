/// The arena's two node columns (`YAMLDocument.records` and `shapes`) while the reader fills them: written
/// through pointers into storage allocated up front for the whole file, so that a node costs two stores, where two
/// appends each checked the array's uniqueness (a runtime call) and capacity. Every node of a spec is one of these.
///
/// Valid only while the arrays that own the storage are being initialised (`TreeBuilder.parse`); a node past
/// `capacity` is refused (`append` returns nil), and the reader then starts again with more room.
struct NodeColumns {
  private let records: UnsafeMutablePointer<YAMLDocument.Record>?
  private let shapes: UnsafeMutablePointer<UInt8>?
  let capacity: Int
  private(set) var count = 0

  /// No room: for a builder between reads.
  init() {
    records = nil
    shapes = nil
    capacity = 0
  }

  init(records: UnsafeMutableBufferPointer<YAMLDocument.Record>, shapes: UnsafeMutableBufferPointer<UInt8>) {
    precondition(records.count == shapes.count, "one shape per record")
    self.records = records.baseAddress
    self.shapes = shapes.baseAddress
    capacity = records.count
  }

  /// Appends a node; returns its index, or nil when the columns are full.
  @inline(__always) mutating func append(_ record: YAMLDocument.Record, shape: UInt8) -> Int? {
    guard count < capacity, let records, let shapes else { return nil }
    (records + count).initialize(to: record)
    (shapes + count).initialize(to: shape)
    count += 1
    return count - 1
  }

  @inline(__always) func record(_ index: Int) -> YAMLDocument.Record {
    precondition(index >= 0 && index < count, "no such node")
    return records![index]
  }

  @inline(__always) func shape(_ index: Int) -> UInt8 {
    precondition(index >= 0 && index < count, "no such node")
    return shapes![index]
  }

  @inline(__always) mutating func setRecord(_ index: Int, _ record: YAMLDocument.Record) {
    precondition(index >= 0 && index < count, "no such node")
    records![index] = record
  }

  @inline(__always) mutating func setShape(_ index: Int, _ shape: UInt8) {
    precondition(index >= 0 && index < count, "no such node")
    shapes![index] = shape
  }

  func kind(_ index: Int) -> YAMLNodeKind { YAMLNodeKind(rawValue: shape(index) & 3)! }
  func isFlow(_ index: Int) -> Bool { shape(index) & 0x20 != 0 }

  /// The node index of child `position` of collection `index`, as `YAMLDocument.child` finds it.
  func child(of index: Int, at position: Int, children: [UInt32]) -> Int {
    shape(index) & YAMLDocument.contiguousChildren != 0
      ? index + 1 + position : Int(children[Int(record(index).first) + position])
  }
}
