import SceneDiagnostics

/// The reader's diagnostic catalogue (codes E01xx).
public enum YAMLDiagnostics {
  public static let syntax = DiagnosticCode("E0101", "yaml-syntax", "The file is not well-formed YAML.")
  public static let invalidUTF8 = DiagnosticCode("E0102", "invalid-utf8", "The file is not valid UTF-8 text.")
  public static let tabIndentation = DiagnosticCode(
    "E0103", "tab-indentation", "A tab character where YAML allows only spaces (indentation).")
  public static let duplicateKey = DiagnosticCode(
    "E0104", "duplicate-key", "A mapping has the same key twice; YAML would silently keep one.")
  public static let tag = DiagnosticCode(
    "E0105", "yaml-tag", "YAML tags (`!!str`, `!foo`) are not part of the language.")
  public static let anchor = DiagnosticCode(
    "E0106", "yaml-anchor", "YAML anchors and aliases are not supported; use `let` or named `paths`.")
  public static let multipleDocuments = DiagnosticCode(
    "E0107", "multiple-documents", "A spec file holds exactly one YAML document.")
  public static let complexKey = DiagnosticCode(
    "E0108", "complex-key", "A mapping key that is not a plain word or string.")
  public static let tooDeep = DiagnosticCode(
    "E0109", "nesting-too-deep", "Nesting deeper than the limit (`--max-depth`).")
  public static let scalarTooLong = DiagnosticCode(
    "E0110", "scalar-too-long", "A key or value longer than the limit (`--max-scalar-bytes`).")
  public static let inputTooLarge = DiagnosticCode(
    "E0111", "input-too-large", "The file is larger than the limit (`--max-input-bytes`).")
  public static let emptyDocument = DiagnosticCode("E0112", "empty-document", "The file holds no YAML content.")
  public static let compiledPlan = DiagnosticCode(
    "E0113", "compiled-plan", "The file is a compiled plan (scenec-plan JSON), not a spec.")
  /// Reported by `scenec lint`, not the reader, for a file or folder given or found that it cannot read.
  public static let unreadable = DiagnosticCode(
    "E0114", "unreadable-input", "A file or folder that cannot be read (its permissions, a broken link, an I/O error).")
  /// Reported by the reader inside flow lists and by the checker for empty values; one code for one mistake.
  public static let unquotedHexColor = DiagnosticCode(
    "E0308", "unquoted-hex-color", "An unquoted `#RRGGBB` colour, which YAML reads as a comment.")

  public static let all: [DiagnosticCode] = [
    syntax, invalidUTF8, tabIndentation, duplicateKey, tag, anchor, multipleDocuments, complexKey, tooDeep,
    scalarTooLong, inputTooLarge, emptyDocument, compiledPlan, unreadable, unquotedHexColor,
  ]
}
