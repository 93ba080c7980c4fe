import Foundation
import Testing

/// `-o` outputs are written whole or not at all (issue 5): a temporary file in the same folder, renamed; on any
/// error nothing is written and an existing file is left untouched.
@Suite(.serialized) struct AtomicWriteTests {
  static func leftovers(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
  }

  /// `-o -` is standard output, as `preview` documents it: compile, schema and export wrote a file named `-`.
  @Test(arguments: [
    ["compile", "specs/switch.yaml"], ["schema"], ["export", "svg", "specs/switch.yaml", "--at", "0"],
  ])
  func dashIsStandardOutput(_ command: [String]) throws {
    let run = CLI.run(command + ["-o", "-"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(!run.standardOutput.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  /// A path ending in `/` names a folder: an error, where `out/new/` once wrote the file `out/new`.
  @Test func aTrailingSlashIsNotAFile() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("new").path
    let run = CLI.run(["compile", "specs/switch.yaml", "-o", target + "/"])
    #expect(run.status == 2)
    #expect(run.standardError == "scenec: error: cannot write \(target)/: it names a folder, not a file\n")
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func schemaWritesTheWholeFileAndNoTemporary() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("schema.json")
    try "old".write(to: target, atomically: true, encoding: .utf8)
    let run = try Scenec.run(["schema", "-o", target.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
    let written = try String(contentsOf: target, encoding: .utf8)
    #expect(written == (try Scenec.run(["schema"])).standardOutput)
    #expect(Self.leftovers(in: folder).isEmpty)
  }

  @Test func compileWritesThePlanWhole() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = CLI.repositoryRoot.appendingPathComponent("specs/shake-button.yaml").path
    let target = folder.appendingPathComponent("plan.json")
    let run = try Scenec.run(["compile", spec, "-o", target.path])
    #expect(run.status == 0, "\(run.standardError)")
    let stdout = try Scenec.run(["compile", spec])
    #expect(try String(contentsOf: target, encoding: .utf8) == stdout.standardOutput)
    #expect(Self.leftovers(in: folder).isEmpty)
  }

  /// A spec with errors: exit 1, and the existing plan is byte-for-byte what it was.
  @Test func aFailedCompileLeavesTheOldPlanUntouched() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("bad.yaml")
    try "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opacity: 2\n".write(
      to: spec, atomically: true, encoding: .utf8)
    let target = folder.appendingPathComponent("plan.json")
    try "previous plan".write(to: target, atomically: true, encoding: .utf8)
    let before = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
    let run = try Scenec.run(["compile", spec.path, "-o", target.path])
    #expect(run.status == 1)
    #expect(try String(contentsOf: target, encoding: .utf8) == "previous plan")
    #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date == before)
    #expect(Self.leftovers(in: folder).isEmpty)
    // And no file at all where there was none.
    let fresh = folder.appendingPathComponent("fresh.json")
    #expect(try Scenec.run(["compile", spec.path, "-o", fresh.path]).status == 1)
    #expect(!FileManager.default.fileExists(atPath: fresh.path))
  }

  /// Unwritable targets: a missing folder, a folder in the way. Exit 2 with a message; nothing created or changed.
  @Test(arguments: ["schema", "compile"])
  func unwritableTargetsAreExitTwo(_ command: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = CLI.repositoryRoot.appendingPathComponent("specs/like-button.yaml").path
    let prefix = command == "schema" ? ["schema"] : ["compile", spec]
    let missing = folder.appendingPathComponent("no/such/folder/out.json").path
    let run = try Scenec.run(prefix + ["-o", missing])
    #expect(run.status == 2, "\(run.standardError)")
    #expect(run.standardError.contains("cannot write"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    let inTheWay = folder.appendingPathComponent("taken.json")
    try FileManager.default.createDirectory(at: inTheWay, withIntermediateDirectories: true)
    try "keep".write(to: inTheWay.appendingPathComponent("inside.txt"), atomically: true, encoding: .utf8)
    let blocked = try Scenec.run(prefix + ["-o", inTheWay.path])
    #expect(blocked.status == 2, "\(blocked.standardError)")
    #expect(try String(contentsOf: inTheWay.appendingPathComponent("inside.txt"), encoding: .utf8) == "keep")
    #expect(Self.leftovers(in: folder).isEmpty)
  }
}
