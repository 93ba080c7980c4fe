import SceneCore
import SceneDiagnostics
import SceneYAML

/// Reading single values (numbers, booleans, words, text) out of scalars, with located diagnostics.
extension CheckContext {
  /// An empty value; when a YAML comment swallowed a hex colour (`fillColor: #FB3159`), says so.
  func reportEmpty(_ node: YAMLNode, expected: String) {
    let at = span(node)
    if let comment = hexColorComment(after: at.start) {
      let text = source.text(of: comment)
      error(
        CheckDiagnostics.hexColorComment, "'\(text)' is read as a YAML comment, so this value is empty", at: comment,
        help: "quote the colour: \"\(text)\"", replacement: "\"\(text)\"")
      return
    }
    error(
      CheckDiagnostics.emptyValue, "expected \(expected), found nothing", at: at, help: "give a value after the colon")
  }

  /// The span of `#` plus 3 to 8 hex digits that starts the comment on the line of `offset`, if any.
  func hexColorComment(after offset: Int) -> Span? {
    let bytes = source.bytes
    var index = max(0, min(offset, bytes.count))
    // An empty value's span may sit at the end of the key's line or on the next line; look back to the line start.
    while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
    var inQuote: UInt8? = nil
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      let byte = bytes[index]
      if let quote = inQuote {
        if byte == quote { inQuote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        inQuote = byte
      } else if byte == UInt8(ascii: "#"), index == 0 || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 {
        var end = index + 1
        while end < bytes.count, Self.isHexDigit(bytes[end]) { end += 1 }
        let digits = end - index - 1
        let boundary = end == bytes.count || !Self.isWordByte(bytes[end])
        return [3, 4, 6, 8].contains(digits) && boundary ? Span(start: index, end: end) : nil
      }
      index += 1
    }
    return nil
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
  }

  /// The node as a non-empty scalar, or nil after reporting why not.
  func scalarText(_ node: YAMLNode, expected: String) -> String? {
    switch document.kind(node) {
    case .scalar:
      if document.isEmptyPlainScalar(node) {
        reportEmpty(node, expected: expected)
        return nil
      }
      return document.scalar(node)
    case .sequence, .mapping:
      error(CheckDiagnostics.wrongShape, "expected \(expected), found \(describe(node))", at: span(node))
      return nil
    }
  }

  /// A number expression; `unit` as `Expression.evaluate` takes it.
  func number(_ node: YAMLNode, unit: Unit?, what: String = "a number") -> Double? {
    // Most numbers in a spec are one plain literal (`0.5`, `-12`, `45deg`): read those from the bytes, with the
    // value and unit rules of the evaluator, and evaluate everything else (and every error) as an expression.
    if document.kind(node) == .scalar, document.style(node) == .plain,
      let quantity = document.withScalarBytes(node, DecimalLiteral.quantity),
      unit == nil || quantity.unit == .none || quantity.unit == unit
    {
      return quantity.value
    }
    guard let text = scalarText(node, expected: what) else { return nil }
    if document.style(node) == .plain {
      let lowered = text.lowercased()
      if [".nan", "nan"].contains(lowered) {
        error(CheckDiagnostics.notANumber, "NaN is not a number", at: span(node), help: "write a finite number")
        return nil
      }
      if ["true", "false"].contains(text) {
        error(
          CheckDiagnostics.typeMismatch, "expected \(what), found the boolean \(text)", at: span(node),
          help: "write a number")
        return nil
      }
    }
    switch Expression.evaluate(text, at: span(node), in: environment, expecting: unit) {
    case .success(let quantity):
      noteUses(in: text)
      return quantity.value
    case .failure(let failure):
      if !dependsOnFailedName(text), !reportedLetMismatch(text, failure: failure, expected: what, at: span(node)) {
        report(failure.diagnostic)
      }
      return nil
    }
  }

  /// Marks the `let` names an expression reads, for the unused-name lint.
  func noteUses(in text: String) {
    guard !letSpans.isEmpty else { return }
    // A name can be read only where its letters appear: most texts mention no `let` name at all.
    var text = text
    guard text.withUTF8(mentionsLetName) else { return }
    for name in Expression.referencedNames(in: text) where letSpans[name] != nil { usedNames.insert(name) }
  }

