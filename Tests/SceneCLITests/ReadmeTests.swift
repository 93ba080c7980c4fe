import Foundation
import Testing

/// README.md's first screen is a spec and its picture: the spec is docs/readme/hero.yaml byte for byte, which the
/// built scenec lints clean and plays; its quick start names the scripts that exist (`.ci/run` runs its test
/// command).
@Suite struct ReadmeTests {
  static let hero = "docs/readme/hero.yaml"
  /// What a first screen holds: about 40 lines of a terminal or a browser window.
  static let firstScreen = 40

  @Test func theFirstScreenShowsTheHeroSpecAndItsPicture() throws {
    let readme = try DocumentedSpecs.read("README.md")
    let block = try #require(DocumentedSpecs.blocks(in: readme).first, "README shows no marked spec")
    #expect(block.path == Self.hero)
    #expect(block.text == (try DocumentedSpecs.read(Self.hero)))
    #expect(block.endLine < Self.firstScreen, "the spec ends on line \(block.endLine + 1)")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let picture = try #require(lines.firstIndex { $0.contains("](docs/readme/hero.gif)") }, "no picture")
    #expect(picture > block.endLine && picture < Self.firstScreen, "the picture is on line \(picture + 1)")
  }

  /// The picture is one period of the loop: the ring grows to 1.25 and back while the dot shrinks into a square.
  @Test func theHeroSpecLintsCleanAndLoops() throws {
    let spec = CLI.repositoryRoot.appendingPathComponent(Self.hero).path
    let lint = try DocumentedSpecs.scenec(["lint", "--strict", spec])
    #expect(lint.status == 0 && lint.standardOutput == "1 file checked, no problems\n", "\(lint.standardOutput)")
    let sample = try DocumentedSpecs.scenec(["sample", spec, "--at", "0,0.6,1.2"])
    try #require(sample.status == 0, "\(sample.standardError)")
    let ring = try DocumentedSpecs.sampled(sample.standardOutput, layer: "ring", ["transform", "scale"])
    #expect(ring.map { ($0 as? [Double])?.first } == [1, 1.25, 1])
    let corner = try DocumentedSpecs.sampled(sample.standardOutput, layer: "dot", ["cornerRadius"])
    #expect(corner.map { $0 as? Double } == [30, 10, 30])
  }

  /// `.ci/run` runs README's test command, so the quick start must keep naming it; every command the quick start
  /// runs is a script in the repository.
  @Test func theQuickStartRunsTheRepositorysScripts() throws {
    let readme = try DocumentedSpecs.read("README.md")
    let start = try #require(readme.range(of: "## Quick start\n"))
    let open = try #require(readme.range(of: "```sh\n", range: start.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
    let commands = readme[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(commands == ["scripts/scenec", "scripts/test.sh"])
    for command in commands {
      let path = CLI.repositoryRoot.appendingPathComponent(command).path
      #expect(FileManager.default.isExecutableFile(atPath: path), "\(command)")
    }
    let ci = try DocumentedSpecs.read(".ci/run")
    #expect(ci.split(separator: "\n").contains("scripts/test.sh"))
  }
}
