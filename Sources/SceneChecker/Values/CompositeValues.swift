import SceneCore
import SceneDiagnostics
import SceneYAML

/// Reading values of every `ValueKind` as flat component arrays.
extension CheckContext {
  /// The components of a value of `kind` (see `ValueKind.componentCount`), or nil after reporting.
  /// Paths are read by `pathValue`; enumerations, strings, fonts and lists by their own readers.
  func components(_ node: YAMLNode, kind: ValueKind) -> [Double]? {
    switch kind {
    case .number: return number(node, unit: Unit.none).map { [$0] }
    case .angle: return angle(node).map { [$0] }
    case .duration: return number(node, unit: .time, what: "a duration").map { [$0] }
    case .bool: return bool(node).map { $0 ? [1] : [0] }
    case .point, .size, .rect: return vector(node, kind: kind)
    case .color: return color(node)
    case .transform: return transform(node)
    case .perspectiveTransform: return sublayerTransform(node)
    case .numberList: return numberList(node)
    case .colorList: return colorList(node)
    case .locationList: return locationList(node)
    case .path, .enumeration, .string, .font: return nil
    }
  }

  /// `[x, y]`, `[w, h]`, `[x, y, w, h]`.
  func vector(_ node: YAMLNode, kind: ValueKind) -> [Double]? {
    let count = kind.componentCount ?? 0
    if let numbers = literalNumbers(node, counts: [count], unit: Unit.none) { return numbers }
    if document.kind(node) == .scalar { return letList(node, counts: [count], what: kind.phrase) }
    guard expectSequence(node, what: kind.phrase) else { return nil }
    guard let items = flowItems(node) else { return nil }
    guard items.count == count else {
      error(
        CheckDiagnostics.wrongArity, "expected \(kind.phrase), found a list of \(items.count)", at: span(node),
        help: "give \(count) numbers")
      return nil
    }
    var result: [Double] = []
    for item in items {
      guard let value = number(item, unit: Unit.none) else { return nil }
      result.append(value)
    }
    return result
  }

  func color(_ node: YAMLNode) -> [Double]? {
    // A quoted `"#RRGGBB"` (the common case) is read from the bytes, as `ColorParser` would read it.
    if document.kind(node) == .scalar, document.style(node) != .plain,
      let rgba = document.withScalarBytes(node, Self.hexColor)
    {
      if !letSpans.isEmpty { noteUses(in: document.scalar(node)) }
      return rgba
    }
    guard let text = scalarText(node, expected: "a colour") else { return nil }
    if document.style(node) == .plain, ["true", "false"].contains(text) {
      error(
        CheckDiagnostics.typeMismatch, "expected a colour, found the boolean \(text)", at: span(node),
        help: "write a colour such as \"#FB3159\", rgb(251, 49, 89) or red")
      return nil
    }
    switch ColorParser.parse(text, at: span(node), in: environment) {
    case .success(let rgba):
      noteUses(in: text)
      if document.style(node) == .plain { warnHexComment(after: span(node).end) }
      return rgba
    case .failure(let failure):
      if !dependsOnFailedName(text), !reportedLetMismatch(text, failure: failure, expected: "a colour", at: span(node))
      {
        report(failure.diagnostic)
      }
      return nil
    }
  }