  /// Whether a word of `bytes` is a `let` name: one lookup per word, so the cost is the text's length whatever the
  /// number of names (searching the text for every name made a scene quadratic in its `let` names). A word is a
  /// run of the lexer's name bytes without its leading digits (after a number they are its unit suffix), which
  /// covers every name the lexer can read from the text.
  func mentionsLetName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      guard ExpressionLexer.isWordStart(bytes[index]) || ExpressionLexer.isDigit(bytes[index]) else {
        index += 1
        continue
      }
      var start = index
      while index < bytes.count, ExpressionLexer.isWordStart(bytes[index]) || ExpressionLexer.isDigit(bytes[index]) {
        index += 1
      }
      while start < index, ExpressionLexer.isDigit(bytes[start]) { start += 1 }
      if start < index,
        letSpans[String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)] != nil
      {
        return true
      }
    }
    return false
  }

  func bool(_ node: YAMLNode) -> Bool? {
    guard let text = scalarText(node, expected: "true or false") else { return nil }
    if document.style(node) == .plain {
      if text == "true" { return true }
      if text == "false" { return false }
      if ["yes", "no", "on", "off", "y", "n", "True", "False", "TRUE", "FALSE", "Yes", "No", "On", "Off"].contains(text)
      {
        let meant = ["yes", "on", "y", "True", "TRUE", "Yes", "On"].contains(text) ? "true" : "false"
        error(
          CheckDiagnostics.notABool, "'\(text)' is not a boolean here", at: span(node),
          notes: ["YAML 1.2 and this language read only `true` and `false` as booleans"], help: "write \(meant)",
          replacement: meant)
        return nil
      }
    }
    error(
      CheckDiagnostics.typeMismatch, "expected true or false, found \(quoted(node))", at: span(node),
      help: "write true or false")
    return nil
  }

  /// A bare word from a fixed list.
  func word(_ node: YAMLNode, cases: [String], what: String) -> String? {
    guard let text = scalarText(node, expected: what) else { return nil }
    if cases.contains(text) { return text }
    let suggestion = Suggestions.closest(to: text, among: cases).first
    error(
      CheckDiagnostics.unknownEnumValue, "\(quoted(node)) is not \(what)", at: span(node),
      notes: ["expected one of: \(cases.joined(separator: ", "))"],
      help: suggestion.map { "did you mean '\($0)'?" } ?? "use one of: \(cases.joined(separator: ", "))",
      replacement: suggestion)
    return nil
  }

  func text(_ node: YAMLNode, what: String = "a string") -> String? {
    scalarText(node, expected: what)
  }

  /// A name: `[A-Za-z_][A-Za-z0-9_-]*`.
  func name(_ node: YAMLNode, what: String) -> String? {
    guard let text = scalarText(node, expected: what) else { return nil }
    guard Self.isValidName(text) else {
      error(
        CheckDiagnostics.invalidName, "\(quoted(node)) is not a valid \(what)", at: span(node),
        help: "use letters, digits, '_' and '-', starting with a letter or '_'")
      return nil
    }
    return text
  }

  /// The scene's name is a label nothing refers to: any non-empty text on one line.
  func sceneName(_ node: YAMLNode) -> String? {
    guard let text = scalarText(node, expected: "the scene's name") else { return nil }
    if text.allSatisfy(\.isWhitespace) {
      error(
        CheckDiagnostics.emptyValue, "the scene's name is empty", at: span(node),
        help: "write a name, such as `scene: intro`")
      return nil
    }
    if text.contains(where: \.isNewline) {
      error(
        CheckDiagnostics.invalidName, "the scene's name spans several lines", at: span(node),
        help: "write the name on one line")
      return nil
    }
    return text
  }

  static func isValidName(_ text: String) -> Bool {
    guard let first = text.utf8.first, first == 0x5F || (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first)
    else { return false }
    return text.utf8.allSatisfy { isWordByte($0) || $0 == 0x2D }
  }

  /// A number that must lie in a range; reports `out-of-range` with the allowed range.
  func number(
    _ node: YAMLNode, unit: Unit?, in range: ClosedRange<Double>, what: String = "a number",
    rangeText: @autoclosure () -> String
  ) -> Double? {
    guard let value = number(node, unit: unit, what: what) else { return nil }
    guard range.contains(value) else {
      error(
        CheckDiagnostics.outOfRange,
        "\(MessageNumber.text(value, outside: range.contains)) is out of range: \(rangeText())",
        at: span(node), help: "give a value where \(rangeText())")
      return nil
    }
    return value
  }
}
