import SceneCore

/// The machine format of `scenec lint --format json`:
///
///     {"version": 1, "files": [{"path": …, "diagnostics": [{"code": "E0203", "name": "unknown-key", …}]}],
///      "summary": {"errors": 1, "warnings": 0, "files": 1}}
///
/// Every file checked is listed, with or without diagnostics, so `files` has `summary.files` entries. Positions are
/// `SourceRange`'s: 1-based, columns in Unicode scalars, end exclusive. `help` and `replacement` are `null` when
/// absent rather than missing, so readers need no existence checks. `version` changes only when a field changes
/// meaning or disappears; new fields may appear without it.
public struct JSONRenderer: ReportRenderer {
  public static let formatVersion = 1

  public init() {}

  public func render(_ reports: [FileReport]) -> String {
    PrintableText.inertJSON(JSONWriter(style: .pretty).string(from: document(reports))) + "\n"
  }

  public func document(_ reports: [FileReport]) -> JSONValue {
    let summary = ReportSummary(reports)
    return [
      "version": JSONValue(Self.formatVersion),
      "files": .array(reports.map(file)),
      "summary": [
        "errors": JSONValue(summary.errors), "warnings": JSONValue(summary.warnings), "files": JSONValue(summary.files),
      ],
    ]
  }

  private func file(_ report: FileReport) -> JSONValue {
    [
      "path": .string(report.source.path),
      "diagnostics": .array(report.diagnostics.map { diagnostic($0, in: report.source) }),
    ]
  }

  private func diagnostic(_ diagnostic: Diagnostic, in source: SourceFile) -> JSONValue {
    var object = JSONObject([
      "code": .string(diagnostic.code.id),
      "name": .string(diagnostic.code.name),
      "severity": .string(diagnostic.severity.rawValue),
      "message": .string(diagnostic.message),
    ])
    append(source.range(of: diagnostic.span), to: &object)
    object.append("labels", .array(diagnostic.labels.map { label($0, in: source) }))
    object.append("notes", .array(diagnostic.notes.map(JSONValue.string)))
    object.append("help", JSONValue(diagnostic.help))
    object.append("replacement", JSONValue(diagnostic.replacement))
    return object.value
  }

  private func label(_ label: Diagnostic.Label, in source: SourceFile) -> JSONValue {
    var object = JSONObject(["message": .string(label.message)])
    append(source.range(of: label.span), to: &object)
    return object.value
  }

  private func append(_ range: SourceRange, to object: inout JSONObject) {
    object.append("line", JSONValue(range.line))
    object.append("column", JSONValue(range.column))
    object.append("endLine", JSONValue(range.endLine))
    object.append("endColumn", JSONValue(range.endColumn))
  }
}
