import SceneDiagnostics
import Testing

@Suite struct FindingFingerprintTests {
  /// The published FNV-1a 64 test vectors (the empty string is the offset basis).
  @Test func fnvMatchesThePublishedVectors() {
    for (text, expected) in [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")] {
      var hash = FNV1a64()
      hash.combine(text.utf8)
      #expect(hash.hex == expected, "\(text)")
    }
  }

  @Test func fieldsAreSeparatedSoThatTheirBoundaryCounts() {
    var ab = FNV1a64()
    ab.combine(field: "ab")
    ab.combine(field: "c")
    var a = FNV1a64()
    a.combine(field: "a")
    a.combine(field: "bc")
    #expect(ab.hex != a.hex)
  }

  @Test func textIsNormalisedWithoutCommentLinesOrRunsOfWhiteSpace() {
    let text = "- id: a\n    # a note\n    opacity:   0.5\t\n\n  \n"
    #expect(FindingFingerprint.normalizedText(text) == "- id: a opacity: 0.5")
    #expect(FindingFingerprint.normalizedText("  \n") == "")
    // A comment after a value on its line is kept: only whole comment lines go.
    #expect(FindingFingerprint.normalizedText("a: 1 # one") == "a: 1 # one")
  }

  @Test func reindentingOrAddingACommentLineKeepsTheDigest() {
    let before = FindingFingerprint(path: "a.yaml", code: "E0202", keyPath: "layers[id=a]", spanText: "id: a\n  x: 1")
    let after = FindingFingerprint(
      path: "a.yaml", code: "E0202", keyPath: "layers[id=a]", spanText: "id: a\n    # why\n    x: 1")
    #expect(before == after)
    let edited = FindingFingerprint(path: "a.yaml", code: "E0202", keyPath: "layers[id=a]", spanText: "id: a\n  x: 2")
    #expect(before != edited)
    let moved = FindingFingerprint(path: "a.yaml", code: "E0202", keyPath: "layers[id=b]", spanText: "id: a\n  x: 1")
    #expect(before.digest != moved.digest)
  }

  @Test(arguments: [
    ("specs/a.yaml", "specs/a.yaml"), ("./specs/a.yaml", "specs/a.yaml"), ("specs//./a.yaml", "specs/a.yaml"),
    ("/repo/specs/a.yaml", "specs/a.yaml"), ("/elsewhere/a.yaml", "/elsewhere/a.yaml"),
    ("../up/a.yaml", "../up/a.yaml"), ("<stdin>", "<stdin>"), ("/repo", "/repo"), ("specs/", "specs"),
  ])
  func pathsAreMadeRelativeToTheCurrentFolder(path: String, expected: String) {
    #expect(FindingFingerprint.normalizedPath(path, currentFolder: "/repo") == expected)
    #expect(FindingFingerprint.normalizedPath(path, currentFolder: "/repo/") == expected)
  }
}
