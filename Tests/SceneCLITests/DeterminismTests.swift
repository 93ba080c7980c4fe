import Foundation
import Testing

/// The same input gives byte-identical output (issue 5): across runs (separate processes), across parallel and
/// serial linting, and whatever the order of the paths given. The fixtures folder is linted whole (`--no-config`:
/// the repository's `.scenec.yml` excludes its invalid fixtures from folder walks).
@Suite(.serialized) struct DeterminismTests {
  static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/SceneCheckerTests/Fixtures").path
  static let specs = CLI.repositoryRoot.appendingPathComponent("specs").path

  static var fixtureFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
      .map { fixtures + "/" + $0 }
  }

  @Test(arguments: ["text", "json", "sarif", "github", "gitlab"])
  func acrossRunsAndJobCounts(_ format: String) throws {
    let first = try Scenec.run(["lint", "--no-config", "--format", format, Self.specs, Self.fixtures])
    #expect(first.status == 1)
    #expect(!first.standardOutput.isEmpty)
    for jobs in ["1", "2", "8"] {
      let again = try Scenec.run(["lint", "--no-config", "--format", format, "--jobs", jobs, Self.specs, Self.fixtures])
      #expect(again.status == first.status)
      #expect(again.standardOutput == first.standardOutput, "--jobs \(jobs) differs")
    }
  }

  @Test(arguments: ["text", "json", "sarif", "gitlab"])
  func acrossTheOrderOfThePathsGiven(_ format: String) throws {
    let files = Self.fixtureFiles
    #expect(files.count > 10)
    let forward = try Scenec.run(["lint", "--format", format] + files)
    let backward = try Scenec.run(["lint", "--format", format] + files.reversed())
    var generator = LCG(seed: 42)
    let shuffled = files.shuffled(using: &generator)
    let mixed = try Scenec.run(["lint", "--format", format, "--jobs", "3"] + shuffled)
    #expect(backward.standardOutput == forward.standardOutput, "reversed paths give a different report")
    #expect(mixed.standardOutput == forward.standardOutput, "shuffled paths give a different report")
    let folders = try Scenec.run(["lint", "--no-config", "--format", format, Self.fixtures, Self.specs])
    let foldersSwapped = try Scenec.run(["lint", "--no-config", "--format", format, Self.specs, Self.fixtures])
    #expect(folders.standardOutput == foldersSwapped.standardOutput, "the order of folders changes the report")
  }

  @Test func compileAndSchemaAreByteIdenticalAcrossRuns() throws {
    for spec in ["like-button", "shake-button", "shoot-button", "submit-button"] {
      let path = Self.specs + "/\(spec).yaml"
      let first = try Scenec.run(["compile", path])
      let second = try Scenec.run(["compile", path])
      #expect(first.status == 0, "\(first.standardError)")
      #expect(first.standardOutput == second.standardOutput, "\(spec): two compiles differ")
      let sample = try Scenec.run(["sample", path, "--from", "0", "--to", "2", "--fps", "30"])
      #expect(
        sample.standardOutput
          == (try Scenec.run(["sample", path, "--from", "0", "--to", "2", "--fps", "30"])).standardOutput)
    }
    #expect(try Scenec.run(["schema"]).standardOutput == (try Scenec.run(["schema"])).standardOutput)
  }
}

extension LCG: RandomNumberGenerator {}
