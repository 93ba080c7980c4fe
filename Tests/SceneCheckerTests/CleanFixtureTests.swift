import Foundation
import SceneDiagnostics
import Testing

@testable import SceneChecker

/// `Fixtures/Clean/`: specs that once drew a false diagnostic (a warning where nothing is wrong, an error on valid
/// input). Each must check with no diagnostic at all: a false positive is a bug as much as a miss.
@Suite struct CleanFixtureTests {
  static let directory = FixtureTests.fixturesDirectory.appendingPathComponent("Clean")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted()
  }()

  @Test func cleanFixturesExist() {
    #expect(Self.names.count >= 8, "found \(Self.names.count) clean fixtures in \(Self.directory.path)")
  }

  @Test(arguments: names)
  func checksClean(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
    Self.expectChecksClean(SourceFile(path: "\(FixtureTests.relativeDirectory)/Clean/\(name)", bytes: bytes))
  }

  /// No diagnostic, and a scene; the report is shown when there is one.
  static func expectChecksClean(_ source: SourceFile) {
    let result = SpecChecker.check(source)
    let report = TextRenderer(color: false, short: false).render([
      FileReport(source: source, diagnostics: result.diagnostics)
    ])
    #expect(result.diagnostics.isEmpty, "\(source.path) should check clean:\n\(report)")
    #expect(result.scene != nil)
  }
}
