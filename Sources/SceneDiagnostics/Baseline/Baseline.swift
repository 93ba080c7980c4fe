import SceneCore

/// The findings a repository has accepted for now (`scenec lint --write-baseline FILE`), so that `--baseline FILE`
/// reports only new ones. Findings are matched by `FindingFingerprint` (file, code, key path, digest of the
/// spanned text), never by line, and as a multiset: an entry suppresses one finding, so a baseline holding two of
/// a fingerprint leaves out at most two. docs/baseline.md documents the file.
public struct Baseline: Sendable, Equatable {
  /// Changes only when a field changes meaning or disappears (or the fingerprint is computed differently).
  public static let formatVersion = 1

  public struct Entry: Sendable, Hashable, Comparable {
    public var fingerprint: FindingFingerprint
    /// The finding's message when it was recorded, for people reading the file; matching ignores it.
    public var message: String

    public init(fingerprint: FindingFingerprint, message: String) {
      self.fingerprint = fingerprint
      self.message = message
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.fingerprint != rhs.fingerprint ? lhs.fingerprint < rhs.fingerprint : lhs.message < rhs.message
    }
  }

  /// Sorted, so that the file is the same whatever order the findings were met in.
  public let entries: [Entry]

  public init(entries: [Entry]) { self.entries = entries.sorted() }

  /// Every finding of `reports` (`fingerprints` gives one per diagnostic of a report, in its order).
  public init(reports: [FileReport], fingerprints: (FileReport) -> [FindingFingerprint]) {
    var entries: [Entry] = []
    for report in reports {
      for (diagnostic, fingerprint) in zip(report.diagnostics, fingerprints(report)) {
        entries.append(Entry(fingerprint: fingerprint, message: diagnostic.message))
      }
    }
    self.init(entries: entries)
  }

  /// What `--baseline` leaves of `reports`: each diagnostic whose fingerprint still has an unused entry is dropped
  /// (earlier diagnostics of a file first), the others kept in their order.
  public func removingKnown(from reports: [FileReport], fingerprints: (FileReport) -> [FindingFingerprint])
    -> Match
  {
    var unused: [FindingFingerprint: Int] = [:]
    for entry in entries { unused[entry.fingerprint, default: 0] += 1 }
    var kept: [FileReport] = []
    var matched = 0
    for report in reports {
      guard !report.diagnostics.isEmpty else {
        kept.append(report)
        continue
      }
      var remaining: [Diagnostic] = []
      for (diagnostic, fingerprint) in zip(report.diagnostics, fingerprints(report)) {
        if let count = unused[fingerprint], count > 0 {
          unused[fingerprint] = count - 1
          matched += 1
        } else {
          remaining.append(diagnostic)
        }
      }
      kept.append(FileReport(source: report.source, diagnostics: remaining))
    }
    return Match(reports: kept, matched: matched, stale: unused.values.reduce(0, +))
  }

  public struct Match: Sendable {
    /// The reports with the known findings left out.
    public var reports: [FileReport]
    /// How many findings the baseline held.
    public var matched: Int
    /// How many entries matched no finding (fixed since, or their file was not linted this time).
    public var stale: Int
  }

  /// The file: pretty JSON, two-space indented, members in a fixed order, ending in a newline.
  ///
  ///     {"version": 1, "findings": [{"path": "specs/a.yaml", "code": "W0106", "keyPath": "let.unused",
  ///      "fingerprint": "9f0c…", "message": "…"}]}
  public func json() -> String {
    let findings = entries.map { entry -> JSONValue in
      [
        "path": .string(entry.fingerprint.path), "code": .string(entry.fingerprint.code),
        "keyPath": .string(entry.fingerprint.keyPath), "fingerprint": .string(entry.fingerprint.digest),
        "message": .string(entry.message),
      ]
    }
    let document: JSONValue = ["version": JSONValue(Self.formatVersion), "findings": .array(findings)]
    return JSONWriter(style: .pretty).string(from: document) + "\n"
  }

  /// Reads a baseline file; the error says where it is wrong (line and column for JSON syntax, the member for a
  /// field that is missing or of the wrong type).
  public static func parse(_ bytes: [UInt8]) throws(BaselineError) -> Baseline {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      let location = SourceFile(path: "", bytes: bytes).location(of: error.offset)
      throw BaselineError(line: location.line, column: location.column, message: error.message)
    }
    guard case .object = document else { throw BaselineError("the file is no JSON object") }
    guard case .number(let version) = document["version"] else {
      throw BaselineError("`version` is missing (a scenec baseline starts {\"version\": 1, …})")
    }
    guard version == Double(formatVersion) else {
      throw BaselineError(
        "version \(NumberFormatting.shortest(version)) is not supported (this scenec reads version \(formatVersion))")
    }
    guard case .array(let findings) = document["findings"] else { throw BaselineError("`findings` is no array") }
    var entries: [Entry] = []
    for (index, finding) in findings.enumerated() {
      func text(_ key: String) throws(BaselineError) -> String {
        guard case .string(let value) = finding[key] else {
          throw BaselineError("findings[\(index)].\(key) is missing or not a string")
        }
        return value
      }
      let fingerprint = FindingFingerprint(
        path: try text("path"), code: try text("code"), keyPath: try text("keyPath"), digest: try text("fingerprint"))
      let message: String
      if case .string(let value) = finding["message"] { message = value } else { message = "" }
      entries.append(Entry(fingerprint: fingerprint, message: message))
    }
    return Baseline(entries: entries)
  }
}

/// Why a baseline file cannot be used: at a line and column for JSON that does not parse, else at a member.
public struct BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(line: Int? = nil, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  init(_ message: String) { self.init(message: message) }

  /// `3:5: message`, or the message alone.
  public var description: String {
    guard let line, let column else { return message }
    return "\(line):\(column): \(message)"
  }
}
