import Foundation
import Testing

/// `scenec sample` prints as it samples, and refuses more layer states than `--max-samples` allows.
@Suite struct SampleLimitsTests {
  static let like = "specs/like-button.yaml"

  /// The like button has 10 layer instances: 3 times are 30 layer states, allowed at 30 and refused at 29.
  @Test func theLimitCountsTimesByLayers() {
    let atLimit = CLI.run(["sample", Self.like, "--at", "0,1,2", "--max-samples", "30"])
    #expect(atLimit.status == 0, "\(atLimit.standardError)")
    #expect(atLimit.standardOutput.components(separatedBy: "\"time\": ").count == 4)
    let over = CLI.run(["sample", Self.like, "--at", "0,1,2", "--max-samples", "29"])
    #expect(over.status == 2)
    #expect(over.standardOutput.isEmpty)
    #expect(
      over.standardError.hasPrefix(
        "scenec: error: 3 times × 10 layers is 30 layer states, more than --max-samples allows (29)"))
  }

  /// Without the flag the default (200,000) applies: a million times of a two-layer scene is refused at once.
  @Test func theDefaultRefusesAMillionTimesOfTwoLayers() {
    let run = CLI.run(["sample", "specs/switch.yaml", "--from", "0", "--to", "99.9", "--fps", "10000"])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.contains("more than --max-samples allows (200000)"))
  }

  @Test(arguments: ["0", "-5", "many"]) func aLimitThatIsNotAPositiveCountIsAUsageError(value: String) {
    let run = CLI.run(["sample", Self.like, "--at", "0", "--max-samples", value])
    #expect(run.status == 2)
    #expect(run.standardError.contains("'--max-samples' needs a positive whole number"))
  }

  /// Sixty thousand layer states print about 90 MB; the whole document built as a tree first took several times
  /// that (896 MB for 156 MB). Printed as sampled, the peak stays a fraction of the output.
  @Test func memoryStaysBelowTheOutput() throws {
    let run = try Scenec.run(
      ["sample", Self.like, "--from", "0", "--to", "59.99", "--fps", "100"], readsOutput: false)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutputBytes > 80_000_000)
    #expect(run.peakKiB * 1024 < run.standardOutputBytes / 2, "peak \(run.peakKiB) KiB")
  }
}
