import Foundation
import SceneChecker
import SceneCompiler
import SceneDiagnostics

/// Peak resident memory while compiling, measured in a fresh child process so that nothing the benchmark did
/// before (and nothing the allocator kept from it) counts: the child notes its resident size, reads the spec,
/// checks and lowers it, and reports its peak resident size (`VmHWM`). The figure is peak − start, so it includes
/// the spec's own bytes.
public enum MemoryBenchmark {
  public struct Result: Sendable {
    public var specBytes: Int
    public var peakBytes: Int
    public var perSpecByte: Double { Double(peakBytes) / Double(specBytes) }
  }

  /// The child's side: prints `start=<bytes> peak=<bytes>`.
  public static func childMain(path: String) -> Int32 {
    let start = status("VmRSS") ?? 0
    // Read straight into an array, as the command line does, so that no second copy of the file stays alive.
    guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return 2 }
    var bytes = [UInt8](repeating: 0, count: data.count)
    bytes.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
    _ = consume data
    let read = status("VmHWM") ?? 0
    var result = SpecChecker.check(SourceFile(path: path, bytes: bytes), options: CompileBenchmark.options)
    guard let scene = result.scene else { return 1 }
    result.scene = nil  // as `scenec compile` does: the compiler gets the only copy and frees the model as it goes
    let checked = status("VmHWM") ?? 0
    let plan = PlanCompiler.compile(consuming: scene)
    let peak = status("VmHWM") ?? 0
    print("start=\(start) read=\(read) checked=\(checked) peak=\(peak) tracks=\(plan.tracks.count)")
    return 0
  }

  /// Runs `executable --child-memory path` and reads its answer; nil when it failed.
  public static func run(executable: String, specPath: String, specBytes: Int) -> Result? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--child-memory", specPath]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var fields: [String: Int] = [:]
    for part in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let pair = part.split(separator: "=")
      if pair.count == 2, let value = Int(pair[1]) { fields[String(pair[0])] = value }
    }
    guard let start = fields["start"], let peak = fields["peak"] else { return nil }
    return Result(specBytes: specBytes, peakBytes: peak - start)
  }

  /// A `/proc/self/status` field in bytes (its kB figure × 1024).
  static func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.split(separator: " ").compactMap { Int($0) }
      if let kilobytes = digits.first { return kilobytes * 1024 }
    }
    return nil
  }
}
