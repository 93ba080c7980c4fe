import Foundation
import SceneChecker
import SceneDiagnostics
import SceneRuntime
import SceneTestSupport
import Testing

/// Issue 33's lint-clean specs whose lowering made numbers no plan can hold (from + by, cubic tangents, a replica's
/// or a sequence member's begin time), in `Fixtures/overflow/`: each is an E0309 at the key it was lowered from,
/// with no plan, and its whole report is `<name>.expected` (SCENEC_UPDATE_GOLDEN=1 rewrites them). The overflows
/// the checker finds (frames, paths) are its fixtures, `Tests/SceneCheckerTests/Fixtures/E0309-*`.
@Suite struct PlanOverflowFixtureTests {
  static let folder = "Tests/SceneIntegrationTests/Fixtures/overflow"
  static let names: [String] = {
    let path = PlanTestSupport.root.appendingPathComponent(folder).path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }()

  @Test func theFixturesAreThere() { #expect(Self.names.count >= 7, "\(Self.names)") }

  @Test(arguments: names) func overflowIsALocatedErrorAndNoPlan(_ name: String) throws {
    let url = PlanTestSupport.root.appendingPathComponent("\(Self.folder)/\(name).yaml")
    let source = SourceFile(path: "\(Self.folder)/\(name).yaml", bytes: Array(try Data(contentsOf: url)))
    // Lint-clean: the checker alone finds no error; lowering does.
    #expect(!SpecChecker.check(source).hasErrors, "\(name) is not lint-clean")
    let (plan, diagnostics) = PlanTestSupport.compiled(source)
    let errors = diagnostics.filter { $0.severity == .error }
    #expect(plan == nil, "\(name): a plan was made")
    #expect(!errors.isEmpty && errors.allSatisfy { $0.code.id == "E0309" }, "\(name): \(errors.map(\.code.id))")
    for error in errors {
      // At a key of an entry, not at the file's start.
      #expect(error.span.start > 0 && error.span.end > error.span.start, "\(name): \(error.message)")
    }
    let rendered = TextRenderer(color: false, short: false).render([
      FileReport(source: source, diagnostics: diagnostics)
    ])
    let golden = url.deletingPathExtension().appendingPathExtension("expected")
    if ProcessInfo.processInfo.environment["SCENEC_UPDATE_GOLDEN"] == "1" {
      try Data(rendered.utf8).write(to: golden, options: .atomic)
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(rendered == expected, "\(name): the report differs from \(name).expected:\n\(rendered)")
  }
}
