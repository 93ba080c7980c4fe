import Foundation
import Testing

/// Generated hostile inputs (issue 5), each run through the real `scenec` binary as a child process: every one
/// must exit 1 with a located `FILE:LINE:COL: error:` diagnostic, quickly and in bounded memory.
///
/// Limits: peak RSS < 1 GiB. Time: CPU (user + system) < 5 s and wall time < 15 s (the wall bound allows for the
/// other test suites sharing the machine's cores). For an unoptimised (debug) binary, which a plain `swift test`
/// uses (scripts/test.sh tests a release build), the time bounds are multiplied by `HostileLimits.debugFactor` (8);
/// `scripts/hostile-limits.sh` checks the exact bounds (5 s of CPU and of wall time) on a release build.
/// scripts/sanitizers.sh scales time and memory further.
enum HostileLimits {
  static let seconds = 5.0
  /// Debug builds are about 5× slower than release; HOSTILE_TIME_FACTOR overrides (scripts/sanitizers.sh sets it,
  /// since AddressSanitizer and ThreadSanitizer slow the binary down further).
  static let debugFactor = ProcessInfo.processInfo.environment["HOSTILE_TIME_FACTOR"].flatMap(Double.init) ?? 8.0
  /// 1 GiB; HOSTILE_MEMORY_FACTOR scales it for sanitized binaries (shadow memory, quarantine).
  static let peakKiB = (1 << 20) * (ProcessInfo.processInfo.environment["HOSTILE_MEMORY_FACTOR"].flatMap(Int.init) ?? 1)
  /// A child still running this long after the wall-time limit is killed (and the test fails), never waited on.
  static var timeout: Double { wallLimit + 60 }

  static var cpuLimit: Double {
    seconds
      * (Scenec.isDebugBuild || ProcessInfo.processInfo.environment["HOSTILE_TIME_FACTOR"] != nil ? debugFactor : 1)
  }
  /// Wall time also counts waiting for a core while other suites run (two cores here); HOSTILE_WALL_FACTOR=1
  /// (scripts/hostile-limits.sh) makes it exact.
  static var wallLimit: Double {
    cpuLimit * (ProcessInfo.processInfo.environment["HOSTILE_WALL_FACTOR"].flatMap(Double.init) ?? 3)
  }
}

struct HostileCase: CustomTestStringConvertible, Sendable {
  let name: String
  /// Extra arguments (after the command, before the file).
  var arguments: [String] = []
  /// The diagnostic code expected first (any of these).
  let codes: [String]
  /// The expected line of the first error: exact, or a closed range.
  let lines: ClosedRange<Int>
  let column: Int?
  let bytes: @Sendable () -> [UInt8]

  var testDescription: String { name }

  static let header = "scene: hostile\nsize: [100, 100]\n"

