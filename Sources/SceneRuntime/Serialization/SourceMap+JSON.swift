import SceneCore

/// The source map's JSON form (docs/plan-format.md, "Source map"): the spec's path and one location (or null) per
/// layer, track, state and transition, indexed like the plan's tables.
extension SourceMap {
  func json() -> JSONValue {
    var object = JSONObject()
    object.append("path", .string(path))
    object.append("layers", Self.json(layers))
    object.append("tracks", Self.json(tracks))
    object.append("states", Self.json(states))
    object.append("transitions", Self.json(transitions))
    return object.value
  }

  private static func json(_ locations: [Location?]) -> JSONValue {
    .array(
      locations.map { location in
        guard let location else { return .null }
        var object = JSONObject()
        object.append("line", JSONValue(location.line))
        object.append("column", JSONValue(location.column))
        object.append("start", JSONValue(location.start))
        object.append("end", JSONValue(location.end))
        return object.value
      })
  }

  /// Reads a source map whose lists match the plan's tables (`counts`: layers, JSON tracks, states, transitions).
  /// `keptTracks` lists the JSON tracks the loader kept, so their locations stay beside them.
  init(json: JSONValue, counts: [Int], keptTracks: [Int]) throws(PlanError) {
    let reader = try PlanReader(json, at: "sourceMap")
    var lists: [[Location?]] = []
    for (key, count) in zip(["layers", "tracks", "states", "transitions"], counts) {
      let items = try reader.array(key)
      guard items.count == count else { throw PlanError(reader.path(key), "expected \(count) entries") }
      var list: [Location?] = []
      for (index, item) in items.enumerated() {
        if item.isNull {
          list.append(nil)
          continue
        }
        let entry = try PlanReader(item, at: reader.path("\(key)[\(index)]"))
        let line = try entry.integer("line", in: 1..<Int.max)
        let column = try entry.integer("column", in: 1..<Int.max)
        let start = try entry.integer("start", in: 0..<Int.max)
        let end = try entry.integer("end", in: start..<Int.max)
        list.append(Location(line: line, column: column, start: start, end: end))
      }
      lists.append(list)
    }
    self.init(
      path: try reader.string("path"), layers: lists[0], tracks: keptTracks.map { lists[1][$0] }, states: lists[2],
      transitions: lists[3])
  }
}
