/// The counts that close a report: the text renderer's last line and the JSON renderer's `summary` object.
public struct ReportSummary: Sendable, Hashable {
  public let errors: Int
  public let warnings: Int
  /// Files checked, with or without findings, so that "0 errors in 12 files" says how much was looked at.
  public let files: Int

  public init(_ reports: [FileReport]) {
    errors = reports.reduce(0) { $0 + $1.errorCount }
    warnings = reports.reduce(0) { $0 + $1.warningCount }
    files = reports.count
  }

  /// "1 error, 2 warnings in 3 files".
  public var sentence: String {
    "\(Self.count(errors, "error")), \(Self.count(warnings, "warning")) in \(Self.count(files, "file"))"
  }

  /// "1 file", "3 files".
  public static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
