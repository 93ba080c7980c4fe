/// A half-open range of bytes in one source file: what a diagnostic underlines.
public struct Span: Sendable, Hashable, Comparable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// A zero-width span, for "missing key" diagnostics placed where the key would go.
  public static func at(_ offset: Int) -> Span { Span(start: offset, end: offset) }

  public static let zero = Span(start: 0, end: 0)

  /// The smallest span covering both.
  public func union(_ other: Span) -> Span { Span(start: min(start, other.start), end: max(end, other.end)) }

  public static func < (lhs: Span, rhs: Span) -> Bool {
    lhs.start != rhs.start ? lhs.start < rhs.start : lhs.end < rhs.end
  }
}

/// A value with the span it was written at, for model fields that later phases may need to blame.
public struct Located<Value> {
  public var value: Value
  public var span: Span

  public init(_ value: Value, at span: Span) {
    self.value = value
    self.span = span
  }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
