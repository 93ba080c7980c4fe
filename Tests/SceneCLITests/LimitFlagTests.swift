import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The limit flags take values up to a documented ceiling (Grammar.md, Limits), and a spec's counts are checked
/// against them without a trap or an allocation sized by the count, whatever the flag says.
@Suite struct LimitFlagTests {
  static let ceilings = [
    ("--max-input-bytes", 1 << 30), ("--max-scalar-bytes", 1 << 30), ("--max-repeat", 1_000_000),
    ("--max-layers", 1_000_000), ("--max-keyframes", 10_000_000), ("--max-animations", 1_000_000),
    ("--max-keyframe-values", 100_000_000), ("--max-instance-count", 1_000_000), ("--max-depth", 20_000),
    ("--max-nesting", 10_000), ("--max-state-values", 100_000_000),
  ]

  /// One past the ceiling (and Int.max) is a usage error naming the ceiling; the ceiling itself is accepted.
  @Test(arguments: ceilings.indices) func aFlagPastItsCeilingIsAUsageError(index: Int) {
    let (flag, ceiling) = Self.ceilings[index]
    for value in ["\(ceiling + 1)", "9223372036854775807"] {
      let run = CLI.run(["lint", "specs/switch.yaml", flag, value])
      #expect(run.status == 2, "\(flag) \(value)")
      #expect(run.standardError.contains("option '\(flag)' is at most \(ceiling)"), "\(run.standardError)")
    }
    #expect(CLI.run(["lint", "specs/switch.yaml", flag, "\(ceiling)"]).status == 0, "\(flag) at its ceiling")
  }

  /// A count past 2^63 (a trap converting it to Int) or past the layer limit (a reservation of terabytes) is
  /// a located error, in the time and memory of the layer limit.
  @Test(arguments: [
    ("repeat: 9223372036854775807", "--max-repeat", "E0601"),
    ("repeat: 1000000", "--max-repeat", "E0602"),
    ("type: replicator\n    instanceCount: 1000000\n    sublayers:\n      - id: b", "--max-instance-count", "E0602"),
  ])
  func countsAtTheCeilingEndAtTheLayerLimit(body: String, flag: String, code: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.yaml").path
    try Data("scene: big\nsize: [10, 10]\nlayers:\n  - id: a\n    \(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    for command in ["lint", "compile"] {
      let run = try Scenec.run([command, path, flag, "1000000"])
      #expect(run.status == 1, "\(command) \(body): \(run.standardError)")
      #expect((run.standardOutput + run.standardError).contains("[\(code)]"))
      #expect(run.peakKiB < HostileLimits.peakKiB / 2, "\(command) \(body): peak \(run.peakKiB) KiB")
      #expect(run.wallSeconds < HostileLimits.wallLimit, "\(command) \(body): \(run.wallSeconds) s")
    }
  }

  /// A short spec whose states and layers multiply (1,000 of each: 91 million numbers in the state table, a 3 GB
  /// compile before the limit) is refused by every command that reads it, quickly and in little memory.
  @Test func aStateTableOfStatesTimesLayersIsLimited() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var spec = "scene: big\nsize: [400, 400]\nlayers:\n"
    for index in 0..<1_000 { spec += "  - {id: l\(index), frame: [0, 0, 8, 8]}\n" }
    spec += "states:\n  initial: s0\n  events: [next]\n"
    for index in 0..<1_000 { spec += "  s\(index): {pose: {l\(index): {opacity: 0.5}}}\n" }
    spec += "  transitions:\n"
    for index in 0..<1_000 { spec += "    - {from: s\(index), on: next, to: s\((index + 1) % 1_000)}\n" }
    let path = folder.appendingPathComponent("states.yaml").path
    try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
    for command in [["lint", path], ["compile", path, "-o", folder.appendingPathComponent("p.json").path]] {
      let run = try Scenec.run(command)
      #expect(run.status == 1, "\(command[0]): \(run.standardError)")
      #expect((run.standardOutput + run.standardError).contains("[E0607]"), "\(command[0])")
      #expect(run.peakKiB < HostileLimits.peakKiB / 2, "\(command[0]): peak \(run.peakKiB) KiB")
      #expect(run.wallSeconds < HostileLimits.wallLimit, "\(command[0]): \(run.wallSeconds) s")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p.json").path))
  }

  /// A FIFO named like a spec inside a folder is passed over (reading it would block the run forever); the
  /// folder's regular specs are linted.
  @Test func aFIFOInAFolderIsPassedOver() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: CLI.repositoryRoot.appendingPathComponent("specs/switch.yaml").path,
      toPath: folder.appendingPathComponent("switch.yaml").path)
    try Data("scene: broken\n".utf8).write(to: folder.appendingPathComponent("broken.yaml"))
    #expect(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
    let run = try Scenec.run(["lint", folder.path], timeout: 30)
    #expect(!run.killedForTimeout)
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("broken.yaml"))
    #expect(!run.standardOutput.contains("pipe.yaml"))
  }
}
