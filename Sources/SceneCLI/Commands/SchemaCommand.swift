import SceneChecker
import SceneCore

/// `scenec schema`: the JSON Schema of the language, generated from the checker's tables.
enum SchemaCommand {
  static let spec = Arguments.Spec(options: ["-o", "--output"], flags: [])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "schema")
    guard parsed.positional.isEmpty else { throw .usage("schema takes no arguments") }
    let text = JSONWriter(style: .pretty).string(from: JSONSchemaGenerator.schema()) + "\n"
    if let path = parsed.outputPath {
      try AtomicFile.write(text, to: path)
    } else if !console.standardOutput.write(text) {
      throw .closedOutput
    }
    return 0
  }
}