  static let all: [HostileCase] = [
    // Billion laughs: nine levels of ten aliases each. Aliases are rejected where they are written, never expanded.
    HostileCase(name: "alias bomb", codes: ["E0106"], lines: 4...4, column: 7) {
      var text =
        header
        + "let:\n  a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
      for level in 1...9 {
        text +=
          "  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
      }
      text += "layers:\n  - id: a\n    opacity: a9\n"
      return Array(text.utf8)
    },
    HostileCase(name: "100000-deep flow nesting", codes: ["E0109"], lines: 3...3, column: nil) {
      Array(
        (header + "layers: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
          .utf8)
    },
    HostileCase(name: "1500-deep sublayers", codes: ["E0109"], lines: 4...400, column: nil) { deepSublayers(1500) },
    // The same with the YAML depth limit out of the way: the checker's own nesting limit must catch it.
    HostileCase(
      name: "1500-deep sublayers, --max-depth 20000", arguments: ["--max-depth", "20000"], codes: ["E0604"],
      lines: 4...400, column: nil
    ) { deepSublayers(1500) },
    // Timeline groups as deep as the flags' ceilings allow: the checker's recursion (about 1,500 levels overflowed
    // an 8 MiB main-thread stack) must reach the nesting limit and report it.
    HostileCase(
      name: "9500-deep timeline groups, --max-nesting 9000",
      arguments: ["--max-depth", "20000", "--max-nesting", "9000"],
      codes: ["E0604"], lines: 8...8, column: nil
    ) { deepGroups(9500) },
    HostileCase(name: "repeat: 1000000000", codes: ["E0601"], lines: 5...5, column: 13) {
      Array((header + "layers:\n  - id: dot\n    repeat: 1000000000\n    opacity: i / 10\n").utf8)
    },
    HostileCase(name: "50000-deep parentheses", codes: ["E0410", "E0411"], lines: 4...4, column: nil) {
      Array(
        (header + "let:\n  x: \"" + String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
          + "\"\nlayers:\n  - id: a\n    opacity: x\n").utf8)
    },
    // A key longer than YAML's 1024-character limit for a plain key: a syntax error at the key.
    HostileCase(name: "5 MB key", codes: ["E0101"], lines: 4...4, column: 1) {
      Array((header + "layers: []\n" + String(repeating: "k", count: 5 << 20) + ": 1\n").utf8)
    },
    HostileCase(name: "5 MB explicit key", codes: ["E0110"], lines: 4...4, column: 3) {
      Array((header + "layers: []\n? " + String(repeating: "k", count: 5 << 20) + "\n: 1\n").utf8)
    },
    HostileCase(name: "5 MB value", codes: ["E0110"], lines: 4...4, column: 9) {
      Array((header + "layers:\n  - id: \"" + String(repeating: "x", count: 5 << 20) + "\"\n").utf8)
    },
    HostileCase(name: "binary junk", codes: ["E0101", "E0102", "E0103"], lines: 1...1_000_000, column: nil) {
      var generator = LCG(seed: 0x5CE9EC)
      return (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next() >> 24) }
    },
    HostileCase(name: "invalid UTF-8", codes: ["E0102"], lines: 5...5, column: 14) {
      Array((header + "layers:\n  - id: a\n").utf8) + Array("    opacity: ".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x0A]
    },
    HostileCase(name: "empty file", codes: ["E0112"], lines: 1...1, column: 1) { [] },
    // 5,000 targets that name no layer, over 5,000 layers: each error's "did you mean" searched every id (and sorted
    // them first), 10.8 s in all; past a budget of comparisons the errors name no candidate.
    HostileCase(name: "5000 unknown targets over 5000 layers", codes: ["E0208"], lines: 5007...5007, column: 18) {
      var text = header + "layers:\n"
      for index in 0..<5_000 { text += "  - {id: layer\(index), frame: [0, 0, 8, 8]}\n" }
      text += "timelines:\n  t:\n    group:\n"
      for index in 0..<5_000 { text += "      - {target: lyr\(index)x, keyPath: opacity, from: 0, to: 1}\n" }
      return Array(text.utf8)
    },
    // 20,000 states chained by follow-ups over 10 layers: the machine is checked whole (names, follow-ups,
    // reachability, the chain) in time linear in its states, where a scan of the transitions per state and of the
    // chain per step took seconds; then its table, states × layers, is over the limit (E0607 at `states`).
    HostileCase(name: "20000 states in a follow-up chain", codes: ["E0607"], lines: 14...14, column: 1) {
      var text = header + "layers:\n"
      for index in 0..<10 { text += "  - {id: l\(index), frame: [0, 0, 8, 8]}\n" }
      text += "states:\n  initial: s0\n"
      for index in 0..<20_000 {
        text += "  s\(index): {pose: {l\(index % 10): {opacity: 0.5}}\(index == 19_999 ? ", final: true" : "")}\n"
      }
      text += "  transitions:\n"
      for index in 0..<19_999 { text += "    - {from: s\(index), on: completion, to: s\(index + 1)}\n" }
      return Array(text.utf8)
    },
    // 12 MB of valid layers (under every default limit), then one misspelt key on the last line.
    HostileCase(
      name: "12 MB spec, error on the last line", codes: ["E0202"], lines: bigSpecLastLine...bigSpecLastLine, column: 5
    ) {
      bigSpec().bytes
    },
  ]

  static func deepGroups(_ depth: Int) -> [UInt8] {
    var text = header + "layers:\n  - {id: box, frame: [0, 0, 10, 10]}\ntimelines:\n  t:\n    target: box\n"
    text += "    group: [" + String(repeating: "{group: [", count: depth)
    text += "{keyPath: opacity, from: 0, to: 1, duration: 1}" + String(repeating: "]}", count: depth) + "]\n"
    return Array(text.utf8)
  }

  static func deepSublayers(_ depth: Int) -> [UInt8] {
    var text = header + "layers:\n"
    var indent = ""
    for level in 0..<depth {
      text += "\(indent)  - id: l\(level)\n\(indent)    sublayers:\n"
      indent += "    "
    }
    text += indent + "  - id: leaf\n"
    return Array(text.utf8)
  }

  static let bigSpecLastLine = bigSpec().lastLine

