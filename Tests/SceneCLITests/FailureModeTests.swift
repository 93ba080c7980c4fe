import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The tool's own failure modes (issue 5): exit status 2 with a message on standard error, never a trap.
/// These run the real binary, since a closed pipe or an unreadable standard input only exist between processes.
@Suite(.serialized) struct FailureModeTests {
  static let badSpec = "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    opactiy: 0.5\n"

  static func expectCleanFailure(
    _ run: Scenec.Run, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == 2, "exit \(run.status): \(run.standardError)", sourceLocation: sourceLocation)
    #expect(run.standardError.contains("scenec: error: "), "\(run.standardError)", sourceLocation: sourceLocation)
    #expect(run.standardError.contains(message), "\(run.standardError)", sourceLocation: sourceLocation)
  }

  /// `scenec lint … | head -1` once head has gone: stdout is a pipe whose read end is closed.
  @Test(arguments: [["lint", "--format", "sarif", "specs", "Tests/SceneCheckerTests/Fixtures"], ["schema"], ["help"]])
  func closedStandardOutputIsExitTwoWithAMessage(_ arguments: [String]) throws {
    let binary = try #require(Scenec.binary, "no scenec binary (see HostileProcess.swift)")
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])  // the reader is gone before the first write
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errPath = folder.appendingPathComponent("stderr").path
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(CLI.repositoryRoot.path)
    let pid = try Scenec.spawn(
      [binary] + arguments, stdin: .path("/dev/null"), stdout: .descriptor(ends[1]), stderr: .path(errPath),
      closing: [ends[1]])
    _ = FileManager.default.changeCurrentDirectoryPath(previous)
    close(ends[1])
    let (status, _, _, killed) = Scenec.waitForExit(pid, timeout: 60)
    let error = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    #expect(!killed)
    #expect(status == 2, "exit \(status) (128 + n is a signal): \(error)")
    #expect(error.contains("standard output was closed"), "\(error)")
  }

  @Test func aDanglingSymlinkIsUnreadable() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("gone.yaml").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: folder.appendingPathComponent("nowhere.yaml").path)
    for command in ["lint", "compile"] {
      Self.expectCleanFailure(try Scenec.run([command, link]), link)
    }
  }

  /// Tests run as root, so `chmod 000` does not make a file unreadable; a path that names a folder where a file
  /// must be read, and a special file that fails on read, do.
  @Test func unreadableInputs() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.yaml")
    try Self.badSpec.write(to: spec, atomically: true, encoding: .utf8)
    Self.expectCleanFailure(try Scenec.run(["lint", spec.path + "/inner.yaml"]), "no such file or folder")
    Self.expectCleanFailure(try Scenec.run(["compile", folder.path]), "cannot read")
    // lint reports a file it cannot read in its report, E0114, and exits 2 (LintOutputSafetyTests).
    let memory = try Scenec.run(["lint", "--short", "/proc/self/mem"])
    #expect(memory.status == 2, "\(memory.standardOutput)\(memory.standardError)")
    #expect(
      memory.standardOutput.hasPrefix("/proc/self/mem:1:1: error: cannot read this file: "), "\(memory.standardOutput)")
    #expect(memory.standardOutput.contains("[E0114]"))
    Self.expectCleanFailure(try Scenec.run(["sample", "/proc/self/mem", "--at", "0"]), "cannot read")
  }

  /// A plan whose style enums hold words the language does not have is refused on load, by sample and export.
  @Test(arguments: ["fillRule", "lineCap", "lineJoin", "fontWeight", "alignmentMode"])
  func aPlanWithAnUnknownStyleWordIsRefused(_ key: String) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = CLI.repositoryRoot.appendingPathComponent("specs/shake-button.yaml").path
    let plan = try Scenec.run(["compile", spec]).standardOutput
    let pattern = try Regex("\"\(key)\": \"[A-Za-z]+\"")
    #expect(plan.contains(pattern), "no \(key) in the plan")
    let broken = plan.replacing(pattern, with: "\"\(key)\": \"wobbly\"")
    let path = folder.appendingPathComponent("plan.json").path
    try broken.write(toFile: path, atomically: true, encoding: .utf8)
    for command in [["sample", path, "--at", "0"], ["export", "svg", path, "--at", "0"]] {
      let run = try Scenec.run(command)
      #expect(run.status == 1, "\(command): \(run.standardError)")
      #expect(run.standardError.contains("\(key): expected one of"), "\(run.standardError)")
      #expect(run.standardError.contains("found 'wobbly'"), "\(run.standardError)")
    }
  }

  @Test func aFolderWithoutSpecs() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "not a spec".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub.yaml"), withIntermediateDirectories: true)
    Self.expectCleanFailure(try Scenec.run(["lint", folder.path]), "no .yaml or .yml files under")
  }

  @Test func standardInputAsDash() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.yaml")
    try Self.badSpec.write(to: bad, atomically: true, encoding: .utf8)
    let lint = try Scenec.run(["lint", "--short", "-"], stdinPath: bad.path)
    #expect(lint.status == 1)
    #expect(lint.standardOutput.hasPrefix("<stdin>:5:5: error: unknown key 'opactiy'"), "\(lint.standardOutput)")
    let good = CLI.repositoryRoot.appendingPathComponent("specs/like-button.yaml").path
    let compiled = try Scenec.run(["compile", "-"], stdinPath: good)
    #expect(compiled.status == 0, "\(compiled.standardError)")
    #expect(compiled.standardOutput.contains("\"format\": \"scenec-plan\""))
    // An empty standard input is an empty spec (exit 1, located), not a tool failure.
    let empty = try Scenec.run(["lint", "--short", "-"], stdinPath: "/dev/null")
    #expect(empty.status == 1)
    #expect(empty.standardOutput.hasPrefix("<stdin>:1:1: error:"), "\(empty.standardOutput)")
    // Standard input that cannot be read (a folder) is exit 2 with a message.
    Self.expectCleanFailure(try Scenec.run(["lint", "-"], stdinPath: "/"), "cannot read standard input")
    Self.expectCleanFailure(try Scenec.run(["compile", "-"], stdinPath: "/"), "cannot read standard input")
  }

  @Test func usageErrorsAreExitTwo() throws {
    Self.expectCleanFailure(try Scenec.run(["lint"]), "lint needs at least one file or folder")
    Self.expectCleanFailure(try Scenec.run(["lint", "--max-depth", "-3", "specs"]), "positive whole number")
    Self.expectCleanFailure(try Scenec.run(["lint", "--max-depth", "20001", "specs"]), "at most 20000")
    Self.expectCleanFailure(try Scenec.run(["lint", "--max-nesting", "10001", "specs"]), "at most 10000")
    Self.expectCleanFailure(try Scenec.run(["lint", "--jobs", "many", "specs"]), "--jobs")
    Self.expectCleanFailure(try Scenec.run(["compile", "a.yaml", "b.yaml"]), "exactly one")
  }
}
