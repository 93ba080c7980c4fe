import SceneCore

/// SARIF 2.1.0, as GitHub code scanning reads it: one run whose driver lists a rule for every code that occurs,
/// and one result per diagnostic with its region, related locations (labels) and, when a replacement is offered,
/// a fix.
///
/// Columns are Unicode scalar counts, declared by the run's `columnKind: unicodeCodePoints`; regions come from
/// `SourceRange`, so they match the other formats. Paths become URIs relative to `%SRCROOT%` (see `ArtifactURI`).
public struct SARIFRenderer: ReportRenderer {
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
  public static let toolName = "scenec"

  public var toolVersion: String
  /// Every code the tool can report; only those that occur become rules. Codes that occur but are missing here
  /// are still described from the diagnostics themselves, so every `ruleIndex` points at a rule.
  public var catalogue: [DiagnosticCode]
  /// The directory that absolute paths are made relative to (normally the working directory); nil keeps them
  /// absolute.
  public var sourceRoot: String?

  public init(toolVersion: String, catalogue: [DiagnosticCode], sourceRoot: String? = nil) {
    self.toolVersion = toolVersion
    self.catalogue = catalogue
    self.sourceRoot = sourceRoot
  }

  public func render(_ reports: [FileReport]) -> String {
    PrintableText.inertJSON(JSONWriter(style: .pretty).string(from: document(reports))) + "\n"
  }

  public func document(_ reports: [FileReport]) -> JSONValue {
    let rules = usedRules(in: reports)
    let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    var results: [JSONValue] = []
    for report in reports {
      let artifact = ArtifactURI(path: report.source.path, sourceRoot: sourceRoot)
      for diagnostic in report.diagnostics {
        results.append(result(diagnostic, in: report.source, artifact: artifact, ruleIndex: ruleIndex))
      }
    }
    let driver: JSONValue = [
      "name": .string(Self.toolName),
      "informationUri": .string(ProjectLinks.repository),
      "version": .string(toolVersion),
      "rules": .array(rules.map(rule)),
    ]
    let run: JSONValue = ["tool": ["driver": driver], "columnKind": "unicodeCodePoints", "results": .array(results)]
    return ["$schema": .string(Self.schemaURI), "version": "2.1.0", "runs": [run]]
  }

  /// The codes that occur, described by the catalogue where it knows them, sorted by id.
  func usedRules(in reports: [FileReport]) -> [DiagnosticCode] {
    var used: [String: DiagnosticCode] = [:]
    for report in reports {
      for diagnostic in report.diagnostics where used[diagnostic.code.id] == nil {
        used[diagnostic.code.id] = diagnostic.code
      }
    }
    for code in catalogue.reversed() where used[code.id] != nil { used[code.id] = code }
    return used.values.sorted()
  }

  private func rule(_ code: DiagnosticCode) -> JSONValue {
    [
      "id": .string(code.id),
      "name": .string(code.name),
      "shortDescription": ["text": .string(code.summary)],
      "defaultConfiguration": ["level": .string(Self.level(for: code.severity))],
      "helpUri": .string(ProjectLinks.documentation(for: code)),
    ]
  }

  private func result(
    _ diagnostic: Diagnostic, in source: SourceFile, artifact: ArtifactURI, ruleIndex: [String: Int]
  ) -> JSONValue {
    var text = diagnostic.message
    if let help = diagnostic.help { text += " — help: " + help }
    let region = Self.region(source.range(of: diagnostic.span))
    var object = JSONObject([
      "ruleId": .string(diagnostic.code.id),
      "ruleIndex": JSONValue(ruleIndex[diagnostic.code.id] ?? -1),
      "level": .string(Self.level(for: diagnostic.severity)),
      "message": ["text": .string(text)],
      "locations": [["physicalLocation": Self.physicalLocation(artifact, region)]],
    ])
    if !diagnostic.labels.isEmpty {
      let related = diagnostic.labels.enumerated().map { index, label in
        Self.relatedLocation(id: index + 1, label, in: source, artifact: artifact)
      }
      object.append("relatedLocations", .array(related))
    }
    if let replacement = diagnostic.replacement {
      var fix = JSONObject()
      fix.appendIfPresent("description", diagnostic.help.map { ["text": .string($0)] })
      let change: JSONValue = [
        "artifactLocation": Self.artifactLocation(artifact),
        "replacements": [["deletedRegion": region, "insertedContent": ["text": .string(replacement)]]],
      ]
      fix.append("artifactChanges", [change])
      object.append("fixes", [fix.value])
    }
    return object.value
  }

  /// A label as SARIF's related location; ids count from 1 so that a message could link `[here](1)`.
  private static func relatedLocation(
    id: Int, _ label: Diagnostic.Label, in source: SourceFile, artifact: ArtifactURI
  ) -> JSONValue {
    [
      "id": JSONValue(id),
      "physicalLocation": physicalLocation(artifact, region(source.range(of: label.span))),
      "message": ["text": .string(label.message)],
    ]
  }

  private static func artifactLocation(_ artifact: ArtifactURI) -> JSONValue {
    var object = JSONObject(["uri": .string(artifact.uri)])
    object.appendIfPresent("uriBaseId", artifact.baseID.map(JSONValue.string))
    return object.value
  }

  private static func physicalLocation(_ artifact: ArtifactURI, _ region: JSONValue) -> JSONValue {
    ["artifactLocation": artifactLocation(artifact), "region": region]
  }

  private static func region(_ range: SourceRange) -> JSONValue {
    [
      "startLine": JSONValue(range.line), "startColumn": JSONValue(range.column),
      "endLine": JSONValue(range.endLine), "endColumn": JSONValue(range.endColumn),
    ]
  }

  static func level(for severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "note"
    }
  }
}
