import Foundation
import Testing

/// What `scenec compile` writes validates against docs/plan.schema.json (format 2), for every seed spec.
@Suite struct PlanSchemaValidationTests {
  static let validator = """
    import json, sys, jsonschema
    validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
    failed = False
    for path in sys.argv[2:]:
        for error in validator.iter_errors(json.load(open(path))):
            failed = True
            print(path, list(error.absolute_path), error.message[:200])
    sys.exit(1 if failed else 0)
    """

  @Test func compiledPlansValidate() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var plans: [String] = []
    for spec in ["like-button", "shake-button", "shoot-button", "submit-button"] {
      let output = folder.appendingPathComponent("\(spec).plan.json").path
      let specPath = CLI.repositoryRoot.appendingPathComponent("specs/\(spec).yaml").path
      let run = CLI.run(["compile", specPath, "-o", output])
      try #require(run.status == 0, "\(run.standardError)")
      plans.append(output)
    }
    let schema = CLI.repositoryRoot.appendingPathComponent("docs/plan.schema.json").path
    let result = try #require(ExportTools.run("python3", ["-c", Self.validator, schema] + plans), "python3 did not run")
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
  }
}
