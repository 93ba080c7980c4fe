/// A plan that cannot be loaded: where in the document (`tracks[3].keyTimes`) and what is wrong.
public struct PlanError: Error, Sendable, Hashable, CustomStringConvertible {
  public var location: String
  public var message: String

  public init(_ location: String, _ message: String) {
    self.location = location
    self.message = message
  }

  public var description: String {
    location.isEmpty ? "invalid plan: \(message)" : "invalid plan: \(location): \(message)"
  }
}
