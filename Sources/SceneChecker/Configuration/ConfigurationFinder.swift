import SceneDiagnostics
import SceneYAML

/// Which `.scenec.yml` applies to the files of a folder: the nearest one, in the folder or the closest folder above
/// it (up to the file system's root), unless one is given (`--config FILE`) or none is wanted (`--no-config`).
/// Configs do not merge: the nearest one is the whole of the settings. Each folder is looked up once (the answer
/// is cached for it and for every folder on the way up), and each config file read once.
public struct ConfigurationFinder: Sendable {
  public enum Lookup: Sendable {
    /// The nearest `.scenec.yml`.
    case nearest
    /// This config for every file.
    case given(LintConfiguration)
    /// No config at all.
    case none
  }

  public let lookup: Lookup
  /// The absolute folder paths are resolved against and reports name files from.
  public let workingFolder: String
  /// Every config read so far, in the order first read.
  public private(set) var configurations: [LintConfiguration] = []
  private var indexByFolder: [String: Int?] = [:]

  public init(lookup: Lookup, workingFolder: String) {
    self.lookup = lookup
    self.workingFolder = workingFolder
    if case .given(let configuration) = lookup { configurations = [configuration] }
  }

  /// The config that applies to a file at `path` (as given: relative to the working folder, or absolute).
  public mutating func configuration(forFile path: String) -> LintConfiguration? {
    configuration(forFolder: FilePaths.parent(FilePaths.absolute(path, in: workingFolder)))
  }

  /// The config that applies to the files in the absolute `folder`.
  public mutating func configuration(forFolder folder: String) -> LintConfiguration? {
    switch lookup {
    case .none: return nil
    case .given(let configuration): return configuration
    case .nearest: return nearestIndex(folder).map { configurations[$0] }
    }
  }

  private mutating func nearestIndex(_ folder: String) -> Int? {
    if let known = indexByFolder[folder] { return known }
    var index: Int?
    let candidate = (folder == "/" ? "" : folder) + "/" + LintConfiguration.fileName
    if FileBytes.kind(candidate) == .regularFile {
      configurations.append(Self.read(candidate, shownAs: FilePaths.shown(candidate, from: workingFolder)))
      index = configurations.count - 1
    } else if folder != "/" {
      index = nearestIndex(FilePaths.parent(folder))
    }
    indexByFolder[folder] = index
    return index
  }

  /// The config file at the absolute `path`, named `shownAs` in reports; one that cannot be read holds E0114.
  public static func read(_ path: String, shownAs: String) -> LintConfiguration {
    let folder = FilePaths.parent(path)
    let limit = YAMLLimits.default.maxInputBytes
    switch FileBytes.read(path, cap: limit + 1) {
    case .success(let bytes):
      let source =
        bytes.count > limit
        ? SourceFile(path: shownAs, bytes: bytes, indexingLinesIn: 0) : SourceFile(path: shownAs, bytes: bytes)
      return LintConfiguration(source: source, folder: folder)
    case .failure(let failure):
      let diagnostic = Diagnostic(
        YAMLDiagnostics.unreadable, "cannot read this config file: \(failure.reason)", at: .at(0),
        help: "check its permissions, or give another with --config FILE, or none with --no-config")
      return LintConfiguration(
        unreadable: SourceFile(path: shownAs, bytes: []), folder: folder, diagnostic: diagnostic)
    }
  }
}
