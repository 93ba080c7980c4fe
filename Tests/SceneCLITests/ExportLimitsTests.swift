import Foundation
import Testing

/// Issue 14: specs that lint clean but whose timing is extreme (huge repeats, begin times, durations, tiny speeds,
/// far events, overflowing values, huge curves) through every exporter, as child processes of the real binary:
/// each exits 0, 1 or 2 within the hostile-input time bound and under 1 GiB (HostileLimits), never a trap or hang,
/// and says so where it cuts the export (W0912) or leaves something out (W0913).
struct ExportExtreme: CustomTestStringConvertible, Sendable {
  let name: String
  let yaml: String
  var events: String?
  /// The warning every export command prints (nil: none required).
  var code: String?

  var testDescription: String { name }

  static func timeline(_ extra: String, duration: String = "1", keyPath: String = "opacity") -> String {
    """
    scene: extreme
    size: [100, 100]
    layers:
      - {id: a, frame: [10, 10, 20, 20], backgroundColor: red}
    timelines:
      t: {target: a, autoplay: true, keyPath: \(keyPath), from: 0, to: 1, duration: \(duration)\(extra)}
    """
  }

  static let states = """
    scene: extreme
    size: [100, 100]
    layers:
      - {id: a, frame: [10, 10, 20, 20], backgroundColor: red}
    states:
      initial: idle
      events: [tap]
      idle: {}
      pressed:
        pose:
          a: {transform.scale: 0.8}
      transitions:
        - {from: idle, on: tap, to: pressed}
        - {from: pressed, on: tap, to: idle}
    """

  static let all: [ExportExtreme] = [
    ExportExtreme(name: "repeatCount: 3.4e38", yaml: timeline(", repeatCount: 3.4e38")),
    ExportExtreme(name: "duration 1e20", yaml: timeline("", duration: "1e20"), code: "W0912"),
    ExportExtreme(name: "beginTime 1e20", yaml: timeline(", beginTime: 1e20"), code: "W0912"),
    ExportExtreme(name: "repeatDuration 1e20", yaml: timeline(", repeatDuration: 1e20")),
    ExportExtreme(name: "speed 1e-20", yaml: timeline(", speed: 1e-20"), code: "W0912"),
    ExportExtreme(name: "beginTime 1e308", yaml: timeline(", beginTime: 1e308"), code: "W0912"),
    ExportExtreme(name: "repeatCount 1e6 autoreverses", yaml: timeline(", repeatCount: 1e6, autoreverses: true")),
    ExportExtreme(
      name: "cycle shorter than a frame, 5000 repeats", yaml: timeline(", repeatCount: 5000", duration: "0.02")),
    ExportExtreme(
      name: "spring with damping 0.001",
      yaml: """
        scene: extreme
        size: [100, 100]
        layers:
          - {id: a, frame: [10, 10, 20, 20], backgroundColor: red}
        timelines:
          t: {target: a, autoplay: true, keyPath: position.x, from: 0, to: 50, spring: {damping: 0.001}, \
        fillMode: forwards, removedOnCompletion: false}
        """, code: "W0912"),
    ExportExtreme(name: "--events tap@1e300", yaml: states, events: "tap@1e300", code: "W0912"),
    ExportExtreme(name: "--events tap@100000", yaml: states, events: "tap@100000", code: "W0912"),
    ExportExtreme(
      name: "position 1e308 + translation 1e308",
      yaml: """
        scene: extreme
        size: [100, 100]
        layers:
          - {id: far, position: [1e308, 10], bounds: [0, 0, 20, 20], transform: {translation: [1e308, 0]}, \
        backgroundColor: red}
        """, code: "W0913"),
    ExportExtreme(
      name: "trimmed curves with coordinates 1e155 and 1e200",
      yaml: """
        scene: extreme
        size: [100, 100]
        layers:
          - {id: s, type: shape, frame: [0, 0, 100, 100], path: "M0 0 C1e155 0 0 1e155 10 10 Q1e200 3 5 5", \
        strokeColor: black, lineWidth: 2, strokeEnd: 0.5}
        """),
  ]
}

@Suite struct ExportLimitsTests {
  /// 100 instances moving for 10 s: the samples limit's scene.
  static let hundredDots = """
    scene: many
    size: [100, 100]
    layers:
      - {id: dot, repeat: 100, frame: [i, 10, 2, 2], backgroundColor: red}
    timelines:
      t: {target: dot, autoplay: true, keyPath: position.y, from: 0, to: 50, duration: 10}
    """

