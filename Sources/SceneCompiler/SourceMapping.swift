import SceneDiagnostics
import SceneModel
import SceneRuntime

/// The plan's source map from the model's spans: where each layer, state and transition was written (tracks are
/// added as they are lowered, in track order).
enum SourceMapping {
  static func map(of scene: Scene, in source: SourceFile) -> SourceMap {
    var map = SourceMap(path: source.path)
    // By index: `scene.layers.map` copied (retained) every field of every layer.
    var line = 0
    map.layers = scene.layers.indices.map { location(scene.layers[$0].span, in: source, searchingFrom: &line) }
    if let machine = scene.stateMachine {
      map.states = machine.states.map { location($0.nameSpan, in: source, searchingFrom: &line) }
      map.transitions = machine.transitions.map { location($0.span, in: source, searchingFrom: &line) }
    }
    return map
  }

  /// Nil for the empty span at 0 the model gives parts it made up. `line`: as `SourceFile.location(of:searchingFrom:)`.
  static func location(_ span: Span, in source: SourceFile, searchingFrom line: inout Int) -> SourceMap.Location? {
    guard span != .zero else { return nil }
    let start = source.location(of: span.start, searchingFrom: &line)
    return SourceMap.Location(line: start.line, column: start.column, start: span.start, end: span.end)
  }
}
