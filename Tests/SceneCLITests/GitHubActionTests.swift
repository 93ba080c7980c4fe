import Foundation
import SceneTestSupport
import Testing

@testable import SceneCLI

/// action.yml, the composite GitHub Action (docs/ci.md): its steps run here as the runner runs them
/// (`CompositeActionRunner`), with a release tarball served from a `file://` GITHUB_SERVER_URL at the path GitHub's
/// releases have, so the download, the unpacking, GITHUB_PATH, the annotations and the SARIF file are all the real
/// steps' work. The tarball is the packaged one when scripts/test.sh made it, else one laid out like it around the
/// tested binary (`ReleaseArchives.tarballToInstall`).
@Suite struct GitHubActionTests {
  static let action = CLI.repositoryRoot.appendingPathComponent("action.yml")
  static let badSpec = "scene: bad\nsize: [10, 10]\nlayers:\n  - id: a\n    bogus: 1\n"

  /// A runner's folders: the action checked out under `_actions/acme/scenec/vVERSION` (a link to this checkout),
  /// the release under `server/acme/scenec/releases/download/vVERSION/`, and an empty workspace.
  struct Job {
    let root = CLI.temporaryFolder()
    var workspace: URL { root.appendingPathComponent("workspace") }
    var server: URL { root.appendingPathComponent("server") }
    var actionPath: URL { root.appendingPathComponent("runner/_actions/acme/scenec/v\(SceneCLI.version)") }
    var runnerTemp: URL { root.appendingPathComponent("runner/_temp") }
    /// The release tarball the server holds.
    let tarball: URL

    init() throws {
      let release = root.appendingPathComponent("server/acme/scenec/releases/download/v\(SceneCLI.version)")
      tarball = release.appendingPathComponent(try ReleaseArchives.tarballName())
      let manager = FileManager.default
      for folder in [workspace, runnerTemp, actionPath.deletingLastPathComponent(), release] {
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try manager.createSymbolicLink(at: actionPath, withDestinationURL: CLI.repositoryRoot)
      try manager.copyItem(at: try ReleaseArchives.tarballToInstall(in: root), to: tarball)
    }

    func write(_ text: String, to path: String) throws {
      let file = workspace.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func runner(actionPath: URL? = nil) throws -> CompositeActionRunner {
      CompositeActionRunner(
        action: try CompositeAction.read(GitHubActionTests.action), actionPath: actionPath ?? self.actionPath,
        workspace: workspace, runnerTemp: runnerTemp,
        environment: [
          // No scenec on the job's PATH: the lint step must run the one the install step put there.
          "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": root.path, "GITHUB_SERVER_URL": "file://\(server.path)",
          "GITHUB_REPOSITORY": "acme/app", "GITHUB_WORKFLOW": "lint", "RUNNER_ARCH": "X64",
        ])
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  static func goodSpec() throws -> String {
    try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("specs/switch.yaml"), encoding: .utf8)
  }

  @Test func everyStepRunsItsScriptWithTheInputsThroughEnv() throws {
    let action = try CompositeAction.read(Self.action)
    #expect(action.runs.using == "composite")
    #expect(action.runs.steps.map(\.id) == ["install", "lint"])
    var wired = Set<String>()
    for step in action.runs.steps {
      // The script by name, nothing pasted into it: an input's text never becomes shell code.
      #expect(step.run == "\"$GITHUB_ACTION_PATH/scripts/action/\(step.id).sh\"", "step \(step.id): \(step.run)")
      let script = CLI.repositoryRoot.appendingPathComponent("scripts/action/\(step.id).sh").path
      #expect(FileManager.default.isExecutableFile(atPath: script), "\(script)")
      for value in step.env.values {
        wired.formUnion(action.inputs.keys.filter { value == "${{ inputs.\($0) }}" })
      }
    }
    #expect(
      wired == Set(action.inputs.keys), "inputs that reach no step: \(Set(action.inputs.keys).subtracting(wired))")
  }

  /// docs/ci.md's workflows give the action only inputs it has and read only outputs it has.
  @Test func theDocumentedWorkflowsMatchTheAction() throws {
    let action = try CompositeAction.read(Self.action)
    let guide = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let blocks = guide.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let program = "import json, sys, yaml; json.dump([yaml.safe_load(b) for b in json.load(sys.stdin)], sys.stdout)"
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("blocks.json")
    try JSONSerialization.data(withJSONObject: Array(blocks)).write(to: input)
    let read = try #require(ExportTools.run("/bin/sh", ["-c", "python3 -c \"$0\" < \"$1\"", program, input.path]))
    try #require(read.status == 0, "docs/ci.md has a YAML block PyYAML cannot read: \(read.standardError)")
    var uses: [[String: Any]] = []
    func collect(_ value: Any) {
      if let map = value as? [String: Any] {
        if (map["uses"] as? String)?.hasPrefix("OWNER/scenec@") == true { uses.append(map) }
        map.values.forEach(collect)
      } else if let list = value as? [Any] {
        list.forEach(collect)
      }
    }
    collect(try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)))
    #expect(uses.count >= 2)
    for step in uses {
      for name in (step["with"] as? [String: Any] ?? [:]).keys {
        #expect(action.inputs[name] != nil, "docs/ci.md gives the action an input it does not have: \(name)")
      }
    }
    for match in guide.matches(of: /steps\.scenec\.outputs\.([a-z-]+)/) {
      #expect(action.outputs[String(match.1)] != nil, "docs/ci.md reads an output the action does not have: \(match.1)")
    }
    for name in action.inputs.keys { #expect(guide.contains("| `\(name)` |"), "docs/ci.md does not list '\(name)'") }
  }

