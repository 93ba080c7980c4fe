import Foundation
import Testing

/// docs/tutorial.md: its six specs are docs/tutorial/step-N.yaml, shown whole and in order; the built scenec
/// lints each clean under --strict, compiles it, and samples the compiled plan to what the tutorial says it shows;
/// the lint reports the tutorial prints are scenec's own.
@Suite struct TutorialTests {
  static let document = "docs/tutorial.md"
  static let steps = Array(1...6)
  static func path(_ step: Int) -> String { "docs/tutorial/step-\(step).yaml" }

  @Test func theTutorialShowsEveryStepsFileInOrder() throws {
    let blocks = DocumentedSpecs.blocks(in: try DocumentedSpecs.read(Self.document))
    #expect(blocks.map(\.path) == Self.steps.map(Self.path))
    for block in blocks {
      #expect(block.text == (try DocumentedSpecs.read(block.path)), "\(block.path)")
    }
  }

  /// Each step lints clean, compiles, and its plan samples with the layers the step has added so far.
  @Test(arguments: steps) func eachStepLintsCleanCompilesAndSamples(step: Int) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = CLI.repositoryRoot.appendingPathComponent(Self.path(step)).path
    let lint = try DocumentedSpecs.scenec(["lint", "--strict", spec])
    #expect(lint.status == 0 && lint.standardOutput == "1 file checked, no problems\n", "\(lint.standardOutput)")
    let plan = folder.appendingPathComponent("plan.json").path
    let compile = try DocumentedSpecs.scenec(["compile", spec, "-o", plan])
    #expect(compile.status == 0 && compile.standardError.isEmpty, "\(compile.standardError)")
    let sample = try DocumentedSpecs.scenec(["sample", plan, "--at", "0,1.5"])
    try #require(sample.status == 0, "\(sample.standardError)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(sample.standardOutput.utf8)) as? [String: Any])
    let layers = try #require((root["samples"] as? [[String: Any]])?.last?["layers"] as? [[String: Any]])
    #expect(layers.compactMap { $0["id"] as? String } == (step < 5 ? ["button"] : ["button", "icon", "label"]))
    // Once everything has played, the button shows its own values in every step.
    #expect(try Self.values(plan, "button", "opacity", at: [1.5]) == [1])
  }

  /// Step 3 fades in linearly over 0.4 s (half at 0.2 s, as the tutorial prints); from step 4 on, the button also
  /// grows from half size along a spring that overshoots 1 and has settled by 0.97 s (removed: the model shows).
  @Test func theAnimationsDoWhatTheTutorialSays() throws {
    #expect(try Self.values(Self.path(3), "button", "opacity", at: [0, 0.2, 0.4]) == [0, 0.5, 1])
    for step in 4...6 {
      let times = (0...20).map { Double($0) / 20 }
      let scales = try Self.values(Self.path(step), "button", "transform", "scale", at: times)
      #expect(scales.first == 0.5 && scales.last == 1, "step \(step): \(scales)")
      #expect(scales.contains { $0 > 1.02 }, "step \(step) does not overshoot: \(scales)")
    }
  }

  /// Step 6: pressed at 1.2 s, the button is at 0.92 and darker at 1.4 s; released at 1.5 s, it springs back and
  /// is at rest by 2.6 s.
  @Test func stepSixPressesAndReleases() throws {
    let arguments = ["--events", "press@1.2,release@1.5"]
    let spec = Self.path(6)
    #expect(try Self.values(spec, "button", "transform", "scale", at: [1, 1.4, 2.6], arguments) == [1, 0.92, 1])
    let colours = try Self.values(spec, "button", "backgroundColor", at: [1.4, 2.6], arguments, component: nil)
    let pressed: [Double] = [0, 98 / 255, 204 / 255, 1]  // #0062CC
    let idle: [Double] = [0, 122 / 255, 1, 1]  // #007AFF
    #expect(colours.count == 8 && zip(colours, pressed + idle).allSatisfy { abs($0 - $1) < 1e-12 }, "\(colours)")
    let released = try Self.values(spec, "button", "transform", "scale", at: [1.55, 1.6, 1.7], arguments)
    #expect(released.contains { $0 > 1 }, "the release spring does not bounce: \(released)")
  }

  /// A mistake the tutorial makes on purpose: the reader's `button.yaml` is the step's file with one change.
  struct Mistake: Sendable, CustomTestStringConvertible {
    var name: String
    var step: Int?
    var replacing: String
    var with: String
    var status: Int32
    var testDescription: String { name }
  }

  static let mistakes = [
    Mistake(name: "an empty file", step: nil, replacing: "", with: "", status: 1),
    Mistake(
      name: "an unquoted colour", step: 1, replacing: "backgroundColor: \"#007AFF\"",
      with: "backgroundColor: #007AFF", status: 1),
    Mistake(name: "an animation that snaps back", step: 3, replacing: "    to: 1\n", with: "    to: 0.5\n", status: 0),
  ]

  @Test(arguments: mistakes) func theReportsTheTutorialPrintsAreScenecs(mistake: Mistake) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var text = ""
    if let step = mistake.step {
      let original = try DocumentedSpecs.read(Self.path(step))
      try #require(original.components(separatedBy: mistake.replacing).count == 2, "not once in step \(step)")
      text = original.replacingOccurrences(of: mistake.replacing, with: mistake.with)
    }
    try text.write(to: folder.appendingPathComponent("button.yaml"), atomically: true, encoding: .utf8)
    let lint = try DocumentedSpecs.scenec(["lint", "button.yaml"], in: folder)
    #expect(lint.status == mistake.status)
    #expect(lint.standardOutput.contains("button.yaml:"))
    let document = try DocumentedSpecs.read(Self.document)
    #expect(document.contains("```text\n" + lint.standardOutput + "```\n"), "\(lint.standardOutput)")
  }

  /// The sampled values of one layer's property at `times` (a spec or plan, relative to the repository), each
  /// value's first component, or every component in order when `component` is nil.
  static func values(
    _ path: String, _ layer: String, _ keys: String..., at times: [Double], _ arguments: [String] = [],
    component: Int? = 0
  ) throws -> [Double] {
    let file = path.hasPrefix("/") ? path : CLI.repositoryRoot.appendingPathComponent(path).path
    let at = times.map { String($0) }.joined(separator: ",")
    let sample = try DocumentedSpecs.scenec(["sample", file, "--at", at] + arguments)
    try #require(sample.status == 0, "\(sample.standardError)")
    let values = try DocumentedSpecs.sampled(sample.standardOutput, layer: layer, keys)
    return try values.flatMap { value -> [Double] in
      if let number = value as? Double { return [number] }
      let list = try #require(value as? [Double], "\(keys) is not a number or a list: \(value)")
      return component.map { [list[$0]] } ?? list
    }
  }
}
