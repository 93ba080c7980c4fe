import Foundation
import Testing

/// Issue 14: extreme numbers and endless inputs through every command of the real binary. Each must exit 0, 1 or 2
/// as expected within the hostile-input bounds (`HostileLimits`), print no NaN or infinity where a number belongs
/// ("nan", "inf" in `sample`'s JSON), and fail with a located diagnostic where it fails.
struct ExtremeCase: CustomTestStringConvertible, Sendable {
  let name: String
  /// The spec's text; nil for `input`.
  var spec: String?
  /// A device or file read instead of a spec (`/dev/zero`).
  var input: String? = nil
  /// Exit status expected from lint, compile and sample of the spec; export svg is held to 0…1.
  let status: Int32
  /// The diagnostic code a failure names.
  var code: String? = nil
  /// Also run `sample PLAN.json` and `export svg` (needs a plan).
  var commands: [String] = ExtremeCase.allCommands

  static let allCommands = ["lint", "compile", "sample", "sample PLAN.json", "export svg"]
  var testDescription: String { name }

  static let header = "scene: extreme\nsize: [100, 100]\n"

  static func shape(_ path: String) -> String {
    header + "layers:\n  - id: a\n    type: shape\n    path: \"\(path)\"\n    fillColor: red\n"
  }

  static func animation(_ body: String) -> String {
    header + "layers:\n  - id: a\ntimelines:\n  t:\n    autoplay: true\n    target: a\n    duration: 1\n" + body
  }

  static let all: [ExtremeCase] = [
    ExtremeCase(name: "arc radius 1e-200", spec: shape("M0 0 A1e-200 1e-200 0 0 1 10 10"), status: 0),
    ExtremeCase(name: "arc radius 5e-324", spec: shape("M0 0 A5e-324 5e-324 0 0 1 10 10"), status: 0),
    ExtremeCase(name: "arc radii 5e-324 and 1", spec: shape("M0 0 A5e-324 1 0 0 1 10 10"), status: 0),
    ExtremeCase(name: "arc radius 1.7e308", spec: shape("M0 0 A1.7e308 1.7e308 0 1 1 10 10"), status: 0),
    ExtremeCase(name: "arc rotation 1e308", spec: shape("M0 0 A10 20 1e308 0 1 10 10"), status: 0),
    ExtremeCase(name: "arc rotation -1e308", spec: shape("M0 0 A10 20 -1e308 0 1 10 10"), status: 0),
    ExtremeCase(
      name: "arc command, angles ±1.7e308",
      spec: header + "layers:\n  - id: a\n    type: shape\n    path:\n      - arc: {center: [50, 50], radius: 10, "
        + "start: 1.7e308, end: -1.7e308}\n", status: 0),
    ExtremeCase(
      name: "timing curve y 1.7e308",
      spec: animation(
        "    keyPath: opacity\n    from: 0\n    to: 1\n"
          + "    timingFunction: [0.5, 1.7e308, 0.5, 1]\n"), status: 1, code: "E0303"),
    ExtremeCase(
      name: "motion cubic near 1e155",
      spec: animation("    keyPath: position\n    path: \"M0 0 C1e155 0 0 1e155 10 10\"\n"),
      status: 0),
    ExtremeCase(
      name: "lerp -1.7e308 to 1.7e308",
      spec: animation("    keyPath: position.x\n    from: -1.7e308\n    to: 1.7e308\n"),
      status: 0),
    ExtremeCase(
      name: "paced keyframes over ±1.7e308",
      spec: animation(
        "    keyPath: position\n    values: [[-1.7e308, 1.7e308], [1.7e308, -1.7e308], [-1.7e308, 0]]\n"
          + "    calculationMode: paced\n"), status: 0),
    ExtremeCase(
      name: "spring mass 1e-300 stiffness 1e300",
      spec: animation(
        "    keyPath: position.x\n    from: 0\n    to: 10\n    spring: {mass: 1e-300, stiffness: 1e300}\n"),
      status: 1, code: "E0303"),
    ExtremeCase(
      name: "position + translation overflow",
      spec: header + "layers:\n  - id: a\n    position: [1.7e308, -1.7e308]\n"
        + "    transform: {translation: [1.7e308, -1.7e308], scale: 1e300}\n", status: 0),
    ExtremeCase(
      name: "repeatCount 3.4e38, speed 1e-300",
      spec: animation("    keyPath: opacity\n    from: 0\n    to: 1\n    repeatCount: 3.4e38\n    speed: 1e-300\n"),
      status: 0),
    ExtremeCase(
      name: "fontSize 3.4e38",
      spec: header + "layers:\n  - id: a\n    type: text\n    string: Hi\n    fontSize: 3.4e38\n", status: 1,
      code: "E0303"),
    ExtremeCase(name: "12000-name let chain after an overflow", spec: letChain(12_000), status: 1, code: "E0408"),
    ExtremeCase(name: "12000-name colour let chain", spec: colourChain(12_000, first: "\"#007AFF\""), status: 0),
    ExtremeCase(
      name: "12000-name colour let chain after a bad colour", spec: colourChain(12_000, first: "\"#00GGFF\""),
      status: 1, code: "E0413", commands: ["lint", "compile"]),
    ExtremeCase(name: "12000-name point let chain", spec: pointChain(12_000), status: 0),
    ExtremeCase(
      name: "/dev/zero", input: "/dev/zero", status: 1, code: "E0111", commands: ["lint", "compile", "sample"]),
  ]

