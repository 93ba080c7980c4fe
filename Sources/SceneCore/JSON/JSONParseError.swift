/// Why a document is not JSON, and where: the byte offset (0-based) of the first byte that could not be accepted.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  public let offset: Int
  public let message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  public var description: String { "byte \(offset): \(message)" }
}
