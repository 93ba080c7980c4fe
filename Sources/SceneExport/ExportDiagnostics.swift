import SceneDiagnostics
import SceneRuntime

/// The W09xx codes, by the name the exporters use (the catalogue lives in SceneDiagnostics, below the checker).
public typealias ExportDiagnostics = ExportCodeCatalogue

/// One export warning: a code, the layer and key path it is about, and what was done.
public struct ExportWarning: Sendable, Hashable, Comparable {
  public var code: DiagnosticCode
  /// The layer id (`fan[2]`), or empty for the whole scene.
  public var layer: String
  /// The key path (`transform.rotation.x`), or empty.
  public var keyPath: String
  public var message: String

  public init(_ code: DiagnosticCode, layer: String, keyPath: String, _ message: String) {
    self.code = code
    self.layer = layer
    self.keyPath = keyPath
    self.message = message
  }

  /// `warning: layer 'redHeart', key path 'hidden': … [W0903]`.
  public var text: String { "warning: \(placedMessage) [\(code.id)]" }

  /// `layer 'redHeart', key path 'hidden': …`: the message with what it is about, as a diagnostic's message.
  public var placedMessage: String {
    var place: [String] = []
    if !layer.isEmpty { place.append("layer '\(layer)'") }
    if !keyPath.isEmpty { place.append("key path '\(keyPath)'") }
    return (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + message
  }

  public static func < (lhs: ExportWarning, rhs: ExportWarning) -> Bool {
    (lhs.code.id, lhs.layer, lhs.keyPath, lhs.message) < (rhs.code.id, rhs.layer, rhs.keyPath, rhs.message)
  }
}

/// Collects warnings once each, in a stable order.
public struct ExportWarnings: Sendable {
  public private(set) var items: [ExportWarning] = []
  private var seen: Set<ExportWarning> = []

  public init() {}

  public mutating func add(_ code: DiagnosticCode, layer: String, keyPath: String, _ message: String) {
    let warning = ExportWarning(code, layer: layer, keyPath: keyPath, message)
    if seen.insert(warning).inserted { items.append(warning) }
  }

  /// Sorted by code, layer, key path: deterministic whatever order they were found in.
  public var sorted: [ExportWarning] { items.sorted() }
}
