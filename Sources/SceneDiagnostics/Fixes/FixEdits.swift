/// The replacements diagnostics carry, as byte-range edits of one file: which of them can be applied together, and
/// the text after applying them. A language server offers the same edits as code actions; `lint --fix` applies
/// them through `Fixer`, which also checks the result.
public struct FixEdits: Sendable {
  /// One replacement: `span`'s bytes become `replacement`, for the diagnostics listed.
  public struct Edit: Sendable, Hashable {
    public var span: Span
    public var replacement: String
    /// Every diagnostic that offered exactly this edit (two findings can offer the same one).
    public var diagnostics: [Diagnostic]
  }

  /// The edits to apply, in source order, none overlapping another.
  public private(set) var edits: [Edit] = []
  /// Diagnostics whose replacement overlaps an earlier edit: left for a later round, which checks the text again
  /// and offers them once more if they still apply.
  public private(set) var skipped: [Diagnostic] = []

  /// The edits `diagnostics` offer for `bytes`. Taken in source order (by span); an edit that starts before the
  /// previous one ends, or at the same place (two insertions there have no order), is skipped. An edit whose
  /// replacement equals the text it replaces changes nothing and is left out, so applying twice is a no-op.
  public init(_ diagnostics: [Diagnostic], in bytes: [UInt8]) {
    let offered = diagnostics.filter { $0.replacement != nil }.sorted()
    for diagnostic in offered {
      let replacement = diagnostic.replacement!
      let span = diagnostic.span
      guard span.start >= 0, span.end <= bytes.count else {
        skipped.append(diagnostic)
        continue
      }
      guard !bytes[span.start..<span.end].elementsEqual(replacement.utf8) else { continue }
      if let last = edits.last {
        if last.span == span && last.replacement == replacement {
          edits[edits.count - 1].diagnostics.append(diagnostic)
          continue
        }
        if span.start < last.span.end || span.start == last.span.start {
          skipped.append(diagnostic)
          continue
        }
      }
      edits.append(Edit(span: span, replacement: replacement, diagnostics: [diagnostic]))
    }
  }

  /// How many diagnostics the edits fix.
  public var fixedCount: Int { edits.reduce(0) { $0 + $1.diagnostics.count } }

  public var isEmpty: Bool { edits.isEmpty }

  /// `bytes` with every edit applied; the bytes outside the edits' spans are copied unchanged.
  public func applied(to bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
    var copied = 0
    for edit in edits {
      result += bytes[copied..<edit.span.start]
      result += edit.replacement.utf8
      copied = edit.span.end
    }
    result += bytes[copied...]
    return result
  }
}
