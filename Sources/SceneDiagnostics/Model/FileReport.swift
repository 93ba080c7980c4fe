/// The diagnostics of one file, with its source so that renderers can quote lines.
public struct FileReport: Sendable {
  public let source: SourceFile
  public let diagnostics: [Diagnostic]

  public init(source: SourceFile, diagnostics: [Diagnostic]) {
    self.source = source
    self.diagnostics = diagnostics
  }

  public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
  public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