  /// A colour followed by a comment that is itself a hex colour (`fillColor: red # FB3159`): one of the two is
  /// probably not what was meant.
  func warnHexComment(after offset: Int) {
    let bytes = source.bytes
    var index = offset
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    guard index > offset, index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return }
    var start = index + 1
    while start < bytes.count, bytes[start] == 0x20 { start += 1 }
    var end = start
    while end < bytes.count, Self.isHexDigit(bytes[end]) { end += 1 }
    let atEnd = end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == 0x20
    guard [3, 4, 6, 8].contains(end - start), atEnd else { return }
    let comment = Span(start: index, end: end)
    error(
      LintDiagnostics.hexColorInComment,
      "the comment '\(source.text(of: comment))' looks like a colour, and is ignored",
      at: comment, notes: ["YAML reads everything after ' #' as a comment"],
      help:
        "if the comment's colour is meant, quote it as the value: \"#\(source.text(of: Span(start: start, end: end)))\""
    )
  }

  /// A list whose length is one of `counts`.
  func sequenceOfNumbers(_ node: YAMLNode, counts: [Int], what: String, unit: Unit?) -> [Double]? {
    if let numbers = literalNumbers(node, counts: counts, unit: unit) { return numbers }
    if document.kind(node) == .scalar { return letList(node, counts: counts, what: what) }
    guard expectSequence(node, what: what) else { return nil }
    guard let items = flowItems(node) else { return nil }
    guard counts.contains(items.count) else {
      error(CheckDiagnostics.wrongArity, "expected \(what), found a list of \(items.count)", at: span(node))
      return nil
    }
    var result: [Double] = []
    for item in items {
      guard let value = number(item, unit: unit) else { return nil }
      result.append(value)
    }
    return result
  }

  /// A list of non-negative numbers (`lineDashPattern`).
  func numberList(_ node: YAMLNode) -> [Double]? {
    if document.kind(node) == .scalar {
      guard let numbers = letList(node, counts: nil, what: "a list of numbers") else { return nil }
      guard numbers.allSatisfy({ $0 >= 0 }) else {
        error(
          CheckDiagnostics.outOfRange, "\(quoted(node)) holds a negative number: the list's numbers must be ≥ 0",
          at: span(node), help: "give a `let` list of numbers ≥ 0")
        return nil
      }
      return numbers
    }
    guard expectSequence(node, what: "a list of numbers") else { return nil }
    guard let items = flowItems(node) else { return nil }
    var result: [Double] = []
    for item in items {
      guard let value = number(item, unit: Unit.none, in: 0...Double.greatestFiniteMagnitude, rangeText: "must be ≥ 0")
      else { return nil }
      result.append(value)
    }
    return result
  }

  /// A sequence of one of the `counts` lengths whose items are all plain number literals that `number(_:unit:)`
  /// would accept for `unit` (so no item can hold a split call, and no error is possible), each value one that
  /// `accepts`: their values, read without building the item list; nil for anything else, which the caller then
  /// reads item by item.
  func literalNumbers(
    _ node: YAMLNode, counts: some Collection<Int>, unit: Unit?, accepts: (Double) -> Bool = { _ in true }
  ) -> [Double]? {
    guard document.kind(node) == .sequence else { return nil }
    let count = document.count(node)
    guard count > 0, counts.contains(count) else { return nil }
    // Written in place into storage of the list's length: keyframe lists hold most of a large spec's numbers,
    // and an append each checked the array's uniqueness and capacity.
    var allLiterals = false
    let numbers = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
      var position = 0
      allLiterals = document.allPlainScalarItems(node) { text in
        guard let value = Self.literalNumber(text, unit: unit), accepts(value) else { return false }
        (buffer.baseAddress! + position).initialize(to: value)
        position += 1
        return true
      }
      initialized = position
    }
    return allLiterals ? numbers : nil
  }

  /// A plain scalar that is one number literal `number(_:unit:)` accepts for `unit` (a decimal, or a literal with
  /// a unit suffix that fits): its value; nil for anything else.
  @inline(__always) static func literalNumber(_ text: UnsafeBufferPointer<UInt8>, unit: Unit?) -> Double? {
    if let value = DecimalLiteral.plainDecimal(text) { return value }
    guard let quantity = DecimalLiteral.quantity(text), unit == nil || quantity.unit == .none || quantity.unit == unit
    else { return nil }
    return quantity.value
  }

  /// The items of a sequence, after checking that no call such as `rgba(0, 0, 0, 0.5)` was split by the commas
  /// of a flow list into several items; returns nil (having reported it) when one was.
  func flowItems(_ node: YAMLNode) -> [YAMLNode]? {
    let items = document.items(node)
    guard document.isFlow(node) else { return items }
    var index = 0
    var clean = true
    while index < items.count {
      let item = items[index]
      guard document.kind(item) == .scalar, document.style(item) == .plain else {
        index += 1
        continue
      }
      var depth = document.withScalarBytes(item, Self.parenthesisBalance)
      guard depth > 0 else {
        index += 1
        continue
      }
      var last = index
      while depth > 0, last + 1 < items.count, document.kind(items[last + 1]) == .scalar {
        last += 1
        depth += document.withScalarBytes(items[last], Self.parenthesisBalance)
      }
      let whole = span(item).union(span(items[last]))
      let text = source.text(of: whole)
      error(
        CheckDiagnostics.splitCall, "the commas of this `[…]` list split '\(text)' into \(last - index + 1) items",
        at: whole, notes: ["inside a flow list, YAML ends an item at every comma"],
        help: "quote it: \"\(text)\"", replacement: "\"\(text)\"")
      clean = false
      index = last + 1
    }
    return clean ? items : nil
  }

  /// `#` and exactly 3, 4, 6 or 8 ASCII hex digits → [r, g, b, a], computed as `ColorParser` computes them; nil
  /// for anything else.
  static func hexColor(_ bytes: UnsafeBufferPointer<UInt8>) -> [Double]? {
    hexChannels(bytes).map { [$0.x, $0.y, $0.z, $0.w] }
  }

  /// `hexColor` without an array: most layers give two or three colours, and two arrays each (digits, channels)
  /// were a good part of checking a small layer.
  static func hexChannels(_ bytes: UnsafeBufferPointer<UInt8>) -> SIMD4<Double>? {
    let count = bytes.count - 1
    guard count == 3 || count == 4 || count == 6 || count == 8, bytes[0] == UInt8(ascii: "#") else { return nil }
    func digit(_ byte: UInt8) -> Int? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte) - 0x30
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte) - 0x61 + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte) - 0x41 + 10
      default: return nil
      }
    }
    var channels = SIMD4<Double>(0, 0, 0, 1)
    let short = count <= 4
    for channel in 0..<(short ? count : count / 2) {
      if short {
        guard let value = digit(bytes[1 + channel]) else { return nil }
        channels[channel] = Double(value * 17) / 255
      } else {
        guard let high = digit(bytes[1 + 2 * channel]), let low = digit(bytes[2 + 2 * channel]) else { return nil }
        channels[channel] = Double(high * 16 + low) / 255
      }
    }
    return channels
  }

  static func parenthesisBalance(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var depth = 0
    for byte in bytes {
      if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth -= 1 }
    }
    return depth
  }

  /// `{family, weight}` or a bare family name.
  func font(_ node: YAMLNode) -> (family: String, weight: String)? {
    if document.kind(node) == .scalar {
      return text(node, what: "a font").map { ($0, "regular") }
    }
    guard let fields = fields(of: node, allowed: SpecSchema.font, place: "a font") else { return nil }
    var family = "Helvetica"
    var weight = "regular"
    if let value = fields.value("family") {
      guard let text = text(value, what: "a font family") else { return nil }
      family = text
    }
    if let value = fields.value("weight") {
      guard let text = word(value, cases: LayerProperty.fontWeights, what: "a font weight") else { return nil }
      weight = text
    }
    return (family, weight)
  }
}
