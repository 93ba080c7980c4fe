import Foundation
import Testing

/// What `scenec compile` writes validates against docs/plan.schema.json (format 2), for every seed spec and the
/// spring-transition example.
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
    for spec in ["like-button", "segmented-control", "shake-button", "shoot-button", "submit-button"] {
      let output = folder.appendingPathComponent("\(spec).plan.json").path
      let specPath = CLI.repositoryRoot.appendingPathComponent("specs/\(spec).yaml").path
      let run = CLI.run(["compile", specPath, "-o", output])
      try #require(run.status == 0, "\(run.standardError)")
      plans.append(output)
    }
    let schema = CLI.repositoryRoot.appendingPathComponent("docs/plan.schema.json").path
    let result = try #require(
      ExportTools.run("python3", ["-c", Self.validator, schema] + plans), "python3 did not run")
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
  }

  @Test func aFormatOnePlanIsRefusedAndAnUnknownSlotWarns() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = folder.appendingPathComponent("shake.plan.json").path
    let spec = CLI.repositoryRoot.appendingPathComponent("specs/shake-button.yaml").path
    try #require(CLI.run(["compile", spec, "-o", plan]).status == 0)
    let text = try String(contentsOfFile: plan, encoding: .utf8)
    let old = folder.appendingPathComponent("old.plan.json").path
    try text.replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 1")
      .write(toFile: old, atomically: true, encoding: .utf8)
    let refused = CLI.run(["sample", old, "--at", "0"])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("format 1") && refused.standardError.contains("compile the spec again"))
    // A slot named differently is unknown here: its values are ignored, the plan still samples, with a warning.
    let renamed = folder.appendingPathComponent("renamed.plan.json").path
    try text.replacingOccurrences(of: "\"name\": \"zPosition\"", with: "\"name\": \"zDepth\"")
      .write(toFile: renamed, atomically: true, encoding: .utf8)
    let warned = CLI.run(["sample", renamed, "--at", "0"])
    #expect(warned.status == 0, "\(warned.standardError)")
    #expect(warned.standardError.contains("warning:") && warned.standardError.contains("zDepth"))
    #expect(warned.standardOutput == CLI.run(["sample", plan, "--at", "0"]).standardOutput)
  }
}
