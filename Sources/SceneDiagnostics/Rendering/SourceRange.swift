/// A span as lines and columns: the single conversion that every renderer uses, so that the text, JSON, SARIF and
/// GitHub outputs can never disagree about where a finding is.
///
/// Lines and columns are 1-based and columns count Unicode scalars (as `SourceFile.location(of:)` does, and as SARIF's
/// `unicodeCodePoints` column kind means). The end is exclusive: `endColumn` is the column just after the last
/// character covered, so a zero-width span has `endColumn == column` on the same line.
public struct SourceRange: Sendable, Hashable {
  public let start: SourceLocation
  public let end: SourceLocation

  public init(_ span: Span, in source: SourceFile) {
    start = source.location(of: span.start)
    end = source.location(of: max(span.start, span.end))
  }

  public var line: Int { start.line }
  public var column: Int { start.column }
  public var endLine: Int { end.line }
  public var endColumn: Int { end.column }
}

extension SourceFile {
  public func range(of span: Span) -> SourceRange { SourceRange(span, in: self) }
}
