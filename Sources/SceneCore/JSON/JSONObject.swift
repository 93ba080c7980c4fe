/// Builds an object member by member, for documents whose members depend on conditions (SARIF leaves out what it
/// does not know, where a literal would have to spell out every combination).
public struct JSONObject: Sendable {
  public private(set) var members: [(String, JSONValue)]

  public init() { members = [] }

  public init(_ members: KeyValuePairs<String, JSONValue>) {
    self.members = members.map { ($0.key, $0.value) }
  }

  public mutating func append(_ key: String, _ value: JSONValue) { members.append((key, value)) }

  /// Appends only when `value` is present; SARIF forbids `null` where a property is simply unknown.
  public mutating func appendIfPresent(_ key: String, _ value: JSONValue?) {
    if let value { members.append((key, value)) }
  }

  public var value: JSONValue { .object(members) }
}
