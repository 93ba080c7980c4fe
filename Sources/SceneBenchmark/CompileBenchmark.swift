import CBenchSupport
import SceneChecker
import SceneCompiler
import SceneDiagnostics
import SceneModel
import SceneRuntime

/// Compile throughput: spec bytes → checked scene → plan, against the libyaml floor (only pulling libyaml's
/// events over the same bytes), measured in alternation so that both see the same machine.
public enum CompileBenchmark {
  public struct Result: Sendable {
    public var bytes: Int
    /// Median seconds of one compile as `scenec compile` runs it (`compileAsTheCommandDoes`: check, then lower the
    /// scene it hands over, with the source map); the plan's JSON is not written.
    public var seconds: Double
    /// Median seconds of one libyaml event pass.
    public var floorSeconds: Double
    /// Median seconds of a compile that also writes the plan's JSON text (what `scenec compile -o` does, short of
    /// the file write).
    public var withJSONSeconds: Double
    public var megabytesPerSecond: Double { Double(bytes) / 1e6 / seconds }
    public var withJSONMegabytesPerSecond: Double { Double(bytes) / 1e6 / withJSONSeconds }
    public var floorMegabytesPerSecond: Double { Double(bytes) / 1e6 / floorSeconds }
    public var ratio: Double { seconds / floorSeconds }
  }

  public enum Failure: Error, CustomStringConvertible {
    case doesNotCheck(String)
    case libyamlFailed

    public var description: String {
      switch self {
      case .doesNotCheck(let message): return "the spec does not check: \(message)"
      case .libyamlFailed: return "libyaml rejected the spec"
      }
    }
  }

  /// The default limits, but for the scene's keyframe numbers: the synthetic 20 MB spec holds more than the
  /// default 2,000,000 (issue 14's limit), and the benchmark measures throughput, not the limit.
  public static let options: SpecChecker.Options = {
    var options = SpecChecker.Options()
    options.limits.maxKeyframeValues = 1 << 40
    return options
  }()

  /// What `scenec compile` does short of writing the JSON: checks, hands the only copy of the scene to the
  /// compiler (which frees the model as the plan grows) and lowers it with its source map. Nil when the spec does
  /// not check.
  public static func compileAsTheCommandDoes(_ bytes: [UInt8], path: String) -> Plan? {
    let source = SourceFile(path: path, bytes: bytes)
    var result = SpecChecker.check(source, options: options)
    guard let scene = result.scene else { return nil }
    result.scene = nil
    return PlanCompiler.compile(consuming: scene, source: source)
  }

  /// Compiles once, returning the plan (for the other measurements), or why it failed.
  public static func compileOnce(_ bytes: [UInt8], path: String) throws -> (scene: Scene, plan: Plan) {
    let result = SpecChecker.check(SourceFile(path: path, bytes: bytes), options: options)
    guard let scene = result.scene else {
      throw Failure.doesNotCheck(result.diagnostics.first.map { "\($0.code.id) \($0.message)" } ?? "no scene")
    }
    return (scene, PlanCompiler.compile(scene))
  }

  public static func run(_ bytes: [UInt8], path: String, configuration: BenchmarkConfiguration) throws -> Result {
    var compileTimes: [Double] = []
    var floorTimes: [Double] = []
    var withJSONTimes: [Double] = []
    for _ in 0..<configuration.rounds {
      var events: Int64 = 0
      floorTimes.append(
        Timing.perCall(minimum: configuration.minimumTime) {
          events = bytes.withUnsafeBufferPointer { cbench_yaml_event_count($0.baseAddress, $0.count) }
        })
      guard events > 0 else { throw Failure.libyamlFailed }
      var tracks = 0
      compileTimes.append(
        Timing.perCall(minimum: configuration.minimumTime) {
          tracks = compileAsTheCommandDoes(bytes, path: path)?.tracks.count ?? 0
        })
      blackHole(tracks)
      var characters = 0
      withJSONTimes.append(
        Timing.perCall(minimum: configuration.minimumTime) {
          characters = compileAsTheCommandDoes(bytes, path: path)?.prettyJSONBytes().count ?? 0
        })
      blackHole(characters)
    }
    return Result(
      bytes: bytes.count, seconds: Timing.median(compileTimes), floorSeconds: Timing.median(floorTimes),
      withJSONSeconds: Timing.median(withJSONTimes))
  }
}
