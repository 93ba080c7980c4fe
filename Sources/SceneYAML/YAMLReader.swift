internal import CYAML
import SceneDiagnostics

/// Reads one YAML document into a located, untyped tree, strictly.
///
/// Strict means: duplicate keys, tags, anchors and aliases, a second document, non-scalar keys and invalid
/// UTF-8 are errors; nothing is coerced (scalars stay text with their style, the checker types them). The
/// reader reports every problem it can recover from and stops at the first syntax error, which libyaml
/// cannot recover from.
public enum YAMLReader {
  public struct Result: Sendable {
    public var document: YAMLDocument
    public var diagnostics: [Diagnostic]
    /// Deep flow collections read by `DeepFlowScanner` rather than libyaml (tests check the fast path ran).
    var deepRegionsRead = 0
  }

  public static func read(_ source: SourceFile, limits: YAMLLimits = .default) -> Result {
    read(source, limits: limits, readsDeepFlow: true)
  }

  /// `readsDeepFlow: false` leaves every collection to libyaml; `comparesEveryScalar: true` compares every
  /// scalar's text with the source, single-line plain ones too (tests compare the two ways of each).
  static func read(
    _ source: SourceFile, limits: YAMLLimits, readsDeepFlow: Bool, comparesEveryScalar: Bool = false
  ) -> Result {
    if source.bytes.count > limits.maxInputBytes {
      let diagnostic = Diagnostic(
        YAMLDiagnostics.inputTooLarge,
        "the file is larger than the limit of \(limits.maxInputBytes) bytes",
        at: .at(0), help: "split the scene, or raise the limit with --max-input-bytes")
      return Result(document: YAMLDocument(), diagnostics: [diagnostic])
    }
    return source.bytes.withUnsafeBufferPointer { buffer in
      // Room for the densest input first; a file denser still (empty values, deep `[[[`) is read again with
      // twice the room, until it fits.
      var capacity = TreeBuilder.nodeCapacity(forBytes: buffer.count)
      var builder: TreeBuilder
      repeat {
        builder = TreeBuilder(bytes: buffer, limits: limits, nodeCapacity: capacity)
        builder.comparesEveryScalar = comparesEveryScalar
        builder.document.source = source.bytes
        builder.run(readsDeepFlow: readsDeepFlow)
        capacity *= 2
      } while builder.nodesFull
      var result = Result(document: builder.document, diagnostics: builder.diagnostics.sorted)
      result.deepRegionsRead = builder.nextDeepRegion
      return result
    }
  }
}

/// Pulls libyaml events and assembles the arena.
struct TreeBuilder {
  let bytes: UnsafeBufferPointer<UInt8>
  let limits: YAMLLimits
  var document = YAMLDocument()
  var diagnostics = DiagnosticBag()
  var marks: MarkConverter

  /// The innermost open collection, kept out of `open`: every node is linked to it, and a field is changed in
  /// place where an array's element is checked for uniqueness and bounds first.
  var innermost: OpenCollection?
  /// The other open collections, innermost last.
  var open: [OpenCollection] = []
  /// Children of open collections that are not the nodes right after them (see `OpenCollection`), moved into
  /// `document.children` when the collection closes.
  var pending: [UInt32] = []
  var documentCount = 0
  /// Scalars dropped for exceeding the length limit; already reported, so never compared as keys.
  var truncated = Set<Int>()
  /// Open flow collections, and the quoted scalars inside the outermost one (see `FlowHexComment.swallowed`).
  var flowDepth = 0
  var quotedInFlow: [Span] = []
  /// Compares single-line plain scalars with the source too (`addScalar`), for the tests.
  var comparesEveryScalar = false
  /// The node columns being filled (`parse`), and whether a node found them full: the file is then read again with
  /// more room (`YAMLReader.read`).
  var nodes = NodeColumns()
  let nodeCapacity: Int
  var nodesFull = false
  /// Mappings whose keys are compared as strings once the node columns are the document's (`checkKeys`).
  var keysToCompareAsStrings: [YAMLNode] = []

