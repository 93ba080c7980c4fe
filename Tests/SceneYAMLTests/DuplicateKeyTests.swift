import SceneDiagnostics
import Testing

@testable import SceneYAML

/// The reader's duplicate-key check compares plain ASCII keys as bytes and everything else as strings; both must
/// report the same keys.
@Suite struct DuplicateKeyTests {
  /// (line of each duplicate, line of the first it repeats).
  static func duplicates(_ text: String) -> [[Int]] {
    let source = SourceFile(path: "k.yaml", text: text)
    return YAMLReader.read(source).diagnostics.filter { $0.code == YAMLDiagnostics.duplicateKey }.map {
      [source.location(of: $0.span.start).line, $0.labels.first.map { source.location(of: $0.span.start).line } ?? 0]
    }
  }

  static func mapping(_ keys: [String]) -> String { keys.map { "\($0): 1\n" }.joined() }

  @Test func smallAndLargeMappings() {
    #expect(Self.duplicates(Self.mapping(["a", "b", "a", "c", "a"])) == [[3, 1], [5, 1]])
    #expect(Self.duplicates(Self.mapping(["ab", "ba", "abc"])).isEmpty)
    let many = (0..<40).map { "key\($0)" }
    #expect(Self.duplicates(Self.mapping(many)).isEmpty)
    #expect(Self.duplicates(Self.mapping(many + ["key7", "key39"])) == [[41, 8], [42, 40]])
  }

  @Test func quotedAndPlainKeysWithTheSameTextAreEqual() {
    #expect(Self.duplicates("a: 1\n\"a\": 2\n'b': 3\nb: 4\n") == [[2, 1], [4, 3]])
    #expect(Self.duplicates("{x: 1, \"x\": 2}\n") == [[1, 1]])
  }

  @Test func canonicallyEquivalentUnicodeKeysAreEqual() {
    // "é" precomposed and as e + combining acute: equal Swift strings, different bytes.
    #expect(Self.duplicates("caf\u{E9}: 1\ncafe\u{301}: 2\n") == [[2, 1]])
    let many = (0..<20).map { "k\($0)" } + ["caf\u{E9}", "cafe\u{301}"]
    #expect(Self.duplicates(Self.mapping(many)) == [[22, 21]])
  }

  @Test func escapedKeysCompareByTheirText() {
    #expect(Self.duplicates("\"\\x41\": 1\nA: 2\n") == [[2, 1]])
  }
}
