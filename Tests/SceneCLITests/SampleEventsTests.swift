import Foundation
import Testing

/// `scenec sample --events`: replays a script; ignored events are warnings, undeclared names usage errors.
@Suite struct SampleEventsTests {
  static let shoot = "specs/shoot-button.yaml"

  @Test func ignoredEventsAreWarnings() {
    let run = CLI.run(["sample", Self.shoot, "--events", "release@0.1,press@0.2", "--at", "0,0.3"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError == "scenec: warning: event 'release' at 0.1 s ignored: state 'idle' has no transition on it\n")
    #expect(run.standardOutput.contains("\"time\": 0.3"))
  }

  @Test func undeclaredEventIsAUsageErrorWithASuggestion() {
    let run = CLI.run(["sample", Self.shoot, "--events", "press@0,relase@1", "--at", "0"])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("scenec: error: --events: no event named 'relase'; did you mean 'release'?"))
  }

  @Test func eventsWithTimelineIsAUsageError() {
    let run = CLI.run(["sample", Self.shoot, "--events", "press@0", "--timeline", "press", "--at", "0"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("give either --events or --timeline"))
  }

  @Test(arguments: ["press", "press@", "press@soon", "@1", "press@0,,release@1"])
  func malformedScriptIsAUsageError(script: String) {
    let run = CLI.run(["sample", Self.shoot, "--events", script, "--at", "0"])
    #expect(run.status == 2)
    #expect(run.standardError.hasPrefix("scenec: error: --events:"))
  }

  @Test func aSceneWithoutStatesTakesNoEvents() {
    let run = CLI.run(["sample", "specs/shake-button.yaml", "--events", "tap@0", "--at", "0"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("has no states"))
  }

  /// The compiled plan replays to the same bytes as the spec, with --at and with --from/--to/--fps.
  @Test func planAndSpecGiveTheSameBytes() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scripts = [
      ("shoot-button", "press@0,release@1.2"), ("like-button", "tap@0,tap@1.5,tap@1.7"), ("submit-button", "tap@0"),
    ]
    for (spec, script) in scripts {
      let plan = folder.appendingPathComponent("\(spec).json").path
      #expect(CLI.run(["compile", "specs/\(spec).yaml", "-o", plan]).status == 0)
      for times in [["--at", "0,0.1,1.3,4.5"], ["--from", "0", "--to", "6", "--fps", "30"]] {
        let fromSpec = CLI.run(["sample", "specs/\(spec).yaml", "--events", script] + times)
        let fromPlan = CLI.run(["sample", plan, "--events", script] + times)
        #expect(fromSpec.status == 0 && fromPlan.status == 0, "\(fromSpec.standardError)\(fromPlan.standardError)")
        #expect(fromSpec.standardOutput == fromPlan.standardOutput, "\(spec) \(times)")
        #expect(!fromSpec.standardOutput.isEmpty)
      }
    }
  }

  /// Without --events an interactive seed spec is sampled in its initial state: the layers as written.
  @Test func withoutEventsTheInitialState() {
    let run = CLI.run(["sample", Self.shoot, "--at", "0,1"])
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty)
    #expect(run.standardOutput.contains("\"hidden\": false"))
  }
}
