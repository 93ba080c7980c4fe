import Foundation
import Testing

/// `scenec lint` given the plan `scenec compile` wrote: one diagnostic saying so, exit 1.
@Suite(.serialized) struct LintPlanTests {
  @Test func aCompiledPlanIsOneErrorNotAReportOnEveryKey() throws {
    let folder = CLI.temporaryFolder()
    let plan = folder.appendingPathComponent("like.json")
    let compile = CLI.run(["compile", "specs/like-button.yaml", "-o", plan.path])
    #expect(compile.status == 0, "\(compile.standardError)")
    let run = CLI.run(["lint", plan.path])
    #expect(run.status == 1)
    #expect(run.standardOutput.components(separatedBy: "[E0113]").count == 2, "\(run.standardOutput)")
    #expect(run.standardOutput.contains("1 error, 0 warnings"))
    #expect(run.standardOutput.contains("compiled plan"))
  }
}
