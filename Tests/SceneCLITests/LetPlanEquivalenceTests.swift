import Foundation
import Testing

/// A `let` name is only a name for its value: a spec written with names compiles to the very plan of the same
/// spec written with the values in place, byte for byte.
@Suite struct LetPlanEquivalenceTests {
  /// Every kind of value a `let` holds, used in every kind of place: layer properties, a repeated layer's, a
  /// transform's parts, keyframe values and key times, from/to/by, a spring, a timing curve, a duration, a state
  /// pose and a transition.
  /// Each name is exactly as long as the text it stands for, and `let` comes last, so the two specs place every
  /// part at the same bytes and even the plans' source maps agree.
  static let body = """
    scene: typed lets
    size: [200, 120]
    layers:
      - id: box
        type: shape
        frame: cardRectangle1
        fillColor: brandBlue
        strokeColor: inkBk
        lineDashPattern: dash42
        path: "M0 0 L80 0 L80 40 Z"
        transform: {translation: shift55, scale: shift55}
      - id: fan
        repeat: 3
        position: ["20 + 30 * i", 60]
        bounds: [0, 0, 10, 10]
        backgroundColor: accentToo
    timelines:
      intro:
        autoplay: true
        fillMode: forwards
        removedOnCompletion: false
        group:
          - keyPath: fillColor
            target: box
            values: [brandBlue, warnRedInFlowLists, "#34C759"]
            keyTimes: threeBeats1
            duration: blink
            timingFunction: easeCurveForTheCards
          - {target: box, keyPath: position, from: origin20, to: [100, 60], duration: 1}
          - {target: fan, keyPath: transform.rotation.z, to: quart, duration: blink}
          - {target: fan, keyPath: backgroundColor, to: dimShadeInFlowMapping, duration: 1}
          - {target: fan, keyPath: position, by: shift55, duration: 1, additive: true}
          - {target: box, keyPath: bounds, from: cardRectangle1, to: [0, 0, 90, 50],
             spring: {duration: 0.5, bounce: 0.2}}
    states:
      initial: idle
      events: [tap]
      idle: {}
      lit:
        pose:
          box: {fillColor: warnRedInFlowLists, position: origin20}
          fan: {backgroundColor: dimShadeInFlowMapping, transform.rotation.z: quart}
        final: true
      transitions:
        - {from: idle, on: tap, to: lit, duration: blink, timingFunction: easeCurveForTheCards}

    """

  /// The names, each with the text it stands for where it is used.
  static let values: [(name: String, definition: String, literal: String)] = [
    ("cardRectangle1", "[0, 0, 80, 40]", "[0, 0, 80, 40]"),
    ("brandBlue", "\"#007AFF\"", "\"#007AFF\""),
    ("accentToo", "brandBlue", "\"#007AFF\""),
    ("inkBk", "black", "black"),
    ("dash42", "[4, 2]", "[4, 2]"),
    ("shift55", "[5, -5]", "[5, -5]"),
    ("warnRedInFlowLists", "rgb(255, 59, 48)", "\"rgb(255, 59, 48)\""),
    ("dimShadeInFlowMapping", "rgba(0, 0, 0, 0.25)", "\"rgba(0, 0, 0, 0.25)\""),
    ("blink", "250ms", "250ms"),
    ("threeBeats1", "[0, 0.4, 1]", "[0, 0.4, 1]"),
    ("quart", "90deg", "90deg"),
    ("easeCurveForTheCards", "[0.25, 0.1, 0.25, 1]", "[0.25, 0.1, 0.25, 1]"),
    ("origin20", "[pad, pad * 2]", "[10, 20]"),
  ]

  static var named: String {
    body + "let:\n  pad: 10\n" + values.map { "  \($0.name): \($0.definition)\n" }.joined()
  }

  static var literal: String {
    values.reduce(body) { $0.replacingOccurrences(of: $1.name, with: $1.literal) }
  }

  /// The plan `scenec compile` prints for each spec, each saved in turn at one path (the source map names it).
  static func compile(_ specs: [String]) throws -> [CLIRun] {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scene.yaml").path
    return try specs.map { spec in
      try spec.write(toFile: path, atomically: true, encoding: .utf8)
      return CLI.run(["compile", path])
    }
  }

  @Test func namedSpecCompilesToTheLiteralSpecsPlan() throws {
    let plans = try Self.compile([Self.named, Self.literal])
    let (named, literal) = (plans[0], plans[1])
    #expect(named.status == 0, "\(named.standardError)")
    #expect(literal.status == 0, "\(literal.standardError)")
    #expect(named.standardError.isEmpty, "the named spec should lint clean: \(named.standardError)")
    #expect(!named.standardOutput.isEmpty)
    #expect(!Self.literal.contains("brandBlue"), "every name is replaced")
    #expect(Self.literal.utf8.count == Self.body.utf8.count, "each name as long as its text")
    #expect(named.standardOutput == literal.standardOutput)
  }

  /// The comparison above can fail: changing one named value changes the plan.
  @Test func aDifferentValueGivesADifferentPlan() throws {
    let changed = Self.named.replacingOccurrences(of: "brandBlue: \"#007AFF\"", with: "brandBlue: \"#007AFE\"")
    #expect(changed != Self.named)
    let plans = try Self.compile([changed, Self.literal])
    #expect(plans[0].status == 0, "\(plans[0].standardError)")
    #expect(plans[0].standardOutput != plans[1].standardOutput)
  }
}
