import Foundation
import Testing

/// action.yml, read with PyYAML (scripts/requirements.sh installs it) into the fields a composite action has.
struct CompositeAction: Decodable {
  struct Input: Decodable {
    let description: String
    let `default`: String?
  }
  struct Output: Decodable {
    let description: String
    let value: String
  }
  struct Step: Decodable {
    let id: String
    let name: String
    let shell: String
    let env: [String: String]
    let run: String
  }
  struct Runs: Decodable {
    let using: String
    let steps: [Step]
  }
  let name: String
  let description: String
  let inputs: [String: Input]
  let outputs: [String: Output]
  let runs: Runs

  static func read(_ file: URL) throws -> CompositeAction {
    let program = "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1], encoding='utf-8')), sys.stdout)"
    let read = try #require(ExportTools.run("python3", ["-c", program, file.path]), "python3 did not run")
    try #require(read.status == 0, "python3 with PyYAML could not read \(file.path): \(read.standardError)")
    return try JSONDecoder().decode(CompositeAction.self, from: Data(read.standardOutput.utf8))
  }
}

/// Runs a composite action's steps the way the GitHub Actions runner does (docs.github.com, "Metadata syntax" and
/// "Workflow commands"): each `run` in `bash --noprofile --norc -eo pipefail FILE` from GITHUB_WORKSPACE, with the
/// runner's variables, the step's `env:` (its `${{ inputs.* }}` and `${{ steps.*.outputs.* }}` expanded), a fresh
/// GITHUB_OUTPUT and GITHUB_PATH file per step read back after it; PATH gains what a step appended to GITHUB_PATH
/// from the next step on; the first failing step ends the run. Composite run steps get no INPUT_* variables.
struct CompositeActionRunner {
  struct StepRun {
    let id: String
    let status: Int32
    let standardOutput: String
    let standardError: String
  }
  struct Result {
    var steps: [StepRun] = []
    /// Each step's outputs, by step id.
    var outputs: [String: [String: String]] = [:]
    /// Every line the steps appended to GITHUB_PATH.
    var pathAdditions: [String] = []
    /// The action's `outputs:`, evaluated.
    var actionOutputs: [String: String] = [:]
  }

  let action: CompositeAction
  let actionPath: URL
  let workspace: URL
  let runnerTemp: URL
  /// The runner's other variables (GITHUB_SERVER_URL, GITHUB_REPOSITORY, …) and the job's PATH.
  var environment: [String: String]

  func run(inputs given: [String: String]) throws -> Result {
    for name in given.keys { #expect(action.inputs[name] != nil, "action.yml has no input '\(name)'") }
    var inputs: [String: String] = [:]
    for (name, input) in action.inputs { inputs[name] = given[name] ?? input.default ?? "" }
    var result = Result()
    var path = environment["PATH"] ?? "/usr/bin:/bin"
    let files = runnerTemp.appendingPathComponent("_runner_file_commands")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)

    for (index, step) in action.runs.steps.enumerated() {
      #expect(step.shell == "bash", "step \(step.id): shell \(step.shell)")
      let context = Self.context(inputs: inputs, outputs: result.outputs)
      let output = files.appendingPathComponent("output_\(index)")
      let pathFile = files.appendingPathComponent("add_path_\(index)")
      let script = files.appendingPathComponent("step_\(index).sh")
      for file in [output, pathFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
      try step.run.write(to: script, atomically: true, encoding: .utf8)

      var stepEnvironment = environment
      stepEnvironment.merge([
        "GITHUB_ACTIONS": "true", "CI": "true", "RUNNER_OS": "Linux", "GITHUB_WORKSPACE": workspace.path,
        "GITHUB_ACTION_PATH": actionPath.path, "RUNNER_TEMP": runnerTemp.path, "GITHUB_OUTPUT": output.path,
        "GITHUB_PATH": pathFile.path, "GITHUB_ACTION": step.id, "PATH": path,
      ]) { _, runner in runner }
      for (name, value) in step.env { stepEnvironment[name] = try Self.expand(value, context) }

      let bash = ["--noprofile", "--norc", "-eo", "pipefail", script.path]
      let run = try #require(ExportTools.run("/bin/bash", bash, environment: stepEnvironment, directory: workspace))
      result.steps.append(
        StepRun(
          id: step.id, status: run.status, standardOutput: run.standardOutput,
          standardError: run.standardError))
      result.outputs[step.id] = try Self.readOutputs(output)
      let added = try String(contentsOf: pathFile, encoding: .utf8).split(separator: "\n").map(String.init)
      result.pathAdditions += added
      for folder in added { path = folder + ":" + path }
      if run.status != 0 { break }
    }
    let context = Self.context(inputs: inputs, outputs: result.outputs)
    for (name, output) in action.outputs { result.actionOutputs[name] = try Self.expand(output.value, context) }
    return result
  }

  /// The values `${{ … }}` may name here.
  private static func context(inputs: [String: String], outputs: [String: [String: String]]) -> [String: String] {
    var context: [String: String] = [:]
    for (name, value) in inputs { context["inputs.\(name)"] = value }
    for (step, values) in outputs {
      for (name, value) in values { context["steps.\(step).outputs.\(name)"] = value }
    }
    return context
  }

  /// Replaces each `${{ NAME }}` with its value; a step's output that was never written is empty, as on GitHub.
  static func expand(_ text: String, _ context: [String: String]) throws -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.range(of: "${{") {
      result += rest[..<open.lowerBound]
      let close = try #require(rest[open.upperBound...].range(of: "}}"), "unclosed expression in '\(text)'")
      let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      if let value = context[name] {
        result += value
      } else {
        try #require(name.hasPrefix("steps."), "an expression this runner cannot evaluate: '\(name)'")
      }
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// GITHUB_OUTPUT's `name=value` lines.
  private static func readOutputs(_ file: URL) throws -> [String: String] {
    var outputs: [String: String] = [:]
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
      let pair = try #require(
        line.firstIndex(of: "=").map { (line[..<$0], line[line.index(after: $0)...]) },
        "GITHUB_OUTPUT line not name=value: \(line)")
      outputs[String(pair.0)] = String(pair.1)
    }
    return outputs
  }
}
