import Foundation
import SceneDiagnostics
import Testing

/// `UnifiedDiff` against the real tools: its hunks are `diff -u`'s, and `patch -p1` applies it.
@Suite struct UnifiedDiffTests {
  struct Tool {
    var status: Int32
    var output: String
  }

  /// Runs a tool in `folder` with `input` on standard input.
  static func run(_ arguments: [String], in folder: URL, input: String = "") throws -> Tool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Tool(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
  }

  /// Deterministic cases: a file of `count` lines and an edited copy (lines changed, inserted, deleted), with the
  /// last line's break sometimes missing on either side. `distinct` makes every line unique, so that the shortest
  /// diff is unique too and `diff -u` must print exactly the same hunks.
  static func cases(distinct: Bool) -> [(old: String, new: String)] {
    var state: UInt64 = distinct ? 0x5EED : 0xD1FF
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var unique = 0
    func line() -> String {
      unique += 1
      return distinct ? "line \(unique): value \(next(1000))" : ["a", "b", "c", "  - x", ""][next(5)]
    }
    return (0..<40).map { _ in
      var old = (0..<(next(40) + 1)).map { _ in line() }
      var new = old
      for _ in 0..<(next(6) + 1) {
        let at = next(new.count + 1)
        switch next(3) {
        case 0 where at < new.count: new[at] = line()
        case 1 where at < new.count: new.remove(at: at)
        default: new.insert(line(), at: at)
        }
      }
      if new.isEmpty { new = [line()] }
      if old == new { old.append(line()) }
      let oldEnd = next(4) == 0 ? "" : "\n"
      let newEnd = next(4) == 0 ? "" : "\n"
      return (old.joined(separator: "\n") + oldEnd, new.joined(separator: "\n") + newEnd)
    }
  }

  @Test func hunksAreThoseOfDiffU() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (old, new) in Self.cases(distinct: true) {
      try old.write(to: folder.appendingPathComponent("old"), atomically: false, encoding: .utf8)
      try new.write(to: folder.appendingPathComponent("new"), atomically: false, encoding: .utf8)
      let expected = try Self.run(["diff", "-u", "old", "new"], in: folder)
      let ours = UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "spec.yaml")
      let body = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) }
      #expect(expected.status == 1)
      #expect(Array(body(ours)) == Array(body(expected.output)), "old:\n\(old)\nnew:\n\(new)")
      #expect(ours.hasPrefix("--- a/spec.yaml\n+++ b/spec.yaml\n@@ -"))
    }
  }

  @Test func patchAppliesTheDiff() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-diff-\(UUID().uuidString)")
    let specs = folder.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (old, new) in Self.cases(distinct: false) + Self.cases(distinct: true) {
      let file = specs.appendingPathComponent("spec.yaml")
      try old.write(to: file, atomically: false, encoding: .utf8)
      let diff = UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "specs/spec.yaml")
      let patched = try Self.run(["patch", "-p1", "--quiet", "--no-backup-if-mismatch"], in: folder, input: diff)
      #expect(patched.status == 0, "\(patched.output)\n\(diff)")
      #expect(try String(contentsOf: file, encoding: .utf8) == new, "diff:\n\(diff)")
    }
  }

  /// Thousands of changed lines (a fix on every line of a large file): compared line by line past the search's
  /// bound, in well under a second, and still a diff `patch` applies.
  @Test func manyChangesStayFastAndCorrect() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = (0..<20_000).map { "    fillColor: #\(String($0, radix: 16))\n" }.joined()
    let new =
      (0..<20_000).map {
        $0 % 3 == 0 ? "    fillColor: \"#\(String($0, radix: 16))\"\n" : "    fillColor: #\(String($0, radix: 16))\n"
      }
      .joined() + "extra: line\n"
    let clock = ContinuousClock()
    var diff = ""
    let elapsed = clock.measure { diff = UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "f") }
    #expect(elapsed < .seconds(5), "\(elapsed)")
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-    ") }.count == 6667, "only the changed lines")
    try old.write(to: folder.appendingPathComponent("f"), atomically: false, encoding: .utf8)
    let patched = try Self.run(["patch", "-p1", "--quiet"], in: folder, input: diff)
    #expect(patched.status == 0, "\(patched.output)")
    #expect(try String(contentsOf: folder.appendingPathComponent("f"), encoding: .utf8) == new)
  }

  @Test func equalTextsHaveNoDiff() {
    #expect(UnifiedDiff.render(old: Array("a\n".utf8), new: Array("a\n".utf8), path: "x").isEmpty)
  }

  @Test func farApartChangesAreSeparateHunksAndNearOnesOne() {
    let old = (1...30).map { "line \($0)\n" }
    var new = old
    new[1] = "changed 2\n"
    new[8] = "changed 9\n"  // 6 unchanged lines between: one hunk
    new[25] = "changed 26\n"  // 16 unchanged lines on: another
    let diff = UnifiedDiff.render(old: Array(old.joined().utf8), new: Array(new.joined().utf8), path: "f")
    let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(headers == ["@@ -1,12 +1,12 @@", "@@ -23,7 +23,7 @@"])
  }
}
