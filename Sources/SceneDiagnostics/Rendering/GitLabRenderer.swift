import SceneCore

/// GitLab's Code Quality report (`artifacts: reports: codequality:`): a JSON array with one issue per diagnostic,
/// holding the fields GitLab documents ("Code Quality report format", docs.gitlab.com/ci/testing/code_quality/):
///
///     [{"description": "unknown key 'opactiy' in a layer — help: did you mean 'opacity'?",
///       "check_name": "E0202 unknown-key", "fingerprint": "3f…", "severity": "critical",
///       "location": {"path": "specs/a.yaml", "lines": {"begin": 5, "end": 5}}}]
///
/// Severity: an error is `critical` (the spec does not compile at all), a warning `minor`, a note `info`. The path
/// is `FindingFingerprint.normalizedPath`'s (relative to the current folder, as GitLab wants it). GitLab requires
/// each issue's fingerprint to be unique in a report and compares them between the merge request's pipeline and
/// its target's: it is the FNV-1a 64 hash of the finding's `FindingFingerprint` and how many findings of that same
/// fingerprint came before it in the report, so it survives lines moving as the baseline's matching does.
public struct GitLabRenderer: ReportRenderer {
  /// One fingerprint per diagnostic of a report, in its order.
  public var fingerprints: @Sendable (FileReport) -> [FindingFingerprint]

  public init(fingerprints: @escaping @Sendable (FileReport) -> [FindingFingerprint]) {
    self.fingerprints = fingerprints
  }

  public func render(_ reports: [FileReport]) -> String {
    PrintableText.inertJSON(JSONWriter(style: .pretty).string(from: document(reports))) + "\n"
  }

  public func document(_ reports: [FileReport]) -> JSONValue {
    var issues: [JSONValue] = []
    var seen: [FindingFingerprint: Int] = [:]
    for report in reports where !report.diagnostics.isEmpty {
      for (diagnostic, fingerprint) in zip(report.diagnostics, fingerprints(report)) {
        let occurrence = seen[fingerprint, default: 0]
        seen[fingerprint] = occurrence + 1
        issues.append(issue(diagnostic, in: report.source, fingerprint: fingerprint, occurrence: occurrence))
      }
    }
    return .array(issues)
  }

  private func issue(
    _ diagnostic: Diagnostic, in source: SourceFile, fingerprint: FindingFingerprint, occurrence: Int
  ) -> JSONValue {
    var description = diagnostic.message
    if let help = diagnostic.help { description += " — help: " + help }
    let range = source.range(of: diagnostic.span)
    return [
      "description": .string(description),
      "check_name": .string("\(diagnostic.code.id) \(diagnostic.code.name)"),
      "fingerprint": .string(Self.issueFingerprint(fingerprint, occurrence: occurrence)),
      "severity": .string(Self.severity(diagnostic.severity)),
      "location": [
        "path": .string(fingerprint.path),
        "lines": ["begin": JSONValue(range.line), "end": JSONValue(range.endLine)],
      ],
    ]
  }

  /// FNV-1a 64 of the path, code, digest and occurrence, each followed by a NUL byte.
  static func issueFingerprint(_ fingerprint: FindingFingerprint, occurrence: Int) -> String {
    var hash = FNV1a64()
    for field in [fingerprint.path, fingerprint.code, fingerprint.digest, String(occurrence)] {
      hash.combine(field: field)
    }
    return hash.hex
  }

  /// GitLab's scale is info, minor, major, critical, blocker.
  static func severity(_ severity: Severity) -> String {
    switch severity {
    case .error: return "critical"
    case .warning: return "minor"
    case .note: return "info"
    }
  }
}