  @Test func installsTheReleaseAndAnnotatesABadSpecWithSARIFBeside() throws {
    let job = try Job()
    defer { job.remove() }
    try job.write(Self.badSpec, to: "specs/bad.yaml")
    try job.write(try Self.goodSpec(), to: "specs/good.yaml")

    // The default paths, `.`: scenec walks to ./specs/bad.yaml, and the annotation names specs/bad.yaml.
    let result = try job.runner().run(inputs: ["sarif": "out/scenec.sarif"])
    try #require(result.steps.count == 2, "\(result.steps)")
    let install = result.steps[0]
    let lint = result.steps[1]

    let release = "acme/scenec/releases/download/v\(SceneCLI.version)/\(try ReleaseArchives.tarballName())"
    #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")
    #expect(install.standardOutput.contains("scenec: downloading file://\(job.server.path)/\(release)"))
    #expect(install.standardOutput.contains("scenec \(SceneCLI.version) (writes plan format"))
    let bin = job.runnerTemp.appendingPathComponent("scenec/scenec-\(SceneCLI.version)/bin").path
    #expect(result.pathAdditions == [bin])
    #expect(result.actionOutputs["scenec"] == bin + "/scenec")
    #expect(result.actionOutputs["version"] == SceneCLI.version)

    #expect(lint.status == 1, "\(lint.standardOutput)\(lint.standardError)")
    let annotations = WorkflowCommandScan.lines(lint.standardOutput).compactMap {
      WorkflowCommandScan.parse(String($0))
    }
    #expect(!annotations.isEmpty)
    for annotation in annotations {
      #expect(annotation.name == "error")
      #expect(annotation.properties.first { $0.key == "file" }?.value == "specs/bad.yaml", "\(annotation)")
    }
    let bogus = annotations.first { $0.data.contains("unknown key 'bogus'") }
    #expect(bogus?.properties.map(\.key) == ["file", "line", "col", "endLine", "endColumn", "title"])
    #expect(bogus?.properties.first { $0.key == "line" }?.value == "5")
    #expect(bogus?.properties.first { $0.key == "title" }?.value == "E0202 unknown-key")

    let sarifFile = job.workspace.appendingPathComponent("out/scenec.sarif").path
    #expect(result.actionOutputs["sarif-file"] == sarifFile)
    let sarif = try String(contentsOfFile: sarifFile, encoding: .utf8)
    let check = try SARIFSchemaCheck.run(sarif)
    #expect(check.status == 0, "\(check.output)")
    #expect(sarif.contains("\"uri\": \"specs/bad.yaml\""))
    #expect(sarif.contains("\"ruleId\": \"E0202\""))
  }