  /// Room for the densest usual input, so that nothing grows: a growing array briefly holds its old and new
  /// storage, which made reading the peak of a whole compile. A node usually takes at least two bytes (`1,` in a
  /// flow list). Capacity never written is never touched, so it costs address space only, not resident memory
  /// (specs run ~5 bytes per node).
  static func nodeCapacity(forBytes count: Int) -> Int { count / 2 + 16 }

  init(bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits, nodeCapacity: Int? = nil) {
    self.bytes = bytes
    self.limits = limits
    self.marks = MarkConverter(bytes: bytes)
    self.nodeCapacity = nodeCapacity ?? Self.nodeCapacity(forBytes: bytes.count)
    // Scalar text is at most about the file's size; only text that differs from the source is kept.
    document.scalarBytes.reserveCapacity(bytes.count / 4 + 16)
    document.children.reserveCapacity(self.nodeCapacity)  // most collections list none (`contiguousChildren`)
  }

  /// Deep flow collections read without libyaml (only with the depth limit raised; `DeepFlowScanner`), and the
  /// next one libyaml has not reached yet.
  var deepRegions: [DeepFlowScanner.Region] = []
  var nextDeepRegion = 0
  /// Set when libyaml did not read a stand-in where its collection began: the file is read again as written.
  var deepRegionMissed = false

  mutating func run(readsDeepFlow: Bool) {
    let deep = readsDeepFlow && limits.maxDepth > YAMLLimits.default.maxDepth
    let regions = deep ? DeepFlowScanner.regions(in: bytes) : []
    guard !regions.isEmpty else { return parse(bytes) }
    var standIn = Array(bytes)
    for region in regions {
      for offset in region.start..<region.end where standIn[offset] != 0x0A { standIn[offset] = 0x20 }
      standIn[region.start] = UInt8(ascii: "~")
    }
    deepRegions = regions
    standIn.withUnsafeBufferPointer { parse($0) }
    if !nodesFull, deepRegionMissed || nextDeepRegion < regions.count {
      var again = TreeBuilder(bytes: bytes, limits: limits, nodeCapacity: nodeCapacity)
      again.comparesEveryScalar = comparesEveryScalar
      again.document.source = document.source
      again.parse(bytes)
      self = again
    }
  }

  /// Pulls libyaml's events over `input` (the file's bytes, or a copy with stand-ins for `deepRegions`) into node
  /// columns that become the document's `records` and `shapes`.
  mutating func parse(_ input: UnsafeBufferPointer<UInt8>) {
    let records = [YAMLDocument.Record](unsafeUninitializedCapacity: nodeCapacity) { recordBuffer, recordCount in
      document.shapes = [UInt8](unsafeUninitializedCapacity: nodeCapacity) { shapeBuffer, shapeCount in
        nodes = NodeColumns(records: recordBuffer, shapes: shapeBuffer)
        parseEvents(input)
        shapeCount = nodes.count
      }
      recordCount = nodes.count
    }
    nodes = NodeColumns()
    document.records = records
    for mapping in keysToCompareAsStrings { checkKeysAsStrings(of: mapping) }
    keysToCompareAsStrings = []
  }

