import Foundation
import SceneDiagnostics
import Testing

@testable import SceneChecker

/// The specs in `specs/` are the language's showcase: each must check with no error and no warning.
@Suite struct SpecsLintCleanTests {
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let specsDirectory = repositoryRoot.appendingPathComponent("specs")

  static let specNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: specsDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
  }()

  @Test func specsExist() {
    #expect(!Self.specNames.isEmpty, "no specs found in \(Self.specsDirectory.path)")
  }

  @Test(arguments: specNames)
  func lintClean(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.specsDirectory.appendingPathComponent(name)))
    CleanFixtureTests.expectChecksClean(SourceFile(path: "specs/\(name)", bytes: bytes))
  }
}
