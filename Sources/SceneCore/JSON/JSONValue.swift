/// A JSON document as a value.
///
/// Objects are ordered lists of members rather than dictionaries: every file scenec writes must be byte-stable,
/// and the writer's member order is part of the format that people diff and tools read.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in order. A key appears twice only if the caller (or a parsed document) put it there twice.
  case object([(String, JSONValue)])
}

// Tuples cannot conform to protocols, so `object` rules out synthesized conformances; equality is structural
// and order-sensitive, matching what the writer would print.
extension JSONValue: Hashable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null:
      hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .array(let items):
      hasher.combine(4)
      hasher.combine(items)
    case .object(let members):
      hasher.combine(5)
      hasher.combine(members.count)
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }
}

extension JSONValue {
  public init(_ value: Bool) { self = .bool(value) }
  public init(_ value: Int) { self = .number(Double(value)) }
  public init(_ value: Double) { self = .number(value) }
  /// `null` when absent, so optional fields read `"help": null` rather than disappearing.
  public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
  public init(_ items: [JSONValue]) { self = .array(items) }

  /// The value of the last member named `key`, as `JSON.parse` would keep it; nil for non-objects.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    // A plain loop: plan loading asks this for every member it reads, and closures over generic searches are
    // slow in unoptimised builds.
    var index = members.count - 1
    while index >= 0 {
      if members[index].0 == key { return members[index].1 }
      index -= 1
    }
    return nil
  }

  /// The item at `index`, or nil when out of range or not an array.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  public var isNull: Bool { if case .null = self { return true } else { return false } }
  public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
  public var numberValue: Double? { if case .number(let value) = self { return value } else { return nil } }
  public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
  public var arrayValue: [JSONValue]? { if case .array(let items) = self { return items } else { return nil } }
  public var objectMembers: [(String, JSONValue)]? {
    if case .object(let members) = self { return members } else { return nil }
  }
}
