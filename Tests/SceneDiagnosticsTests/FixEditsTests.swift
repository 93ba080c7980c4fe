import Foundation
import SceneDiagnostics
import Testing

/// The edits diagnostics offer, applied to bytes: which are taken together, and that nothing else changes.
@Suite struct FixEditsTests {
  static let code = DiagnosticCode("E0202", "unknown-key", "A key the language does not know here.")

  static func offer(_ find: String, in text: String, _ replacement: String?, occurrence: Int = 0) -> Diagnostic {
    var ranges: [Range<String.Index>] = []
    var from = text.startIndex
    while let range = text.range(of: find, range: from..<text.endIndex) {
      ranges.append(range)
      from = range.upperBound
    }
    let range = ranges[occurrence]
    let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let span = Span(start: start, end: start + find.utf8.count)
    return Diagnostic(code, "unknown key '\(find)'", at: span, replacement: replacement)
  }

  static func apply(_ diagnostics: [Diagnostic], to text: String) -> (String, FixEdits) {
    let edits = FixEdits(diagnostics, in: Array(text.utf8))
    return (String(decoding: edits.applied(to: Array(text.utf8)), as: UTF8.self), edits)
  }

  @Test func editsReplaceOnlyTheirSpans() {
    let text = "a:  opactiy  # keep  this\nb:\t[x,  y]   # and this\nc: opactiy\n"
    let (fixed, edits) = Self.apply(
      [Self.offer("opactiy", in: text, "opacity", occurrence: 1), Self.offer("opactiy", in: text, "opacity")],
      to: text)
    #expect(fixed == "a:  opacity  # keep  this\nb:\t[x,  y]   # and this\nc: opacity\n")
    #expect(edits.fixedCount == 2 && edits.skipped.isEmpty)
    #expect(edits.edits.map(\.span.start) == edits.edits.map(\.span.start).sorted())
  }

  @Test func anOverlappingEditIsSkippedForALaterRound() {
    let text = "colour: redd blue\n"
    let whole = Self.offer("redd blue", in: text, "\"redd blue\"")
    let inner = Self.offer("redd", in: text, "red")
    let sameStart = Self.offer("redd b", in: text, "x")
    let (fixed, edits) = Self.apply([inner, whole, sameStart], to: text)
    // In source order (by start, then the shorter span), `redd` comes first; the two starting there too wait.
    #expect(fixed == "colour: red blue\n")
    #expect(edits.skipped.count == 2 && edits.fixedCount == 1)
  }

  @Test func twoInsertionsAtOnePlaceTakeTheFirst() {
    let text = "a: b\n"
    let one = Diagnostic(Self.code, "one", at: .at(3), replacement: "x")
    let two = Diagnostic(Self.code, "two", at: .at(3), replacement: "y")
    let (fixed, edits) = Self.apply([two, one], to: text)
    #expect(fixed == "a: xb\n")
    #expect(edits.skipped.map(\.message) == ["two"])
  }

  @Test func theSameEditOfferedTwiceIsAppliedOnceAndFixesBoth() {
    let text = "k: opactiy\n"
    let first = Self.offer("opactiy", in: text, "opacity")
    var second = first
    second.message = "another finding with the same fix"
    let (fixed, edits) = Self.apply([first, second], to: text)
    #expect(fixed == "k: opacity\n")
    #expect(edits.edits.count == 1 && edits.fixedCount == 2 && edits.skipped.isEmpty)
  }

  @Test func anEditThatChangesNothingIsLeftOutSoFixingTwiceIsANoOp() {
    let text = "k: opacity\n"
    let (fixed, edits) = Self.apply([Self.offer("opacity", in: text, "opacity")], to: text)
    #expect(fixed == text && edits.isEmpty && edits.fixedCount == 0)
  }

  @Test func diagnosticsWithoutReplacementsOrOutsideTheTextOfferNothing() {
    let text = "k: v\n"
    let outside = Diagnostic(Self.code, "past the end", at: Span(start: 3, end: 99), replacement: "w")
    let (fixed, edits) = Self.apply([Self.offer("v", in: text, nil), outside], to: text)
    #expect(fixed == text && edits.isEmpty && edits.skipped.count == 1)
  }

  @Test func multiByteTextAroundAnEditIsKeptByteForByte() {
    let text = "\u{FEFF}名前: 色  # コメント\nk: opactiy\r\n"
    let (fixed, _) = Self.apply([Self.offer("opactiy", in: text, "opacity")], to: text)
    #expect(fixed == "\u{FEFF}名前: 色  # コメント\nk: opacity\r\n")
  }

  /// The round loop: findings offered again after each round, a fixed text accepted only without new errors.
  @Test func fixerRepeatsUntilNothingIsOfferedAndRefusesANewError() {
    // A stand-in check: every `opactiy` is a finding fixed to `opacity`, and two `opacity` keys are an error.
    let check: @Sendable (SourceFile) -> [Diagnostic] = { source in
      let text = String(decoding: source.bytes, as: UTF8.self)
      var found: [Diagnostic] = []
      if text.contains("opactiy") { found.append(Self.offer("opactiy", in: text, "opacity")) }
      if text.components(separatedBy: "opacity:").count > 2 {
        found.append(Diagnostic(Self.code, "duplicate key 'opacity'", at: .at(0)))
      }
      return found
    }
    let three = Fixer.fix(SourceFile(path: "a.yaml", text: "opactiy: 1\nx: opactiy\ny: opactiy\n"), check: check)
    #expect(three.refusal == nil && three.fixedCount == 3)
    #expect(String(decoding: three.result.bytes, as: UTF8.self) == "opacity: 1\nx: opacity\ny: opacity\n")
    #expect(three.diagnostics.isEmpty)
    let beyond = "a: opactiy\nb: opactiy\nc: opactiy\nd: opactiy\ne: opactiy\n"
    let capped = Fixer.fix(SourceFile(path: "b.yaml", text: beyond), check: check)
    #expect(capped.fixedCount == Fixer.maximumRounds && capped.diagnostics.count == 1)
    let duplicate = Fixer.fix(SourceFile(path: "c.yaml", text: "opacity: 1\nopactiy: 2\n"), check: check)
    #expect(duplicate.refusal?.error.message == "duplicate key 'opacity'")
    #expect(!duplicate.changed && duplicate.fixedCount == 0)
  }
}
