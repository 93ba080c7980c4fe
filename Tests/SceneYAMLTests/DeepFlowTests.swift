import SceneDiagnostics
import Testing

@testable import SceneYAML

/// The deep flow scanner (used with the depth limit raised) gives the very tree and diagnostics libyaml does, on
/// documents it reads and on documents it must leave to libyaml.
@Suite struct DeepFlowTests {
  static let raised = YAMLLimits(maxDepth: 10_000)

  /// `depth` nested layers in the benchmark's flow style, with `leaf` as the innermost item.
  static func nested(
    _ depth: Int, item: (Int) -> String = { "{id: n\($0), frame: [1, 1, 300, 300], sublayers: [" },
    leaf: String = "{id: leaf}"
  ) -> String {
    var text = "scene: deep\nlayers:\n  - "
    for level in 0..<depth { text += item(level) }
    return text + leaf + String(repeating: "]}", count: depth) + "\nafter: [1, 2]\n"
  }

  /// Every node's shape, span and text, the root, and the diagnostics, as one comparable text.
  static func picture(
    _ text: String, limits: YAMLLimits, readsDeepFlow: Bool, comparesEveryScalar: Bool = false
  ) -> String {
    let result = YAMLReader.read(
      SourceFile(path: "d.yaml", text: text), limits: limits, readsDeepFlow: readsDeepFlow,
      comparesEveryScalar: comparesEveryScalar)
    let document = result.document
    var out = "root \(document.root.map { String($0.index) } ?? "none")\n"
    for index in 0..<document.nodeCount {
      let node = YAMLNode(index: index)
      let span = document.span(node)
      out +=
        "\(index) \(document.kind(node)) \(document.style(node)) \(document.isFlow(node)) \(span.start)-\(span.end)"
      switch document.kind(node) {
      case .scalar: out += " '\(document.scalar(node))'"
      case .sequence: out += " " + document.items(node).map { String($0.index) }.joined(separator: ",")
      case .mapping:
        out += " " + document.entries(node).map { "\($0.key.index):\($0.value.index)" }.joined(separator: ",")
      }
      out += "\n"
    }
    return out + result.diagnostics.map { String(describing: $0) }.joined(separator: "\n")
  }

  static func expectSameAsLibyaml(
    _ text: String, limits: YAMLLimits = raised, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let fast = picture(text, limits: limits, readsDeepFlow: true)
    let libyaml = picture(text, limits: limits, readsDeepFlow: false)
    #expect(fast == libyaml, sourceLocation: sourceLocation)
  }

  static func regionCount(_ text: String) -> Int {
    Array(text.utf8).withUnsafeBufferPointer { DeepFlowScanner.regions(in: $0).count }
  }

  static func regionsRead(_ text: String, limits: YAMLLimits = raised) -> Int {
    YAMLReader.read(SourceFile(path: "d.yaml", text: text), limits: limits).deepRegionsRead
  }

  @Test func readsTheBenchmarksNestingShapeAsLibyamlDoes() {
    let text = Self.nested(100) + "more:\n  - " + Self.nested(70).split(separator: "\n")[2].dropFirst(4) + "\n"
    #expect(Self.regionsRead(text) == 2)
    #expect(Self.regionsRead(text, limits: .default) == 0)
    Self.expectSameAsLibyaml(text)
  }

  @Test func quotedScalarsCommentsAndLineBreaksBetweenTokens() {
    let text = Self.nested(80) {
      "{id: 'n\($0)',  color: \"#cc33\($0 % 10)6\" , note: a b  c, list: [ -1, .5, +2 ], # c\($0)\n  sublayers:\n ["
    }
    #expect(Self.regionsRead(text) == 1)
    Self.expectSameAsLibyaml(text)
  }

  @Test func leavesWhatItDoesNotReadToLibyaml() {
    let shapes: [String] = [
      "{id: a\n b, s: [",  // a multi-line plain scalar
      "{id: a, s: [x,], t: [",  // a trailing comma
      "{id: a, e: , s: [",  // an empty value
      "{id: 'it''s', s: [",  // an escaped quote
      "{id: \"tab\\t\", s: [",  // an escape
      "{id: a:b, s: [",  // a colon inside a plain scalar
      "{id: a, s: [#fff, ",  // a hex colour read as a comment
      "{id: \u{e9}t\u{e9}, s: [",  // non-ASCII text
      "{id: a, s: [ [x]: y, ",  // a collection as a key
    ]
    for shape in shapes {
      Self.expectSameAsLibyaml(Self.nested(70) { _ in shape })
    }
  }

  @Test func errorsLimitsAndDuplicatesMatchLibyaml() {
    Self.expectSameAsLibyaml(Self.nested(90) { "{id: n\($0), id: again, sublayers: [" })
    Self.expectSameAsLibyaml(Self.nested(90), limits: YAMLLimits(maxDepth: 150))
    Self.expectSameAsLibyaml(Self.nested(90), limits: YAMLLimits(maxDepth: 10_000, maxScalarBytes: 2))
    Self.expectSameAsLibyaml(Self.nested(90) + "broken: [\n")
    Self.expectSameAsLibyaml("a: [\n" + Self.nested(90))
    Self.expectSameAsLibyaml(String(Self.nested(90).dropLast(18)))
  }

  @Test func aCollectionInsideABlockScalarStaysText() {
    let deep = Self.nested(70).split(separator: "\n")[2].dropFirst(4)
    let text = "scene: x\nnote: |\n  - k: \(deep)\nafter: 1\n"
    #expect(Self.regionCount(text) == 1)
    #expect(Self.regionsRead(text) == 0)
    Self.expectSameAsLibyaml(text)
  }
}