  private mutating func parseEvents(_ input: UnsafeBufferPointer<UInt8>) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return }
    defer { yaml_parser_delete(&parser) }
    if let base = input.baseAddress {
      yaml_parser_set_input_string(&parser, base, input.count)
    } else {
      var empty: UInt8 = 0
      yaml_parser_set_input_string(&parser, &empty, 0)
    }
    // With the encoding set, libyaml reads a UTF-8 byte-order mark as content; left to detect it, it skips the
    // mark (and MarkConverter expects it skipped).
    let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    if !hasByteOrderMark { yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING) }
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        reportParserError(parser)
        return
      }
      let type = event.type
      let keepGoing = withUnsafePointer(to: &event) { handle($0) }
      yaml_event_delete(&event)
      if !keepGoing || type == YAML_STREAM_END_EVENT { break }
    }
    if document.root == nil, !diagnostics.hasErrors {
      diagnostics.error(
        YAMLDiagnostics.emptyDocument, "the file is empty", at: .at(0),
        help: "a spec needs at least `scene`, `size` and `layers`; see Grammar.md")
    }
  }

  /// Returns false to stop reading (a limit was exceeded). The event is read where libyaml wrote it: a copy of
  /// its 104 bytes, read right after libyaml's smaller stores, was most of the reading loop's own time.
  mutating func handle(_ event: UnsafePointer<yaml_event_t>) -> Bool {
    if nextDeepRegion < deepRegions.count {
      let start = marks.byteOffset(ofCharacter: Int(event.pointee.start_mark.index))
      if start >= deepRegions[nextDeepRegion].start {
        let end = marks.byteOffset(ofCharacter: Int(event.pointee.end_mark.index))
        return takeDeepRegion(event.pointee, span: Span(start: start, end: end))
      }
    }
    // A span only for the events that use one: a collection's end event needs only its end, the stream's and the
    // document's end events neither (marks are converted one at a time, in any order; each is still one call).
    switch event.pointee.type {
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      closeCollection(end: marks.byteOffset(ofCharacter: Int(event.pointee.end_mark.index)))
      return true
    case YAML_SCALAR_EVENT:
      let span = self.span(of: event)
      let scalar = event.pointee.data.scalar
      checkTagAndAnchor(
        tag: scalar.tag, anchor: scalar.anchor, implicit: scalar.plain_implicit == 1 || scalar.quoted_implicit == 1,
        span: span)
      let text = UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length))
      return addScalarEvent(
        text: text, style: Self.style(scalar.style), span: span,
        singleLine: event.pointee.start_mark.line == event.pointee.end_mark.line)
    case YAML_SEQUENCE_START_EVENT:
      let span = self.span(of: event)
      let info = event.pointee.data.sequence_start
      checkTagAndAnchor(tag: info.tag, anchor: info.anchor, implicit: info.implicit == 1, span: span)
      return openCollection(.sequence, flow: info.style == YAML_FLOW_SEQUENCE_STYLE, span: span)
    case YAML_MAPPING_START_EVENT:
      let span = self.span(of: event)
      let info = event.pointee.data.mapping_start
      checkTagAndAnchor(tag: info.tag, anchor: info.anchor, implicit: info.implicit == 1, span: span)
      return openCollection(.mapping, flow: info.style == YAML_FLOW_MAPPING_STYLE, span: span)
    case YAML_ALIAS_EVENT:
      let span = self.span(of: event)
      diagnostics.error(
        YAMLDiagnostics.anchor, "YAML aliases are not supported", at: span,
        help: "name shared numbers with `let` and shared paths under `paths`")
      return addScalar(text: nil, style: .plain, span: span)
    case YAML_DOCUMENT_START_EVENT:
      documentCount += 1
      if documentCount == 2 {
        diagnostics.error(
          YAMLDiagnostics.multipleDocuments, "a second YAML document in one file", at: span(of: event),
          help: "put each scene in a file of its own")
      }
      return true
    default:
      return true
    }
  }

  @inline(__always) mutating func span(of event: UnsafePointer<yaml_event_t>) -> Span {
    Span(
      start: marks.byteOffset(ofCharacter: Int(event.pointee.start_mark.index)),
      end: marks.byteOffset(ofCharacter: Int(event.pointee.end_mark.index)))
  }

  /// A scalar event's node, or a placeholder when the scalar is longer than the limit. `singleLine`: libyaml's marks
  /// put the scalar on one line (see `addScalar`).
  @inline(__always) mutating func addScalarEvent(
    text: UnsafeBufferPointer<UInt8>, style: YAMLScalarStyle, span: Span, singleLine: Bool = false
  ) -> Bool {
    if text.count > limits.maxScalarBytes {
      diagnostics.error(
        YAMLDiagnostics.scalarTooLong,
        "a scalar of \(text.count) bytes, more than the limit of \(limits.maxScalarBytes)",
        at: Span(start: span.start, end: min(span.end, span.start + 1)),
        help: "raise the limit with --max-scalar-bytes if it is meant")
      truncated.insert(nodes.count)
      return addScalar(text: nil, style: .plain, span: span)
    }
    if flowDepth > 0, style != .plain { quotedInFlow.append(span) }
    return addScalar(text: text, style: style, span: span, singleLine: singleLine)
  }

  /// Inlined down to the test for two null pointers: almost no node has a tag or an anchor.
  @inline(__always) mutating func checkTagAndAnchor(
    tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?, implicit: Bool, span: Span
  ) {
    if tag != nil || anchor != nil { reportTagAndAnchor(tag: tag, anchor: anchor, implicit: implicit, span: span) }
  }

  @inline(never) mutating func reportTagAndAnchor(
    tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?, implicit: Bool, span: Span
  ) {
    if let tag, !implicit || tag.pointee != 0 {
      let written = writtenToken(at: span.start)
      let name = written.hasPrefix("!") ? written : String(cString: tag)
      diagnostics.error(
        YAMLDiagnostics.tag, "YAML tag '\(name)' is not supported",
        at: Span(start: span.start, end: span.start + max(1, written.utf8.count)),
        help: "remove the tag; the checker knows each key's type")
    }
    if let anchor {
      let name = String(cString: anchor)
      diagnostics.error(
        YAMLDiagnostics.anchor, "YAML anchor '&\(name)' is not supported",
        at: Span(start: span.start, end: span.start + 1),
        help: "name shared numbers with `let` and shared paths under `paths`")
    }
  }

  /// The characters from `offset` up to the next space or line break: a tag or anchor as written.
  func writtenToken(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 200, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[end]) { end += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
  }

  mutating func addScalar(
    text: UnsafeBufferPointer<UInt8>?, style: YAMLScalarStyle, span: Span, singleLine: Bool = false
  ) -> Bool {
    // A plain scalar on one line is its source text exactly, with no comparison of the bytes: a plain scalar has
    // no escapes, and only a line break folds. (Not so a quoted one: `\L` is two characters and three bytes.)
    if let text, style == .plain, singleLine, !comparesEveryScalar, span.start >= 0, span.end <= bytes.count,
      span.end - span.start == text.count
    {
      return link(
        YAMLDocument.appendScalarInSource(
          style: style, start: UInt32(span.start), first: UInt32(span.start), count: UInt32(text.count), to: &nodes))
    }
    // Text as written (plain, or quoted without escapes: just inside the quote) is read from the source.
    // Only where the scalar ends right after its text (or its closing quote), as the arena derives the end.
    if let text, let offset = Self.writtenOffset(of: text, in: bytes, span: span, quoted: style != .plain),
      YAMLDocument.endInSource(first: UInt32(offset), count: UInt32(text.count), quoted: style != .plain)
        == UInt32(span.end)
    {
      return link(
        YAMLDocument.appendScalarInSource(
          style: style, start: UInt32(span.start), first: UInt32(offset), count: UInt32(text.count), to: &nodes))
    }
    return link(
      document.appendScalar(style: style, start: UInt32(span.start), end: UInt32(span.end), text: text, to: &nodes))
  }

  /// Where `text` lies in the source exactly as written: at the scalar's start (plain), or one byte in (quoted,
  /// with no escape or line folding, which would make the decoded text differ); nil otherwise. Static: a method on
  /// the builder, called from its mutating ones, copied the whole builder for every scalar.
  static func writtenOffset(
    of text: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, span: Span, quoted: Bool
  )
    -> Int?
  {
    let offset = quoted ? span.start + 1 : span.start
    guard offset >= 0, offset + text.count <= bytes.count, offset + text.count <= span.end else { return nil }
    guard let textBase = text.baseAddress, text.count > 0 else { return offset }
    return memcmp(bytes.baseAddress! + offset, textBase, text.count) == 0 ? offset : nil
  }

  mutating func openCollection(_ kind: YAMLNodeKind, flow: Bool, span: Span) -> Bool {
    if open.count + (innermost == nil ? 0 : 1) >= limits.maxDepth {
      diagnostics.error(
        YAMLDiagnostics.tooDeep, "nesting deeper than \(limits.maxDepth) levels",
        at: Span(start: span.start, end: span.start + 1), help: "raise the limit with --max-depth if it is meant")
      return false
    }
    let appended = YAMLDocument.appendCollection(
      kind, isFlow: flow, start: UInt32(span.start), end: UInt32(span.end), to: &nodes)
    guard link(appended), let index = appended else { return false }
    if let outer = innermost { open.append(outer) }
    innermost = OpenCollection(node: index)
    if flow { flowDepth += 1 }
    return true
  }

  mutating func closeCollection(end: Int) {
    guard let closed = innermost else { return }
    innermost = open.popLast()
    let index = closed.node
    let closedEnd = UInt32(max(end, Int(nodes.record(index).start)))
    if let pendingStart = closed.pendingStart {
      document.close(index, end: closedEnd, count: closed.count, pending: pending[pendingStart...], in: &nodes)
      pending.removeSubrange(pendingStart...)
    } else {
      document.close(index, end: closedEnd, count: closed.count, pending: nil, in: &nodes)
    }
    if nodes.kind(index) == .mapping { checkKeys(of: YAMLNode(index: index)) }
    if nodes.isFlow(index) {
      flowDepth -= 1
      if flowDepth == 0 { checkSwallowedColours(Span(start: Int(nodes.record(index).start), end: end)) }
    }
  }

  /// A hex colour a comment took out of a multi-line flow collection, which is still well-formed without it.
  mutating func checkSwallowedColours(_ span: Span) {
    defer { quotedInFlow.removeAll(keepingCapacity: true) }
    guard span.end > span.start,
      memchr(bytes.baseAddress! + span.start, Int32(UInt8(ascii: "#")), span.end - span.start) != nil
    else { return }
    for colour in FlowHexComment.swallowed(in: bytes, span: span, quoted: quotedInFlow) {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[colour.start..<colour.end]), as: UTF8.self)
      let inMapping = bytes[span.start] == UInt8(ascii: "{")
      diagnostics.error(
        YAMLDiagnostics.unquotedHexColor,
        "'\(text)' is read as a YAML comment, so this \(inMapping ? "mapping" : "list") silently loses it", at: colour,
        notes: [
          "an unquoted ' #' starts a comment that runs to the end of the line, even inside \(inMapping ? "{ }" : "[ ]")"
        ],
        help: "quote the colour: \"\(text)\"", replacement: "\"\(text)\"")
    }
  }

  /// Links the node just appended at `index` to its parent (or makes it the root); returns false, to stop reading,
  /// when there was no room for the node (`index` nil). Inlined: called for every node.
  @inline(__always) mutating func link(_ index: Int?) -> Bool {
    guard let index else {
      nodesFull = true
      return false
    }
    if innermost == nil {
      if document.root == nil { document.root = YAMLNode(index: index) }
    } else {
      innermost!.add(child: index, pending: &pending)
    }
    return true
  }

  static func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
  }
}

/// A collection being read, and how its children are listed so far.
///
/// Most collections hold only scalars (`[12, 40]`, a layer's `key: value` lines), whose nodes are the ones right
/// after the collection's: the arena lists those children nowhere (`YAMLDocument.contiguousChildren`). So a child
/// is listed in `pending` only once one is not where the contiguous layout puts it; from then on the collection's
/// children are all listed, the earlier ones filled in.
struct OpenCollection {
  let node: Int
  var count = 0
  /// Where this collection's children start in `pending`; nil while they are the nodes right after it.
  var pendingStart: Int?

  init(node: Int) { self.node = node }

  @inline(__always) mutating func add(child index: Int, pending: inout [UInt32]) {
    count += 1
    if pendingStart != nil {
      pending.append(UInt32(index))
    } else if index != node + count {
      pendingStart = pending.count
      for earlier in node + 1..<node + count { pending.append(UInt32(earlier)) }
      pending.append(UInt32(index))
    }
  }
}
