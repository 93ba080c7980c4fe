import SceneCore

/// Typed reads from one JSON object of a plan, each failing with a `PlanError` that names the member.
struct PlanReader {
  let object: JSONValue
  /// The location is kept in parts and spelled out only for a message: a plan has a reader per stage of each of
  /// its tracks.
  private let base: String
  private let item: (key: String, index: Int)?

  var location: String {
    guard let item else { return base }
    return "\(base.isEmpty ? "" : base + ".")\(item.key)[\(item.index)]"
  }

  init(_ object: JSONValue, at location: String) throws(PlanError) {
    guard object.objectMembers != nil else { throw PlanError(location, "expected an object") }
    self.object = object
    self.base = location
    self.item = nil
  }

  /// The reader of item `index` of this reader's array `key`.
  init(_ object: JSONValue, item index: Int, of key: String, in parent: PlanReader) throws(PlanError) {
    guard object.objectMembers != nil else { throw PlanError(parent.itemPath(key, index), "expected an object") }
    self.object = object
    self.base = parent.location
    self.item = (key, index)
  }

  func path(_ key: String) -> String { location.isEmpty ? key : "\(location).\(key)" }

  func member(_ key: String) throws(PlanError) -> JSONValue {
    guard let value = object[key] else { throw PlanError(path(key), "missing") }
    return value
  }

  func string(_ key: String) throws(PlanError) -> String {
    guard let text = try member(key).stringValue else { throw PlanError(path(key), "expected a string") }
    return text
  }

  /// One of `W`'s words (an enum the exporters and the sample output switch on); the allowed words are spelled
  /// out only when the member is wrong.
  func word<W: StyleWord>(_ key: String, as type: W.Type) throws(PlanError) -> W {
    let text = try string(key)
    guard let word = W(rawValue: text) else {
      throw PlanError(path(key), "expected one of \(W.words.joined(separator: ", ")), found '\(text.prefix(100))'")
    }
    return word
  }

  func bool(_ key: String) throws(PlanError) -> Bool {
    guard let flag = try member(key).boolValue else { throw PlanError(path(key), "expected true or false") }
    return flag
  }

  func number(_ key: String) throws(PlanError) -> Double { try Self.number(try member(key), at: path(key)) }

  func integer(_ key: String, in range: Range<Int>) throws(PlanError) -> Int {
    try Self.integer(try member(key), in: range, at: path(key))
  }

  func array(_ key: String) throws(PlanError) -> [JSONValue] {
    guard let items = try member(key).arrayValue else { throw PlanError(path(key), "expected an array") }
    return items
  }

  /// A plan holds millions of these items, so an item's location is spelled out only when it is wrong.
  func numbers(_ key: String) throws(PlanError) -> [Double] {
    let items = try array(key)
    var result: [Double] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      guard let x = Self.number(item) else { throw PlanError(itemPath(key, index), "expected a number") }
      result.append(x)
    }
    return result
  }

  func integers(_ key: String, in range: Range<Int>) throws(PlanError) -> [Int] {
    let items = try array(key)
    var result: [Int] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      result.append(try Self.integer(item, in: range, at: itemPath(key, index)))
    }
    return result
  }

  func itemPath(_ key: String, _ index: Int) -> String { "\(path(key))[\(index)]" }

  /// A number, or "inf" / "-inf"; NaN is never valid.
  static func number(_ value: JSONValue, at location: @autoclosure () -> String) throws(PlanError) -> Double {
    guard let x = number(value) else { throw PlanError(location(), "expected a number") }
    return x
  }

  static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .number(let x) where !x.isNaN: return x
    case .string("inf"): return .infinity
    case .string("-inf"): return -.infinity
    default: return nil
    }
  }

  static func integer(_ value: JSONValue, in range: Range<Int>, at location: @autoclosure () -> String)
    throws(PlanError) -> Int
  {
    guard case .number(let x) = value, x.isFinite, x == x.rounded(), abs(x) < 1e15 else {
      throw PlanError(location(), "expected an integer")
    }
    let integer = Int(x)
    guard range.contains(integer) else {
      throw PlanError(location(), "\(integer) is out of range \(range.lowerBound)..<\(range.upperBound)")
    }
    return integer
  }
}
