import SceneDiagnostics
import Testing

@Suite struct BaselineTests {
  static let unknownKey = DiagnosticCode("E0202", "unknown-key", "A key that this kind of object does not have.")
  static let unusedLet = DiagnosticCode("W0107", "unused-let", "A `let` name that nothing uses.")

  /// A report with one E0202 at each occurrence of `opactiy` in `text`.
  static func report(_ text: String, path: String = "a.yaml") -> FileReport {
    let bytes = Array(text.utf8)
    let needle = Array("opactiy".utf8)
    var diagnostics: [Diagnostic] = []
    for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
      diagnostics.append(
        Diagnostic(unknownKey, "unknown key 'opactiy'", at: Span(start: start, end: start + needle.count)))
    }
    return FileReport(source: SourceFile(path: path, text: text), diagnostics: diagnostics)
  }

  /// Key paths are the YAML reader's business; here every finding is at the top.
  static func fingerprints(_ report: FileReport) -> [FindingFingerprint] {
    report.diagnostics.map {
      FindingFingerprint(
        path: report.source.path, code: $0.code.id, keyPath: "", spanText: report.source.text(of: $0.span))
    }
  }

  @Test func equalFindingsAreCountedNotMerged() {
    let two = Self.report("opactiy: 1\nopactiy: 2\n")
    let baseline = Baseline(reports: [two], fingerprints: Self.fingerprints)
    #expect(baseline.entries.count == 2)
    let three = Self.report("opactiy: 1\nopactiy: 2\nopactiy: 3\n")
    let match = baseline.removingKnown(from: [three], fingerprints: Self.fingerprints)
    #expect(match.matched == 2)
    #expect(match.stale == 0)
    #expect(match.reports[0].diagnostics.count == 1)
    let one = Self.report("opactiy: 1\n")
    let fewer = baseline.removingKnown(from: [one], fingerprints: Self.fingerprints)
    #expect(fewer.reports[0].diagnostics.isEmpty)
    #expect(fewer.stale == 1)
  }

  @Test func anotherFileIsAnotherFinding() {
    let baseline = Baseline(reports: [Self.report("opactiy: 1\n", path: "a.yaml")], fingerprints: Self.fingerprints)
    let match = baseline.removingKnown(
      from: [Self.report("opactiy: 1\n", path: "b.yaml")], fingerprints: Self.fingerprints)
    #expect(match.reports[0].diagnostics.count == 1)
    #expect(match.matched == 0)
  }

  @Test func theFileIsSortedPrettyJSONThatReadsBack() throws {
    let reports = [Self.report("x: 1\nopactiy: 1\n", path: "b.yaml"), Self.report("opactiy: 1\n", path: "a.yaml")]
    let baseline = Baseline(reports: reports, fingerprints: Self.fingerprints)
    let digest = baseline.entries[0].fingerprint.digest
    let expected = """
      {
        "version": 1,
        "findings": [
          {
            "path": "a.yaml",
            "code": "E0202",
            "keyPath": "",
            "fingerprint": "\(digest)",
            "message": "unknown key 'opactiy'"
          },
          {
            "path": "b.yaml",
            "code": "E0202",
            "keyPath": "",
            "fingerprint": "\(digest)",
            "message": "unknown key 'opactiy'"
          }
        ]
      }

      """
    #expect(baseline.json() == expected)
    #expect(try Baseline.parse(Array(baseline.json().utf8)) == baseline)
    // The order the findings were met in does not show.
    #expect(Baseline(reports: reports.reversed(), fingerprints: Self.fingerprints).json() == baseline.json())
  }

  @Test func aBrokenFileSaysWhereAndWhy() {
    func error(_ text: String) -> BaselineError? {
      do {
        _ = try Baseline.parse(Array(text.utf8))
        return nil
      } catch {
        return error
      }
    }
    let syntax = error("{\n  \"version\": 1,\n  \"findings\": [\n")
    #expect(syntax?.line == 4)
    #expect(syntax?.column == 1)
    #expect(error("[]")?.message == "the file is no JSON object")
    #expect(error("{\"findings\": []}")?.message.contains("`version` is missing") == true)
    #expect(error("{\"version\": 2, \"findings\": []}")?.message.contains("version 2 is not supported") == true)
    #expect(error("{\"version\": 1}")?.message == "`findings` is no array")
    let entry = "{\"version\": 1, \"findings\": [{\"path\": \"a\", \"code\": \"E0202\", \"keyPath\": \"\"}]}"
    #expect(error(entry)?.message == "findings[0].fingerprint is missing or not a string")
    // The message is for people: an entry without one still matches.
    let noMessage =
      "{\"version\": 1, \"findings\": [{\"path\": \"a\", \"code\": \"E0202\", \"keyPath\": \"\","
      + " \"fingerprint\": \"0\"}]}"
    #expect(error(noMessage) == nil)
  }
}