  /// The cases at and past the instance limits, the suite's longest by far in a debug build (the 100,000-animation
  /// plan is 100 MB): a suite of their own, so that they run beside the others instead of after them.
  static let limits: [ExtremeCase] = [
    ExtremeCase(
      name: "100,000 animations (the limit)", spec: animations(instances: 10_000, each: 10), status: 0,
      commands: ["lint", "compile", "sample PLAN.json"]),
    ExtremeCase(
      name: "110,000 animations", spec: animations(instances: 10_000, each: 11), status: 1, code: "E0605",
      commands: ["lint", "compile"]),
    ExtremeCase(
      name: "2000 keyframes fanned over 10,000 instances", spec: fannedKeyframes(instances: 10_000, keyframes: 2000),
      status: 1, code: "E0606", commands: ["lint", "compile", "sample"]),
  ]

  static func fannedKeyframes(instances: Int, keyframes: Int) -> String {
    let values = (0..<keyframes).map { String($0 % 2) }.joined(separator: ", ")
    return header + "layers:\n  - id: dot\n    repeat: \(instances)\ntimelines:\n  t:\n    autoplay: true\n"
      + "    target: dot\n    keyPath: opacity\n    values: [\(values)]\n    duration: 1\n"
  }

  static func letChain(_ count: Int) -> String {
    var text = header + "let:\n  a0: 1e308 * 10\n"
    for index in 1..<count { text += "  a\(index): a\(index - 1) + 1\n" }
    return text + "layers:\n  - id: a\n    opacity: a\(count - 1)\n"
  }

  /// Each name an alias of the one before, as `accent: brand` is.
  static func colourChain(_ count: Int, first: String) -> String {
    var text = header + "let:\n  c0: \(first)\n"
    for index in 1..<count { text += "  c\(index): c\(index - 1)\n" }
    return text + "layers:\n  - id: a\n    bounds: [0, 0, 10, 10]\n    backgroundColor: c\(count - 1)\n"
  }

  /// A point, then each name an alias of the one before.
  static func pointChain(_ count: Int) -> String {
    var text = header + "let:\n  p0: [1, 2]\n"
    for index in 1..<count { text += "  p\(index): p\(index - 1)\n" }
    return text + "layers:\n  - id: a\n    bounds: [0, 0, 10, 10]\n    position: p\(count - 1)\n"
  }

  static func animations(instances: Int, each: Int) -> String {
    var text =
      header + "layers:\n  - id: dot\n    repeat: \(instances)\ntimelines:\n  t:\n    autoplay: true\n"
      + "    target: dot\n    group:\n"
    for index in 0..<each {
      text += "      - {keyPath: opacity, values: [0, 1, 0.5], duration: \(1 + Double(index) / 10)}\n"
    }
    return text
  }
}

/// The limit cases, serialized among themselves (each measures its own time and memory) but beside the others.
@Suite(.serialized) struct HostileLimitTests {
  @Test(arguments: ExtremeCase.limits)
  func everyCommandEndsQuicklyAtTheLimits(_ extreme: ExtremeCase) throws {
    try HostileExtremeTests.check(extreme)
  }
}

@Suite(.serialized) struct HostileExtremeTests {
  @Test(arguments: ExtremeCase.all)
  func everyCommandEndsQuicklyWithFiniteNumbers(_ extreme: ExtremeCase) throws {
    try Self.check(extreme)
  }

