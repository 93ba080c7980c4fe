import SceneCore
import SceneRuntime

/// One export of a scene (`scenec export NAME …`): what it is called, what it takes and what it writes. The CLI
/// reads its command line, its help and its did-you-mean from `ExporterRegistry.all`, so an exporter added there
/// is a command without touching the CLI.
///
/// An export runs in three steps, each able to refuse: `settings(from:)` checks the exporter's own options before
/// the scene is read; `refusal(plan:limits:)` refuses a scene it cannot take; `export(_:settings:)` writes it.
public protocol SceneExporter: Sendable {
  /// What the exporter's options come to once checked (the time of a still, the frames of a filmstrip, …).
  associatedtype Settings

  /// The word after `scenec export`.
  var name: String { get }
  /// One line: what it writes.
  var summary: String { get }
  /// Its part of `scenec export`'s usage line, e.g. "export svg SPEC --at T [-o FILE.svg|.png]".
  var usage: String { get }
  /// Its section of `scenec help export`: the command line, then what it does, indented by 8.
  var help: String { get }
  /// The file name extensions it writes, the first the natural one ("png" when its SVG may be rasterised).
  var fileExtensions: [String] { get }
  /// Whether it writes only files (`-o FILE` ending in one of `fileExtensions`), never standard output.
  var writesFileOnly: Bool { get }
  /// The options it takes besides those every export takes (--timeline, --events, -o, the limits, …).
  var options: [ExportOption] { get }
  /// Whether it exports a span of time (and so reads --duration and the export limits); a still does not.
  var exportsSpan: Bool { get }
  /// How the note for a scene where no timeline plays by itself says what is written ("showing"), or nil for none.
  var idleVerb: String? { get }

  func settings(from options: ExportOptions) throws(ExportFailure) -> Settings
  /// Why the scene cannot be exported at all (printed as an error, nothing written), else nil.
  func refusal(plan: Plan, limits: ExportLimits) -> String?
  /// What one frame costs in the layer states `--max-export-samples` counts.
  func layerStates(plan: Plan) -> Int
  /// The layer states a frame of the span counts for when the span is cut at the samples limit (60 frames a
  /// second): `layerStates(plan:)`, or 1 for an export whose frames do not grow with the span (a filmstrip of
  /// `--frames N`, which checks its N frames itself).
  func spanLayerStates(plan: Plan, settings: Settings) -> Int
  /// Notes about the span on standard error, each a whole line (with its newline).
  func spanReport(_ span: ExportSpan, plan: Plan, limits: ExportLimits) -> ExportSpanReport
  func export(_ input: ExportInput, settings: Settings) throws(ExportFailure) -> ExportResult
}

extension SceneExporter {
  public func refusal(plan: Plan, limits: ExportLimits) -> String? { nil }
  public func layerStates(plan: Plan) -> Int { plan.layers.count }
  public func spanLayerStates(plan: Plan, settings: Settings) -> Int { layerStates(plan: plan) }
  /// Which limit cuts this export of `plan`, for messages.
  public func limitReason(plan: Plan, limits: ExportLimits) -> String {
    limits.reason(layerStates: layerStates(plan: plan), layers: plan.layers.count)
  }
  public var writesFileOnly: Bool { false }
  public func spanReport(_ span: ExportSpan, plan: Plan, limits: ExportLimits) -> ExportSpanReport {
    ExportSpanReport()
  }

  /// Whether its output may be rasterised to PNG (`-o FILE.png`, `--png`).
  public var writesPNG: Bool { fileExtensions.contains("png") }
  public var valueOptions: [String] { options.filter(\.takesValue).map(\.name) }
  public var flagOptions: [String] { options.filter { !$0.takesValue }.map(\.name) }
}

/// What an exporter says about the span it was given, before exporting: warnings (W0912, placed and suppressible
/// like the export's own) and plain notes.
public struct ExportSpanReport: Sendable {
  public var warnings: [ExportWarning] = []
  public var notes: [String] = []

  public init() {}
}

/// An option of one exporter: `--at T` (a value) or `--strict` (a flag).
public struct ExportOption: Sendable, Hashable {
  public var name: String
  public var takesValue: Bool

  public init(_ name: String, takesValue: Bool = true) {
    self.name = name
    self.takesValue = takesValue
  }

  public static func flag(_ name: String) -> ExportOption { ExportOption(name, takesValue: false) }
}

/// What every export is given: the scene, its state at any time, what plays, and the span to export.
public struct ExportInput {
  public var plan: Plan
  /// The presentation state at a scene time.
  public var sample: (Double) -> [LayerFrame]
  /// The timelines that play; nil for a replay of the scene's states.
  public var playing: [Int]?
  /// The exported time range [span.start, span.end], already cut at the frame limit; nil for an exporter of a still.
  public var span: ExportSpan?
  public var limits: ExportLimits

  public init(
    plan: Plan, sample: @escaping (Double) -> [LayerFrame], playing: [Int]?, span: ExportSpan?, limits: ExportLimits
  ) {
    self.plan = plan
    self.sample = sample
    self.playing = playing
    self.span = span
    self.limits = limits
  }
}

/// What an export wrote, and what it could not carry.
public struct ExportResult {
  public enum Output {
    /// One text document (SVG, JSON), newline-terminated.
    case text(String)
    /// Pictures for the CLI to rasterise and encode into a binary file (a video).
    case frames(SVGFrames)
  }

  public var output: Output
  public var warnings: [ExportWarning]
  /// Why the export failed after it began (a limit was hit; nothing should be written), else nil.
  public var failure: String?

  public init(output: Output, warnings: [ExportWarning], failure: String? = nil) {
    self.output = output
    self.warnings = warnings
    self.failure = failure
  }

  /// The text document, or "" when the output is frames.
  public var text: String {
    switch output {
    case .text(let text): return text
    case .frames: return ""
    }
  }
}

/// An export that cannot run as asked: a bad option (a usage error, exit 2).
public enum ExportFailure: Error, Equatable {
  case usage(String)
}
