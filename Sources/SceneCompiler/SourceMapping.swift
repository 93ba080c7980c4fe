import SceneDiagnostics
import SceneModel
import SceneRuntime

/// The plan's source map from the model's spans: where each layer, state and transition was written (tracks are
/// added as they are lowered, in track order).
enum SourceMapping {
  static func map(of scene: Scene, in source: SourceFile) -> SourceMap {
    var map = SourceMap(path: source.path)
    map.layers = scene.layers.map { location($0.span, in: source) }
    if let machine = scene.stateMachine {
      map.states = machine.states.map { location($0.nameSpan, in: source) }
      map.transitions = machine.transitions.map { location($0.span, in: source) }
    }
    return map
  }

  /// Nil for the empty span at 0 the model gives parts it made up.
  static func location(_ span: Span, in source: SourceFile) -> SourceMap.Location? {
    guard span != .zero else { return nil }
    let start = source.location(of: span.start)
    return SourceMap.Location(line: start.line, column: start.column, start: span.start, end: span.end)
  }
}
