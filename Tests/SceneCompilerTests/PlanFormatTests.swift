import Foundation
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime
import SceneTestSupport
import Testing

/// Plan format 2 held to its documents and its promises: docs/plan-format.md and docs/plan.schema.json name every
/// member the writer emits and every slot; plans with more or fewer slots than this runtime load; format 1 is
/// refused with the fix; a written plan reads back to the same bytes.
@Suite("PlanFormat")
struct PlanFormatTests {
  static let specs = PlanTests.specs

  /// A seed spec's plan with its source map, as `scenec compile` writes it.
  static func compiled(_ spec: String) throws -> Plan {
    let url = PlanTestSupport.root.appendingPathComponent("specs/\(spec).yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    let source = SourceFile(path: "specs/\(spec).yaml", text: text)
    let scene = try #require(PlanTestSupport.scene(yaml: text, path: source.path))
    return PlanCompiler.compile(scene, source: source)
  }

  static func document(_ name: String) throws -> String {
    try String(contentsOf: PlanTestSupport.root.appendingPathComponent("docs/\(name)"), encoding: .utf8)
  }

  /// Every member name anywhere in `value`.
  static func memberNames(_ value: JSONValue, into names: inout Set<String>) {
    switch value {
    case .object(let members):
      for (key, member) in members {
        names.insert(key)
        memberNames(member, into: &names)
      }
    case .array(let items):
      for item in items { memberNames(item, into: &names) }
    default:
      break
    }
  }

  @Test("every member the writer emits is in the schema and the document; every slot is in the document")
  func documentsCoverTheWriter() throws {
    var names: Set<String> = []
    for spec in Self.specs { Self.memberNames(try Self.compiled(spec).json(), into: &names) }
    #expect(names.contains("sourceMap") && names.contains("timingFunction") && names.contains("machine"))
    let schema = try Self.document("plan.schema.json")
    let doc = try Self.document("plan-format.md")
    for name in names.sorted() {
      #expect(schema.contains("\"\(name)\""), "plan.schema.json lacks the member \(name)")
      #expect(doc.contains("`\(name)`"), "plan-format.md lacks the member \(name)")
    }
    #expect(!schema.contains("49") && !doc.contains("slotCount"), "no fixed slot count survives")
    var covered = 0
    for slot in PlanSlots.current {
      #expect(slot.first == covered, "slots tile the values: \(slot.name)")
      covered = slot.first + slot.width
      #expect(
        doc.contains("| `\(slot.name)` | \(slot.first) | \(slot.width) | \(slot.kind) |"),
        "plan-format.md lacks the slot row of \(slot.name)")
    }
    #expect(covered == SlotLayout.count)
  }

  @Test("write → read → write gives the same bytes, source map included", arguments: specs)
  func byteIdenticalRoundTrip(spec: String) throws {
    let plan = try Self.compiled(spec)
    let bytes = plan.prettyJSONBytes()
    let loaded = try Plan.load(json: try JSONParser.parse(bytes))
    #expect(loaded.warnings.isEmpty)
    #expect(loaded.plan == plan)
    #expect(loaded.plan.prettyJSONBytes() == bytes)
    let map = try #require(loaded.plan.sourceMap)
    #expect(map.path == "specs/\(spec).yaml")
    #expect(map.layers.count == plan.layers.count && map.tracks.count == plan.tracks.count)
    #expect(map.layers.allSatisfy { $0 != nil } && map.tracks.allSatisfy { $0 != nil })
  }

