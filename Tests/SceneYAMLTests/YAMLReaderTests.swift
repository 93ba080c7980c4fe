import SceneDiagnostics
import Testing

@testable import SceneYAML

@Suite struct YAMLReaderTests {
  func read(_ text: String) -> (YAMLReader.Result, SourceFile) {
    let source = SourceFile(path: "t.yaml", text: text)
    return (YAMLReader.read(source), source)
  }

  @Test func spansCoverKeysAndValuesInBytes() throws {
    let (result, source) = read("a: 按住拍\nb: [x, \"y\"]\n")
    #expect(result.diagnostics.isEmpty)
    let root = try #require(result.document.root)
    let entries = result.document.entries(root)
    #expect(entries.count == 2)
    #expect(source.text(of: result.document.span(entries[0].value)) == "按住拍")
    #expect(result.document.scalar(entries[0].value) == "按住拍")
    let items = result.document.items(entries[1].value)
    #expect(items.map { result.document.scalar($0) } == ["x", "y"])
    #expect(result.document.style(items[1]) == .doubleQuoted)
    #expect(result.document.isFlow(entries[1].value))
    #expect(source.location(of: result.document.span(items[1]).start) == SourceLocation(line: 2, column: 8, offset: 20))
  }

  /// Keys without values in a flow mapping are two nodes per three bytes, more than the reader makes room for at
  /// first (`TreeBuilder.nodeCapacity`): the file is read again with more room, and nothing is lost.
  @Test func aDenserFileThanTheFirstRoomIsReadWhole() throws {
    let letters = "abcdefghijklmnopqrstuvwxyz".map { String($0) }
    let keys = letters.flatMap { first in letters.map { first + $0 } }
    let text = "{" + keys.joined(separator: ",") + "}"
    #expect(2 * keys.count + 1 > TreeBuilder.nodeCapacity(forBytes: text.utf8.count))
    let (result, _) = read(text)
    #expect(result.diagnostics.isEmpty)
    #expect(result.document.nodeCount == 2 * keys.count + 1)
    let root = try #require(result.document.root)
    let entries = result.document.entries(root)
    #expect(entries.map { result.document.scalar($0.key) } == keys)
    #expect(entries.allSatisfy { result.document.isEmptyPlainScalar($0.value) })
  }

  @Test func duplicateKeyPointsAtTheSecondAndNotesTheFirst() throws {
    let (result, source) = read("scene: a\nsize: [1, 1]\nscene: b\n")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == YAMLDiagnostics.duplicateKey)
    #expect(source.location(of: diagnostic.span.start).line == 3)
    #expect(diagnostic.labels.first.map { source.location(of: $0.span.start).line } == 1)
  }

  @Test func rejectsTagsAnchorsAliasesAndSecondDocuments() {
    #expect(read("a: !!str 3\n").0.diagnostics.map(\.code) == [YAMLDiagnostics.tag])
    #expect(read("a: &x 3\nb: *x\n").0.diagnostics.map(\.code) == [YAMLDiagnostics.anchor, YAMLDiagnostics.anchor])
    #expect(read("a: 1\n---\nb: 2\n").0.diagnostics.map(\.code) == [YAMLDiagnostics.multipleDocuments])
  }

  @Test func reportsLibyamlErrorsAtTheirPositionWithContext() throws {
    let (result, source) = read("a: [1, 2\nb: 3\n")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == YAMLDiagnostics.syntax)
    #expect(source.location(of: diagnostic.span.start).line == 2)
    #expect(!diagnostic.labels.isEmpty)
  }

  @Test func tabsAndInvalidUTF8AndEmptyFiles() throws {
    #expect(read("a:\n\tb: 1\n").0.diagnostics.map(\.code) == [YAMLDiagnostics.tabIndentation])
    let bad = SourceFile(path: "b.yaml", bytes: Array("a: ".utf8) + [0xFF, 0x0A])
    let result = YAMLReader.read(bad)
    #expect(result.diagnostics.map(\.code) == [YAMLDiagnostics.invalidUTF8])
    #expect(result.diagnostics.first?.span.start == 3)
    #expect(read("# only a comment\n").0.diagnostics.map(\.code) == [YAMLDiagnostics.emptyDocument])
  }

  @Test func limitsStopDeepNestingAndLongScalars() {
    let deep = String(repeating: "[", count: 100_000)
    let source = SourceFile(path: "d.yaml", text: deep)
    let result = YAMLReader.read(source, limits: YAMLLimits(maxDepth: 64))
    #expect(result.diagnostics.map(\.code) == [YAMLDiagnostics.tooDeep])
    let long = SourceFile(path: "l.yaml", text: "k: " + String(repeating: "x", count: 2000))
    #expect(
      YAMLReader.read(long, limits: YAMLLimits(maxScalarBytes: 1000)).diagnostics.map(\.code) == [
        YAMLDiagnostics.scalarTooLong
      ])
  }
}
