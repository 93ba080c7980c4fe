import Foundation
import SceneDiagnostics
import Testing

@testable import SceneYAML

/// The reader takes a plain scalar that libyaml's marks put on one line as its source text without comparing the
/// bytes: every node (text, span, style, children) and diagnostic must be what comparing every scalar gives, on
/// the repository's YAML files and on the shapes where plain text and source differ (folded lines, flow
/// collections across lines, comments, tabs, CRLF, a byte-order mark).
@Suite struct SingleLinePlainTests {
  static let shapes = [
    "a: plain words here   # comment\nb: [1, 2.5, -3e2, x y]\n",
    "a: folded\n  over two\n  lines\nb: [first\n  second, third]\n",
    "{a: b c,\nd: [e,\n f g]}\n",
    "a:\tword\t\nb: 'single ''quoted'''\nc: \"dq \\L \\N \\_ esc\"\n",
    "a: one\r\nb: two\r\n  folded\r\n",
    "\u{FEFF}a: é plain\nb: 按住拍 z\n",
    "- a\n- b: c\n  d:\n    - [x, 'y', \"z\"]\n",
    "key with spaces: value: with colon\nurl: http://x.y/z?a=b#frag\n",
    "a: \n",
  ]

  static var repositoryYAML: [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var texts: [String] = []
    for folder in ["specs", "Tests/SceneCheckerTests/Fixtures", "Fuzz/regressions"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "yaml" {
        if let text = try? String(contentsOf: url, encoding: .utf8) { texts.append(text) }
      }
    }
    return texts
  }

  @Test func sameDocumentAsComparingEveryScalar() {
    let texts = Self.shapes + Self.repositoryYAML
    #expect(texts.count > 200)
    for text in texts {
      let trusted = DeepFlowTests.picture(text, limits: .default, readsDeepFlow: true)
      let compared = DeepFlowTests.picture(text, limits: .default, readsDeepFlow: true, comparesEveryScalar: true)
      #expect(trusted == compared, "\(text.prefix(200))")
    }
  }
}