  @Test func cleanPathsPassWhateverLiesOutsideThem() throws {
    let job = try Job()
    defer { job.remove() }
    try job.write(try Self.goodSpec(), to: "specs/good.yaml")
    try job.write(try Self.goodSpec(), to: "more/good.yaml")
    try job.write(Self.badSpec, to: "notes/bad.yaml")
    // Split at white space, line breaks included (a `paths: |` block).
    let inputs = ["paths": "specs/good.yaml\n  more/", "args": "--strict", "sarif": "scenec.sarif"]
    let result = try job.runner().run(inputs: inputs)
    try #require(result.steps.count == 2)
    let lint = result.steps[1]
    #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    #expect(WorkflowCommandScan.commandLines(in: lint.standardOutput).isEmpty, "\(lint.standardOutput)")
    let sarif = try String(contentsOf: job.workspace.appendingPathComponent("scenec.sarif"), encoding: .utf8)
    #expect(try SARIFSchemaCheck.run(sarif).status == 0)
    #expect(sarif.contains("\"results\": []"))
  }

  @Test func aTarballInputOrABuildFromSourceIsInstalledInstead() throws {
    let job = try Job()
    defer { job.remove() }
    try job.write(try Self.goodSpec(), to: "good.yaml")
    let tarball = job.tarball.path

    let given = try job.runner().run(inputs: ["tarball": tarball, "version": "9.9.9"])
    #expect(given.steps.map(\.status) == [0, 0], "\(given.steps)")
    #expect(!given.steps[0].standardOutput.contains("downloading"))

    // scripts/package.sh is ReleasePackageTests' to test; here a stand-in at the action's path prints the tarball,
    // so that what the step does with the built release is checked without a second static build.
    let checkout = job.root.appendingPathComponent("runner/_actions/acme/scenec/main")
    try FileManager.default.createDirectory(
      at: checkout.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: checkout.appendingPathComponent("scripts/action"),
      withDestinationURL: CLI.repositoryRoot.appendingPathComponent("scripts/action"))
    let package = checkout.appendingPathComponent("scripts/package.sh")
    let log = job.root.appendingPathComponent("package.log")
    try "#!/bin/sh\necho \"$@\" >'\(log.path)'\necho '\(tarball)'\necho other.deb\n".write(
      to: package, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: package.path)
    let built = try job.runner(actionPath: checkout).run(inputs: ["build-from-source": "true"])
    #expect(built.steps.map(\.status) == [0, 0], "\(built.steps)")
    #expect(built.steps[0].standardOutput.contains("scripts/package.sh"))
    #expect(try String(contentsOf: log, encoding: .utf8) == job.runnerTemp.path + "/scenec/dist\n")
    #expect(built.actionOutputs["version"] == SceneCLI.version)
  }

  @Test func aReleaseThatIsNotThereFailsTheInstallStepWithAnAnnotation() throws {
    let job = try Job()
    defer { job.remove() }
    try job.write(try Self.goodSpec(), to: "good.yaml")
    let result = try job.runner().run(inputs: ["version": "9.9.9"])
    #expect(result.steps.map(\.status) == [1], "\(result.steps)")
    let error = WorkflowCommandScan.parse(
      String(WorkflowCommandScan.lines(result.steps[0].standardOutput).last { $0.hasPrefix("::error") } ?? ""))
    #expect(
      error?.data == "cannot download file://\(job.server.path)/acme/scenec/releases/download/v9.9.9/"
        + "scenec-9.9.9-linux-\(try ReleaseArchives.tarballName().split(separator: "-").last ?? "")")
    #expect(result.pathAdditions.isEmpty)
  }
}