  static let commands: [[String]] = [
    ["export", "lottie"], ["export", "svg", "--at", "0.5"], ["export", "filmstrip"],
  ]

  @Test(arguments: ExportExtreme.all)
  func everyExportFinishesQuicklyInBoundedMemory(_ extreme: ExportExtreme) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(extreme.yaml, name: "extreme", in: folder)
    let lint = try Scenec.run(["lint", spec])
    #expect(lint.status == 0, "the extreme must lint clean: \(lint.standardOutput)")
    for command in Self.commands {
      let output = folder.appendingPathComponent("out").path
      let events = extreme.events.map { ["--events", $0] } ?? []
      let run = try Scenec.run(command + [spec, "-o", output] + events, timeout: HostileLimits.timeout)
      let label = "\(command.joined(separator: " ")) on \(extreme.name)"
      #expect(!run.killedForTimeout, "\(label) hung")
      #expect(run.status == 0, "\(label): exit \(run.status): \(run.standardError)")
      #expect(
        (run.cpuSeconds ?? run.wallSeconds) < HostileLimits.cpuLimit, "\(label): \(run.cpuSeconds ?? -1) s of CPU")
      #expect(run.peakKiB < HostileLimits.peakKiB, "\(label): peak \(run.peakKiB) KiB")
      let written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      #expect(!written.contains("nan") && !written.contains("inf"), "\(label) wrote a NaN or infinity")
      // Only the span is cut (W0912): an SVG at one instant has no span; W0913 concerns what is drawn.
      if let code = extreme.code, code == "W0913" || command[1] != "svg" {
        #expect(run.standardError.contains("[\(code)]"), "\(label) did not warn \(code): \(run.standardError)")
      }
    }
  }

  @Test func anOverflowingLayerIsLeftOutOfSVGAndClampedInLottie() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      ExportExtreme.all.first { $0.code == "W0913" }!.yaml, name: "overflow", in: folder)
    let svg = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(svg.status == 0)
    #expect(!svg.standardOutput.contains("layer-far"), "the overflowing layer must not be drawn (at 0, or anywhere)")
    #expect(svg.standardError.contains("layer 'far'") && svg.standardError.contains("[W0913]"))
    let lottie = CLI.run(["export", "lottie", spec])
    #expect(lottie.status == 0)
    #expect(lottie.standardOutput.contains("1.7976931348623157e+308"), "Lottie gets the nearest finite value, not 0")
  }

  /// A 1e308-point scene at --scale 16 is wider than a double: an error saying so, not a filmstrip of width 0.
  @Test func aFilmstripTooLargeToMeasureIsRefused() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      "scene: big\nsize: [1e308, 1e308]\nlayers:\n  - id: a\n    frame: [0, 0, 50, 50]\n", name: "big", in: folder)
    let scaled = CLI.run(["export", "filmstrip", spec, "--frames", "3", "--scale", "16"])
    #expect(scaled.status == 2)
    #expect(scaled.standardOutput.isEmpty)
    #expect(scaled.standardError.contains("the filmstrip would be wider or taller than a number can say"))
    let plain = CLI.run(["export", "filmstrip", spec, "--frames", "3"])
    #expect(plain.status == 0)
    #expect(plain.standardOutput.contains(#"width="1e+308""#))
  }

  /// A static path of 10,000 curves under a 60 s animation of something else: each frame's value of the path was
  /// kept (3,600 × 60,000 numbers, 3.4 GB, found by a black-box sweep); a value nothing writes is read once. Also
  /// in a scene with states whose poses leave the path alone.
  @Test(arguments: [false, true]) func aStaticLargePathCostsItsSizeOnce(withStates: Bool) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var yaml =
      ExportFixtures.slowPathScene + "\n" + """
        timelines:
          t:
            autoplay: true
            target: p
            keyPath: opacity
            values: [1, 0, 1]
            duration: 60

        """
    if withStates {
      yaml += """
        states:
          initial: idle
          events: [tap]
          idle: {}
          dim:
            pose:
              p: {opacity: 0.5}
          transitions:
            - {from: idle, on: tap, to: dim, duration: 0.3}
            - {from: dim, on: tap, to: idle, duration: 0.3}

        """
    }
    let spec = ExportFixtures.write(yaml, name: "longpath", in: folder)
    let run = try Scenec.run(["export", "lottie", spec])
    #expect(run.status == 0, "\(run.standardError)")
    let lastsTheMinute = run.standardOutput.contains("\"op\":3600")  // a Bool: the document is 200 KB
    #expect(lastsTheMinute)
    #expect(run.peakKiB < 300_000, "peak \(run.peakKiB) KiB")
  }

  /// SVG draws a conic gradient as 72 sectors, so each counts as 72 layer states: 100,000 of them made one 890 MB
  /// SVG in 45 s and 3.5 GB. Ten conic instances are 720 states a frame: refused below that, drawn at it; and
  /// their one W0930 each is one warning at their definition, with a note counting the other instances.
  @Test func conicGradientsCountAsTheirSectors() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      "scene: conic\nsize: [100, 100]\nlayers:\n  - id: g\n    repeat: 10\n    type: gradient\n"
        + "    frame: [i * 10, 0, 10, 10]\n    colors: [red, blue]\n    gradientType: conic\n"
        + "timelines:\n  t:\n    autoplay: true\n    target: g\n    keyPath: opacity\n    values: [1, 0]\n"
        + "    duration: 1\n",
      name: "conic", in: folder)
    let refused = CLI.run(["export", "svg", spec, "--at", "0", "--max-export-samples", "719"])
    #expect(refused.status == 1)
    #expect(refused.standardOutput.isEmpty)
    #expect(refused.standardError.contains("one frame of this scene draws 720 layer states in SVG (10 layers"))
    let drawn = CLI.run(["export", "svg", spec, "--at", "0", "--max-export-samples", "720"])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    #expect(drawn.standardError.components(separatedBy: "[W0930]").count == 2, "\(drawn.standardError)")
    #expect(drawn.standardError.contains("the same for 9 more layer instances defined here"))
    let filmstrip = CLI.run(["export", "filmstrip", spec, "--frames", "2", "--max-export-samples", "1000"])
    #expect(filmstrip.status == 2)
    #expect(filmstrip.standardError.contains("720 layer states a frame (a conic gradient counts as its sectors)"))
  }

  /// A filmstrip held every frame's layer states and every line of SVG as a string of its own: at the samples
  /// limit (10,000 layers, 50 frames) 1.27 GB for 235 MB of SVG. Drawn frame by frame into one text, and written
  /// from it, the peak stays near the text's size (here 30 frames, 55 MB of SVG: 172 MB, where it was 510 MB).
  @Test func aFilmstripOfManyLayersCostsAboutItsText() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      "scene: many\nsize: [100, 100]\nlayers:\n  - id: dot\n    repeat: 10000\n    frame: [i % 100, i / 100, 1, 1]\n"
        + "    backgroundColor: red\n    cornerRadius: 0.5\ntimelines:\n  t:\n    autoplay: true\n    target: dot\n"
        + "    keyPath: opacity\n    values: [0, 1, 0.5]\n    duration: 1\n",
      name: "many", in: folder)
    let output = folder.appendingPathComponent("strip.svg").path
    let run = try Scenec.run(["export", "filmstrip", spec, "--frames", "30", "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    let size = (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
    #expect(size > 45_000_000)
    #expect(run.peakKiB * 1024 < 4 * size, "peak \(run.peakKiB) KiB for \(size) bytes")
  }

  @Test func aTrimmedHugeCurveKeepsItsTrimmedHalf() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      """
      scene: huge
      size: [100, 100]
      layers:
        - {id: s, type: shape, frame: [0, 0, 100, 100], path: "M0 0 L4e200 0", fillColor: clear, strokeColor: black, \
      lineWidth: 2, strokeEnd: 0.5}
      """, name: "huge", in: folder)
    let svg = CLI.run(["export", "svg", spec, "--at", "0"])
    #expect(svg.status == 0)
    // Half of a line 4e200 long: scaled down and back by powers of two, so exactly 2e200.
    #expect(svg.standardOutput.contains("d=\"M0 0 L2e+200 0\""), "\(svg.standardOutput)")
  }

  @Test func aRepeatForeverInFloatMaxIsOnePeriod() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      ExportExtreme.timeline(", repeatCount: 3.4e38, autoreverses: true"), name: "fltmax", in: folder)
    let run = CLI.run(["export", "lottie", spec])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix(#"{"v":"5.7.4","fr":60,"ip":0,"op":120,"#), "one autoreversing period of 2 s")
    #expect(!run.standardError.contains("W0912"))
  }

  @Test func theFrameLimitCutsTheSpanAndIsAFlag() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(ExportExtreme.timeline("", duration: "30"), name: "long", in: folder)
    let cut = CLI.run(["export", "lottie", spec, "--max-export-frames", "120"])
    #expect(cut.status == 0)
    #expect(cut.standardOutput.hasPrefix(#"{"v":"5.7.4","fr":60,"ip":0,"op":120,"#))
    #expect(
      cut.standardError.contains(
        "the export would last 30 s; it stops at 2 s, the limit of 120 frames (--max-export-frames) [W0912]"))
    let whole = CLI.run(["export", "lottie", spec])
    #expect(
      whole.standardOutput.hasPrefix(#"{"v":"5.7.4","fr":60,"ip":0,"op":1800,"#)
        && !whole.standardError.contains("W0912"))
    let duration = CLI.run(["export", "lottie", spec, "--duration", "200"])
    #expect(duration.status == 2)
    #expect(duration.standardError.contains("--duration 200 is longer than an export may last: 100 s at 60 fps"))
    let filmstrip = CLI.run(["export", "filmstrip", spec, "--max-export-frames", "60"])
    #expect(filmstrip.status == 0)
    #expect(
      filmstrip.standardError.contains("the filmstrip stops at 1 s") && filmstrip.standardError.contains("[W0912]"))
  }

  /// `--frames N` draws N frames however long the span, so the samples limit does not cut the span (it did: 2
  /// frames of 100 layers stopped at 0.167 s "by the limit of 1000 layer states"); it still refuses N × layers over it.
  @Test func aFilmstripOfNFramesIsCutOnlyByItsFrames() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.hundredDots, name: "many", in: folder)
    let two = CLI.run(["export", "filmstrip", spec, "--frames", "2", "--max-export-samples", "1000"])
    #expect(two.status == 0, "\(two.standardError)")
    #expect(two.standardOutput.contains("t = 10 s"))
    #expect(!two.standardError.contains("[W0912]"), "\(two.standardError)")
    let eleven = CLI.run(["export", "filmstrip", spec, "--frames", "11", "--max-export-samples", "1000"])
    #expect(eleven.status == 2)
    #expect(eleven.standardError.contains("11 frames of 100 layers are more than an export may hold"))
  }

  @Test func theSamplesLimitGivesManyLayersFewerFrames() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(Self.hundredDots, name: "many", in: folder)
    let run = CLI.run(["export", "lottie", spec, "--max-export-samples", "6000"])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(#"{"v":"5.7.4","fr":60,"ip":0,"op":60,"#), "6000 states / 100 layers = 60 frames")
    #expect(run.standardError.contains("the limit of 6000 layer states (--max-export-samples) over 100 layers [W0912]"))
    let output = CLI.temporaryFolder().appendingPathComponent("many.json").path
    let layers = CLI.run(["export", "lottie", spec, "--max-export-layers", "99", "-o", output])
    #expect(layers.status == 1)
    #expect(
      layers.standardError.contains(
        "\(spec):1:1: error: the scene has 100 layer instances, more than a Lottie export takes "
          + "(--max-export-layers 99)"), "located at the scene's line")
    #expect(!FileManager.default.fileExists(atPath: output))
    let filmstrip = CLI.run(["export", "filmstrip", spec, "--frames", "100", "--max-export-samples", "6000"])
    #expect(filmstrip.status == 2)
    #expect(filmstrip.standardError.contains("100 frames of 100 layers are more than an export may hold"))
  }

  @Test func theKeyframeLimitFailsWithoutWriting() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      ExportExtreme.timeline(", repeatCount: 20, autoreverses: true"), name: "kf", in: folder)
    let output = folder.appendingPathComponent("kf.json").path
    let run = CLI.run(["export", "lottie", spec, "--max-export-keyframes", "10", "-o", output])
    #expect(run.status == 1)
    #expect(run.standardError.contains("error: the export needs more than 10 keyframes (--max-export-keyframes)"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(CLI.run(["export", "lottie", spec, "-o", output]).status == 0)
  }
}
