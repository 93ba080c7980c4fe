import SceneCore

/// Typed reads from one JSON object of a plan, each failing with a `PlanError` that names the member.
struct PlanReader {
  let object: JSONValue
  let location: String

  init(_ object: JSONValue, at location: String) throws(PlanError) {
    guard object.objectMembers != nil else { throw PlanError(location, "expected an object") }
    self.object = object
    self.location = location
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

  /// A string that must be one of `allowed` (an enum the exporters and the sample output switch on).
  func word(_ key: String, in allowed: [String]) throws(PlanError) -> String {
    let text = try string(key)
    guard allowed.contains(text) else {
      throw PlanError(path(key), "expected one of \(allowed.joined(separator: ", ")), found '\(text.prefix(100))'")
    }
    return text
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

  func numbers(_ key: String) throws(PlanError) -> [Double] {
    var result: [Double] = []
    for (index, item) in try array(key).enumerated() {
      result.append(try Self.number(item, at: "\(path(key))[\(index)]"))
    }
    return result
  }

  /// A number, or "inf" / "-inf"; NaN is never valid.
  static func number(_ value: JSONValue, at location: String) throws(PlanError) -> Double {
    switch value {
    case .number(let x) where !x.isNaN: return x
    case .string("inf"): return .infinity
    case .string("-inf"): return -.infinity
    default: throw PlanError(location, "expected a number")
    }
  }

  static func integer(_ value: JSONValue, in range: Range<Int>, at location: String) throws(PlanError) -> Int {
    guard case .number(let x) = value, x.isFinite, x == x.rounded(), abs(x) < 1e15 else {
      throw PlanError(location, "expected an integer")
    }
    let integer = Int(x)
    guard range.contains(integer) else {
      throw PlanError(location, "\(integer) is out of range \(range.lowerBound)..<\(range.upperBound)")
    }
    return integer
  }
}