  static func bigSpec() -> (bytes: [UInt8], lastLine: Int) {
    var bytes = Array((header + "layers:\n").utf8)
    bytes.reserveCapacity(12_700_000)
    var lines = 3
    var index = 0
    while bytes.count < 12 << 20 {
      let layer =
        "  - id: layer\(index)\n    opacity: 0.5\n    position: [\(index % 100), \(index % 77)]\n"
        + "    bounds: [0, 0, 10, 20]\n    cornerRadius: 2\n    backgroundColor: red\n    borderWidth: 1\n"
        + "    zPosition: \(index % 7)\n"
      bytes += layer.utf8
      lines += 8
      index += 1
    }
    bytes += "  - id: last\n    opactiy: 0.5\n".utf8
    return (bytes, lines + 2)
  }
}

/// A small deterministic generator (the same junk on every run).
struct LCG {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }
}

@Suite(.serialized) struct HostileInputTests {
  static let folder = CLI.temporaryFolder()

  static func write(_ hostile: HostileCase) throws -> String {
    let path = folder.appendingPathComponent(
      hostile.name.replacingOccurrences(of: " ", with: "-")
        .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: ",", with: "") + ".yaml"
    ).path
    try Data(hostile.bytes()).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: HostileCase.all)
  func lintGivesALocatedErrorQuicklyInBoundedMemory(_ hostile: HostileCase) throws {
    let path = try Self.write(hostile)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Scenec.run(["lint", "--short"] + hostile.arguments + [path], timeout: HostileLimits.timeout)
    try Self.expectLimits(run, hostile, command: "lint", report: run.standardOutput, path: path)
  }

  @Test(arguments: HostileCase.all)
  func compileGivesALocatedErrorQuicklyInBoundedMemory(_ hostile: HostileCase) throws {
    let path = try Self.write(hostile)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = path + ".plan.json"
    let run = try Scenec.run(["compile"] + hostile.arguments + [path, "-o", output], timeout: HostileLimits.timeout)
    try Self.expectLimits(run, hostile, command: "compile", report: run.standardError, path: path)
    #expect(!FileManager.default.fileExists(atPath: output), "compile -o wrote a plan for a spec with errors")
  }

  /// The full text report (with source excerpts) must be as cheap: a 5 MB line is never echoed whole.
  @Test(arguments: HostileCase.all.filter { $0.name.contains("5 MB") || $0.name.contains("deep") })
  func fullTextReportStaysBounded(_ hostile: HostileCase) throws {
    let path = try Self.write(hostile)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Scenec.run(["lint"] + hostile.arguments + [path], timeout: HostileLimits.timeout)
    try Self.expectLimits(run, hostile, command: "lint (full text)", report: run.standardOutput, path: path)
    #expect(run.standardOutput.utf8.count < 64 * 1024, "the report echoes too much of the input")
  }

  static func expectLimits(_ run: Scenec.Run, _ hostile: HostileCase, command: String, report: String, path: String)
    throws
  {
    let label =
      "\(command) \(hostile.name): exit \(run.status), wall \(String(format: "%.2f", run.wallSeconds)) s, cpu "
      + "\(run.cpuSeconds.map { String(format: "%.2f", $0) } ?? "?") s, peak \(run.peakKiB / 1024) MiB"
    print("[hostile] \(label)")
    #expect(!run.killedForTimeout, "\(label): killed after the timeout")
    #expect(run.status == 1, "\(label)\n\(report.prefix(2000))\n\(run.standardError.prefix(2000))")
    #expect(run.wallSeconds < HostileLimits.wallLimit, "\(label): wall time over \(HostileLimits.wallLimit) s")
    if let cpu = run.cpuSeconds {
      #expect(cpu < HostileLimits.cpuLimit, "\(label): CPU time over \(HostileLimits.cpuLimit) s")
    }
    #expect(run.peakKiB < HostileLimits.peakKiB, "\(label): peak RSS over \(HostileLimits.peakKiB / 1024) MiB")
    // The first located error: FILE:LINE:COL: error: … [CODE]
    let first = report.split(separator: "\n").first { $0.hasPrefix(path + ":") && $0.contains(": error: ") }
    let line = try #require(first, "\(label): no located error in\n\(report.prefix(2000))")
    let position = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2)
    let lineNumber = Int(position[0]) ?? -1
    let column = position.count > 1 ? Int(position[1]) ?? -1 : -1
    #expect(hostile.lines.contains(lineNumber), "\(label): error at line \(lineNumber): \(line.prefix(300))")
    if let expected = hostile.column {
      #expect(column == expected, "\(label): error at column \(column): \(line.prefix(300))")
    }
    #expect(column >= 1)
    #expect(hostile.codes.contains { line.hasSuffix("[\($0)]") }, "\(label): \(line.prefix(300))")
  }
}