  /// A sequence member after an endless sibling never begins: its stage's beginTime is +∞, written "inf". The plan
  /// `scenec compile` writes must load and sample as the compiled one does (it was refused once).
  @Test("a plan whose stage begins at inf loads and samples as compiled")
  func aStageBeginningAtInfinityLoads() throws {
    let yaml = """
      scene: s
      size: [100, 100]
      layers:
        - {id: a, frame: [0, 0, 10, 10]}
      timelines:
        main:
          target: a
          autoplay: true
          sequence:
            - {keyPath: opacity, from: 0, to: 1, duration: 1, repeatCount: inf}
            - {keyPath: position.x, from: 0, to: 50, duration: 1, fillMode: backwards}
      """
    let plan = try #require(PlanTestSupport.plan(yaml: yaml, path: "s.yaml"))
    #expect(plan.tracks.stages.contains { $0.beginTime == .infinity })
    let bytes = plan.prettyJSONBytes()
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"beginTime\": \"inf\""))
    let loaded = try Plan.load(json: try JSONParser.parse(bytes)).plan
    #expect(loaded == plan)
    var compiled = Sampler(plan: plan)
    var read = Sampler(plan: loaded)
    var expected: [LayerFrame] = []
    var actual: [LayerFrame] = []
    for time in [0, 0.5, 1, 2.5, 1e6] {
      compiled.sample(at: time, playing: plan.autoplayTimelines, into: &expected)
      read.sample(at: time, playing: loaded.autoplayTimelines, into: &actual)
      #expect(actual == expected, "at \(time)")
    }
  }

  @Test("a source map points at the definitions, 1-based")
  func sourceMapLocations() throws {
    let yaml =
      "scene: s\nsize: [10, 10]\nlayers:\n  - id: a\n    frame: [0, 0, 10, 10]\ntimelines:\n  t:\n"
      + "    target: a\n    keyPath: opacity\n    from: 0\n    to: 1\n    duration: 1\n"
    let source = SourceFile(path: "s.yaml", text: yaml)
    let plan = PlanCompiler.compile(try #require(PlanTestSupport.scene(yaml: yaml, path: "s.yaml")), source: source)
    let layer = try #require(plan.sourceMap?.layers.first ?? nil)
    #expect((layer.line, layer.column) == (4, 5))
    #expect(String(decoding: Array(yaml.utf8)[layer.start..<layer.end], as: UTF8.self).hasPrefix("id: a"))
    let track = try #require(plan.sourceMap?.tracks.first ?? nil)
    #expect(track.line == 8 && track.column == 5)
  }

  @Test("a format-1 plan is refused with its version and the fix")
  func formatOneIsRefused() throws {
    let old: JSONValue = ["format": "scenec-plan", "formatVersion": 1, "scene": "s", "size": [1, 1], "slotCount": 49]
    do {
      _ = try Plan.load(json: old)
      Issue.record("a format-1 plan loaded")
    } catch {
      #expect(error.location == "formatVersion")
      #expect(error.message.contains("format 1") && error.message.contains("compile the spec again with this scenec"))
    }
  }

  @Test("a slot this runtime does not know is ignored with a warning, and so is a track writing it")
  func unknownSlot() throws {
    let plan = try Self.compiled("like-button")
    var json = plan.json()
    json = Self.editing(json, "slots") {
      .array(
        $0.arrayValue! + [["name": "futureGlow", "first": JSONValue(SlotLayout.count), "width": 1, "kind": "number"]])
    }
    json = Self.editing(json, "layers") { layers in
      .array(layers.arrayValue!.map { layer in Self.editing(layer, "values") { .array($0.arrayValue! + [7]) } })
    }
    json = Self.editing(json, "machine") { machine in
      Self.editing(machine, "states") { states in
        .array(
          states.arrayValue!.map { state in
            Self.editing(state, "values") { .array($0.arrayValue!.map { .array($0.arrayValue! + [7]) }) }
          })
      }
    }
    // A copy of the first track now writes the unknown slot; it is dropped and the timelines still line up.
    json = Self.editing(json, "tracks") { tracks in
      let glow = Self.editing(tracks.arrayValue![0], "slot") { _ in "futureGlow" }
      return .array([glow] + tracks.arrayValue!)
    }
    json = Self.editing(json, "timelines") { timelines in
      .array(
        timelines.arrayValue!.enumerated().map { index, timeline in
          Self.editing(timeline, "tracks") { range in
            .array(
              range.arrayValue!.enumerated().map {
                .number($0.element.numberValue! + (index == 0 && $0.offset == 0 ? 0 : 1))
              })
          }
        })
    }
    json = Self.editing(json, "sourceMap") { map in
      Self.editing(map, "tracks") { .array([.null] + $0.arrayValue!) }
    }
    let loaded = try Plan.load(json: json)
    #expect(loaded.plan == plan)
    #expect(loaded.warnings.count == 2)
    #expect(loaded.warnings.allSatisfy { $0.contains("futureGlow") })
  }

  @Test("a slot the plan lacks takes the property's default, and the other slots land by name")
  func missingSlot() throws {
    let plan = try Self.compiled("like-button")
    let opacity = try #require(PlanSlots.named("opacity"))
    // Drop the opacity slot from the table and its number from every layer's values, moving later slots down.
    var json = Self.editing(plan.json(), "slots") { slots in
      .array(
        slots.arrayValue!.compactMap { slot -> JSONValue? in
          guard slot["name"]?.stringValue != "opacity" else { return nil }
          let first = slot["first"]!.numberValue!
          return Self.editing(slot, "first") { _ in .number(first > Double(opacity.first) ? first - 1 : first) }
        })
    }
    func drop(_ values: JSONValue) -> JSONValue {
      var items = values.arrayValue!
      items.remove(at: opacity.first)
      return .array(items)
    }
    json = Self.editing(json, "layers") { layers in
      .array(layers.arrayValue!.map { Self.editing($0, "values", drop) })
    }
    json = Self.editing(json, "machine") { machine in
      Self.editing(machine, "states") { states in
        .array(states.arrayValue!.map { Self.editing($0, "values") { .array($0.arrayValue!.map(drop)) } })
      }
    }
    let loaded = try Plan.load(json: json)
    #expect(loaded.warnings.isEmpty)
    var expected = plan
    for layer in 0..<plan.layers.count {
      expected.layers.values[layer * SlotLayout.count + opacity.first] = SlotLayout.defaults[opacity.first]
    }
    #expect(loaded.plan.layers == expected.layers)
    #expect(loaded.plan.tracks == plan.tracks)
  }

  /// `value` with member `key` replaced by `transform` of it.
  static func editing(_ value: JSONValue, _ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.map { $0.0 == key ? ($0.0, transform($0.1)) : $0 })
  }
}
