import Foundation
import Testing

/// `scenec schema` is what editors validate specs with: every spec that checks cleanly must validate against it
/// (a schema stricter than the checker marks good specs red), and it must still refuse what the checker refuses.
@Suite struct SchemaValidationTests {
  static let script = CLI.repositoryRoot.appendingPathComponent("Tests/Support/validate_specs_schema.py").path

  static func schemaFile(in folder: URL) throws -> String {
    let run = CLI.run(["schema"])
    try #require(run.status == 0, "\(run.standardError)")
    let path = folder.appendingPathComponent("scenec.schema.json").path
    try run.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func yamlFiles(in relativeFolder: String) throws -> [String] {
    let folder = CLI.repositoryRoot.appendingPathComponent(relativeFolder)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }

  @Test func everyCleanSpecValidates() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = try Self.schemaFile(in: folder)
    let specs = try Self.yamlFiles(in: "specs") + Self.yamlFiles(in: "Tests/SceneCheckerTests/Fixtures/Clean")
    #expect(specs.count > 10)
    let result = try #require(ExportTools.run("python3", [Self.script, schema] + specs), "python3 did not run")
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
  }

  /// Lints `spec` and validates it against `schema`: the checker's exit status and the validator's report.
  static func check(_ spec: String, named name: String, schema: String, in folder: URL) throws
    -> (lint: Int32, validation: ExportTools.Output)
  {
    let path = folder.appendingPathComponent("\(name).yaml").path
    try spec.write(toFile: path, atomically: true, encoding: .utf8)
    let validation = try #require(ExportTools.run("python3", [script, schema, path]), "python3 did not run")
    return (CLI.run(["lint", path]).status, validation)
  }

  @Test func aMaskNeedsNoIDButASublayerDoes() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = try Self.schemaFile(in: folder)
    let masked = try Self.check(
      """
      scene: masked
      size: [100, 100]
      layers:
        - id: card
          frame: [0, 0, 100, 100]
          mask: {type: shape, frame: [0, 0, 100, 100], path: "M0 0 L100 0 L100 100 Z"}
      """, named: "masked", schema: schema, in: folder)
    #expect(masked.lint == 0)
    #expect(masked.validation.status == 0, "\(masked.validation.standardOutput)\(masked.validation.standardError)")

    let anonymous = try Self.check(
      """
      scene: anonymous
      size: [100, 100]
      layers:
        - id: card
          frame: [0, 0, 100, 100]
          sublayers:
            - {frame: [0, 0, 10, 10]}
      """, named: "anonymous", schema: schema, in: folder)
    #expect(anonymous.lint == 1)
    #expect(anonymous.validation.status == 1)
    #expect(
      anonymous.validation.standardOutput.contains("'id' is a required property"),
      "\(anonymous.validation.standardOutput)")
  }
}
