import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec lint --fix` and `--fix-dry-run` on files: written in place keeping their mode, the report of what
/// remains, a diff that `patch` applies, and the files it must leave alone.
@Suite struct LintFixTests {
  static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/SceneCheckerTests/Fixtures/Fix")

  static func fixture(_ name: String, _ file: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name).appendingPathComponent(file))
  }

  /// A fixable spec with fixes on lines far apart (two hunks), a comment kept, and no line break at its end.
  static let twoHunks =
    "# A spec with two typos far apart.\nscene: demo\nsize: [100, 100]\nlayers:\n  - id: box  # the box\n"
    + "    frame: [0, 0, 50, 50]\n    backgroundColor: redd\n    cornerRadius: 4\n    borderWidth: 1\n"
    + "    borderColor: black\n    masksToBounds: false\n    hidden: false\n    zPosition: 0\n"
    + "timelines:\n  fade:\n    autoplay: true\n    target: box\n    keyPath: opacity\n    from: 0\n    to: 1\n"
    + "    fillMode: forwards\n    removedOnCompletion: false\n    timingFunction: easeInOut"

  static func folderWithSpecs() throws -> URL {
    let folder = CLI.temporaryFolder()
    let specs = folder.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    try fixture("E0202-unknown-key", "before.yaml").write(to: specs.appendingPathComponent("key.yaml"))
    try fixture("E0308-unquoted-hex-color", "before.yaml").write(to: specs.appendingPathComponent("hex.yaml"))
    try twoHunks.write(to: specs.appendingPathComponent("two.yaml"), atomically: false, encoding: .utf8)
    // Nothing to fix, and an error no fix offers to mend.
    try "scene: demo\nsize: [100, 100]\nlayers:\n  - id: box\n    frame: [0, 0, 50, 50]\n    opacity: 2\n".write(
      to: specs.appendingPathComponent("range.yaml"), atomically: false, encoding: .utf8)
    return folder
  }

  /// `scenec ARGUMENTS` run in `folder` (so that the paths, and the diff's names, are relative to it).
  static func scenec(_ arguments: [String], in folder: URL, launcher: [String] = []) throws -> Scenec.Run {
    try Scenec.run(arguments, launcher: launcher + ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path])
  }

  static func contents(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    stat(path, &status)
    return status.st_mode & 0o7777
  }

  @Test func fixWritesTheFilesKeepingTheirModeAndReportsWhatRemains() throws {
    let folder = try Self.folderWithSpecs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let specs = folder.appendingPathComponent("specs")
    chmod(specs.appendingPathComponent("key.yaml").path, 0o640)
    chmod(specs.appendingPathComponent("two.yaml").path, 0o755)
    let run = try Self.scenec(["lint", "--fix", "--short", "specs"], in: folder)
    #expect(run.status == 1, "\(run.standardError)")
    #expect(run.standardError == "scenec: fixed 4 problems in 3 files\n")
    // The report is of the fixed files: only the error no fix mends.
    #expect(
      run.standardOutput
        == "specs/range.yaml:6:14: error: 2 is out of range: opacity goes from 0 to 1 [E0303]\n"
        + "1 error, 0 warnings in 4 files\n")
    #expect(
      try Data(contentsOf: specs.appendingPathComponent("key.yaml")) == Self.fixture("E0202-unknown-key", "after.yaml"))
    #expect(
      try Data(contentsOf: specs.appendingPathComponent("hex.yaml"))
        == Self.fixture("E0308-unquoted-hex-color", "after.yaml"))
    let two = try String(contentsOf: specs.appendingPathComponent("two.yaml"), encoding: .utf8)
    #expect(
      two
        == Self.twoHunks.replacingOccurrences(of: "redd", with: "red").replacingOccurrences(
          of: "easeInOut", with: "easeInEaseOut"))
    #expect(Self.mode(specs.appendingPathComponent("key.yaml").path) == 0o640)
    #expect(Self.mode(specs.appendingPathComponent("two.yaml").path) == 0o755)
    #expect(try FileManager.default.contentsOfDirectory(atPath: specs.path).count == 4, "no temporary file left")
    // A second run has nothing to do.
    let before = try Self.contents(specs)
    let again = try Self.scenec(["lint", "--fix", "--short", "specs"], in: folder)
    #expect(again.standardError == "scenec: nothing to fix\n")
    #expect(again.standardOutput == run.standardOutput)
    #expect(try Self.contents(specs) == before)
  }

  @Test func dryRunPrintsTheDiffThatPatchAppliesAsFixWould() throws {
    let folder = try Self.folderWithSpecs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let specs = folder.appendingPathComponent("specs")
    let original = try Self.contents(specs)
    let dry = try Self.scenec(["lint", "--fix-dry-run", "specs"], in: folder)
    #expect(dry.status == 1)
    #expect(dry.standardError == "scenec: would fix 4 problems in 3 files; 1 error and 0 warnings would remain\n")
    #expect(try Self.contents(specs) == original, "a dry run writes nothing")
    let diff = dry.standardOutput
    #expect(diff.hasPrefix("--- a/specs/hex.yaml\n+++ b/specs/hex.yaml\n@@ -6,4 +6,4 @@\n"))
    #expect(diff.contains("\n+    timingFunction: easeInEaseOut\n\\ No newline at end of file\n"))
    #expect(!diff.contains("range.yaml"))
    // Its hunks are those `diff -u` prints for the file --fix writes.
    let fixedCopy = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: fixedCopy) }
    try FileManager.default.copyItem(at: specs, to: fixedCopy.appendingPathComponent("specs"))
    _ = try Self.scenec(["lint", "--fix", "specs"], in: fixedCopy)
    let real = try Scenec.run(
      [],
      launcher: [
        "/bin/sh", "-c", "cd \"$0\" && exec diff -u \"$1\" \"$2\"", folder.path, "specs/two.yaml",
        fixedCopy.appendingPathComponent("specs/two.yaml").path,
      ])
    let realHunks = real.standardOutput.components(separatedBy: "\n").dropFirst(2).joined(separator: "\n")
    #expect(diff.contains("+++ b/specs/two.yaml\n" + realHunks))
    // Applied with patch -p1 where lint ran, the diff gives the files --fix writes.
    let patched = try Scenec.run(
      [], stdinPath: nil,
      launcher: ["/bin/sh", "-c", "cd \"$0\" && printf '%s' \"$1\" | patch -p1 --quiet", folder.path, diff])
    #expect(patched.status == 0, "\(patched.standardOutput)\(patched.standardError)")
    #expect(try Self.contents(specs) == Self.contents(fixedCopy.appendingPathComponent("specs")))
  }

  @Test func aFileWhoseFixesWouldMakeANewErrorIsLeftAndNamed() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("dup.yaml")
    let text =
      "scene: demo\nsize: [100, 100]\nlayers:\n  - id: box\n    frame: [0, 0, 50, 50]\n    opacity: 0.5\n"
      + "    opactiy: 1\n"
    try text.write(to: file, atomically: false, encoding: .utf8)
    let run = CLI.run(["lint", "--fix", "--short", file.path])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "scenec: not fixed: \(file.path): the fixes would leave error E0104 at 7:5 (duplicate key 'opacity')\n"
        + "scenec: fixed 0 problems in 0 files; 1 file left as it was\n")
    #expect(run.standardOutput.contains("\(file.path):7:5: error: unknown key 'opactiy' in a layer [E0202]"))
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }

  @Test func aReadOnlyFileIsNotWritten() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("key.yaml")
    let before = try Self.fixture("E0202-unknown-key", "before.yaml")
    try before.write(to: file)
    chmod(file.path, 0o444)
    let run = CLI.run(["lint", "--fix", "--short", file.path])
    #expect(run.status == 2)
    #expect(
      run.standardError.hasPrefix(
        "scenec: not fixed: \(file.path): the file is read-only; make it writable to fix it\n"))
    #expect(run.standardOutput.contains("[E0202]"), "the report is of the file as it is")
    #expect(try Data(contentsOf: file) == before)
    #expect(Self.mode(file.path) == 0o444)
  }

  /// A folder scenec may not create files in (run without root's override): the write fails, said so, exit 2.
  @Test func aFileInAFolderThatCannotBeWrittenIsNamed() throws {
    let folder = CLI.temporaryFolder()
    let locked = folder.appendingPathComponent("locked")
    defer {
      chmod(locked.path, 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    let before = try Self.fixture("E0202-unknown-key", "before.yaml")
    try before.write(to: locked.appendingPathComponent("key.yaml"))
    chmod(locked.path, 0o555)
    let run = try Self.scenec(
      ["lint", "--fix", "--short", "locked/key.yaml"], in: folder,
      launcher: LintOutputSafetyTests.unprivilegedLauncher())
    #expect(run.status == 2)
    #expect(
      run.standardError.hasPrefix(
        "scenec: not fixed: locked/key.yaml: cannot write locked/key.yaml: Permission denied\n"),
      "\(run.standardError)")
    #expect(try Data(contentsOf: locked.appendingPathComponent("key.yaml")) == before)
  }

  @Test func anUnreadableFileIsReportedAsInLint() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("gone.yaml").path,
      withDestinationPath: folder.appendingPathComponent("nowhere.yaml").path)
    let run = CLI.run(["lint", "--fix", "--short", folder.path])
    #expect(run.status == 2)
    #expect(
      run.standardOutput.contains("gone.yaml:1:1: error: cannot read this file: No such file or directory [E0114]"))
  }

  @Test func standardInputIsDiffedButNeverWritten() throws {
    let spec = String(decoding: try Self.fixture("E0414-unknown-color", "before.yaml"), as: UTF8.self)
    let refused = CLI.run(["lint", "--fix", "-"], stdin: spec)
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("--fix cannot write back to standard input"))
    let dry = CLI.run(["lint", "--fix-dry-run", "-"], stdin: spec)
    #expect(dry.status == 0)
    #expect(dry.standardOutput.hasPrefix("--- a/<stdin>\n+++ b/<stdin>\n@@ -3,4 +3,4 @@\n"))
    #expect(dry.standardOutput.contains("\n-    backgroundColor: redd\n+    backgroundColor: red\n"))
    let both = CLI.run(["lint", "--fix", "--fix-dry-run", "x.yaml"])
    #expect(both.status == 2 && both.standardError.contains("give --fix or --fix-dry-run, not both"))
  }

  @Test func quietLeavesOutTheSummaryButNotWhatWasLeft() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("key.yaml")
    try Self.fixture("E0202-unknown-key", "before.yaml").write(to: file)
    let run = CLI.run(["lint", "--fix", "--quiet", file.path])
    #expect(run.status == 0 && run.standardError.isEmpty && run.standardOutput.isEmpty)
    #expect(try Data(contentsOf: file) == Self.fixture("E0202-unknown-key", "after.yaml"))
  }
}
