import SceneCore
import SceneDiagnostics
import Testing

/// `--format gitlab` on diagnostics built by hand; the real command's report is checked against the documented
/// fields in LintBaselineTests.
@Suite struct GitLabRenderingTests {
  static let renderer = GitLabRenderer(fingerprints: BaselineTests.fingerprints)

  @Test func theGoldenReport() {
    let text = "scene: s\nopactiy: 1\n"
    var report = BaselineTests.report(text, path: "./specs/a.yaml")
    let warning = Diagnostic(
      BaselineTests.unusedLet, "'x' is never used", at: Span(start: 0, end: 5), help: "remove it")
    report = FileReport(source: report.source, diagnostics: [warning] + report.diagnostics)
    let fingerprints = BaselineTests.fingerprints(report)
    let expected = """
      [
        {
          "description": "'x' is never used — help: remove it",
          "check_name": "W0107 unused-let",
          "fingerprint": "\(Self.issueFingerprint(fingerprints[0], 0))",
          "severity": "minor",
          "location": {
            "path": "./specs/a.yaml",
            "lines": {
              "begin": 1,
              "end": 1
            }
          }
        },
        {
          "description": "unknown key 'opactiy'",
          "check_name": "E0202 unknown-key",
          "fingerprint": "\(Self.issueFingerprint(fingerprints[1], 0))",
          "severity": "critical",
          "location": {
            "path": "./specs/a.yaml",
            "lines": {
              "begin": 2,
              "end": 2
            }
          }
        }
      ]

      """
    #expect(Self.renderer.render([report]) == expected)
    #expect(Self.renderer.render([]) == "[]\n")
  }

  /// The documented construction, computed here independently: FNV-1a 64 of path, code, digest and occurrence.
  static func issueFingerprint(_ fingerprint: FindingFingerprint, _ occurrence: Int) -> String {
    var hash = FNV1a64()
    for field in [fingerprint.path, fingerprint.code, fingerprint.digest, "\(occurrence)"] {
      hash.combine(field: field)
    }
    return hash.hex
  }

  /// GitLab shows only the first issue of a fingerprint: equal findings get the occurrence in theirs.
  @Test func equalFindingsGetDistinctFingerprints() throws {
    let report = BaselineTests.report("opactiy: 1\nopactiy: 1\nopactiy: 1\n")
    let document = try JSONParser.parse(Self.renderer.render([report]))
    guard case .array(let issues) = document else {
      Issue.record("not an array")
      return
    }
    let fingerprints = issues.compactMap { issue -> String? in
      if case .string(let value) = issue["fingerprint"] { return value } else { return nil }
    }
    #expect(fingerprints.count == 3)
    #expect(Set(fingerprints).count == 3)
  }
}
