import SceneRuntime
import Testing

/// Event scripts as the runtime reads them, before any plan: the `name@seconds` syntax and the order of events.
@Suite("Event script")
struct EventScriptTests {
  @Test func scriptParsing() throws {
    let script = try EventScript(parsing: " release@1.2, press@0 ,tap@1.2")
    #expect(script.events.map(\.description) == ["press@0", "release@1.2", "tap@1.2"])
    for bad in ["", "press", "@1", "press@", "press@x", "press@nan", "press@inf", "press@0,,release@1"] {
      #expect(throws: EventScript.ParseError.self, "\(bad)") { try EventScript(parsing: bad) }
    }
  }

  @Test func sortingIsStableAndTotal() {
    let script = EventScript([
      .init("c", at: .nan), .init("b", at: 1), .init("a", at: 1), .init("d", at: -.infinity), .init("e", at: 0),
    ])
    #expect(script.events.map(\.name) == ["d", "e", "b", "a", "c"])
  }
}