  /// Every command of the case in the real binary: the expected exit, within the time and memory bounds, no
  /// non-finite number printed, and the located diagnostic.
  static func check(_ extreme: ExtremeCase) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path: String
    if let spec = extreme.spec {
      path = folder.appendingPathComponent("extreme.yaml").path
      try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
    } else {
      path = try #require(extreme.input)
    }
    let plan = folder.appendingPathComponent("plan.json").path
    for command in extreme.commands {
      let arguments: [String]
      switch command {
      case "lint": arguments = ["lint", "--short", path]
      case "compile": arguments = ["compile", path, "-o", plan]
      case "sample": arguments = ["sample", path, "--at", "0,0.25,0.5,1,1e300"]
      case "sample PLAN.json": arguments = ["sample", plan, "--at", "0,0.25,0.5,1,1e300"]
      default: arguments = ["export", "svg", path, "--at", "0.5"]
      }
      if command == "sample PLAN.json" && extreme.status != 0 { continue }
      let run = try Scenec.run(arguments, timeout: HostileLimits.timeout)
      let label =
        "\(command) \(extreme.name): exit \(run.status), wall \(String(format: "%.2f", run.wallSeconds)) s, cpu "
        + "\(run.cpuSeconds.map { String(format: "%.2f", $0) } ?? "?") s, peak \(run.peakKiB / 1024) MiB"
      print("[hostile] \(label)")
      #expect(!run.killedForTimeout, "\(label): killed after the timeout")
      if command == "export svg" {
        #expect(
          run.status == extreme.status || (extreme.status == 0 && run.status == 1),
          "\(label)\n\(run.standardError.prefix(2000))")
      } else {
        #expect(
          run.status == extreme.status,
          "\(label)\n\(run.standardOutput.prefix(1000))\n\(run.standardError.prefix(2000))")
      }
      #expect(run.wallSeconds < HostileLimits.wallLimit, "\(label): wall time over \(HostileLimits.wallLimit) s")
      if let cpu = run.cpuSeconds {
        #expect(cpu < HostileLimits.cpuLimit, "\(label): CPU time over \(HostileLimits.cpuLimit) s")
      }
      #expect(run.peakKiB < HostileLimits.peakKiB, "\(label): peak RSS over \(HostileLimits.peakKiB / 1024) MiB")
      if command.hasPrefix("sample") {
        for word in ["\"nan\"", "\"inf\"", "\"-inf\"", "nan,", "inf,", " nan", " inf"] {
          #expect(!run.standardOutput.contains(word), "\(label): \(word) in the samples")
        }
      }
      if let code = extreme.code, command != "export svg" {
        let report = command == "lint" ? run.standardOutput : run.standardError
        let located = report.split(separator: "\n").first { $0.hasPrefix(path + ":") && $0.contains(": error: ") }
        #expect(located?.hasSuffix("[\(code)]") == true, "\(label): no located \(code) in\n\(report.prefix(2000))")
      }
    }
  }

  /// An endless stream on standard input is read only up to the limit.
  @Test func anEndlessStandardInputStopsAtTheLimit() throws {
    for command in [["lint", "--short", "-"], ["compile", "-"], ["sample", "-", "--at", "0"]] {
      let run = try Scenec.run(command, stdinPath: "/dev/zero", timeout: HostileLimits.timeout)
      let label =
        "\(command.joined(separator: " ")) < /dev/zero: exit \(run.status), cpu "
        + "\(run.cpuSeconds.map { String(format: "%.2f", $0) } ?? "?") s, peak \(run.peakKiB / 1024) MiB"
      print("[hostile] \(label)")
      #expect(run.status == 1, "\(label)\n\(run.standardError.prefix(500))")
      #expect(run.peakKiB < HostileLimits.peakKiB, "\(label)")
      #expect((run.standardOutput + run.standardError).contains("[E0111]"), "\(label)")
    }
    // With a small limit it is over at once.
    let small = try Scenec.run(["lint", "--short", "--max-input-bytes", "1000", "-"], stdinPath: "/dev/zero")
    #expect(small.status == 1)
    #expect(small.peakKiB < 100 << 10, "peak \(small.peakKiB) KiB")
    #expect(small.standardOutput.contains("larger than the limit of 1000 bytes [E0111]"), "\(small.standardOutput)")
  }

  /// Values that overflow in evaluation are printed saturated, each with a warning on standard error.
  @Test func overflowingValuesAreSaturatedWithAWarning() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("overflow.yaml").path
    try Data(ExtremeCase.all.first { $0.name == "position + translation overflow" }!.spec!.utf8)
      .write(to: URL(fileURLWithPath: path))
    let run = try Scenec.run(["sample", path, "--at", "0"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("1.7976931348623157e+308"), "\(run.standardOutput)")
    #expect(
      run.standardError.contains("warning: layer 'a': matrix at time 0 is beyond ±1.8e308"), "\(run.standardError)")
    #expect(run.standardError.contains("[W0913]"), "\(run.standardError)")
  }
}
