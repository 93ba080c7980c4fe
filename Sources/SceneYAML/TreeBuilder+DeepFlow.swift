internal import CYAML
import SceneDiagnostics

/// The events of a deep flow collection read by `DeepFlowScanner`, put where libyaml read its stand-in.
extension TreeBuilder {
  /// libyaml's first event at or after the next region's start must be the stand-in: the plain scalar `~`, one
  /// byte long, exactly there. Anything else means libyaml did not see a collection there (the line was inside a
  /// block scalar, say), and the file is read again without stand-ins.
  mutating func takeDeepRegion(_ event: yaml_event_t, span: Span) -> Bool {
    let region = deepRegions[nextDeepRegion]
    guard event.type == YAML_SCALAR_EVENT, event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE,
      event.data.scalar.length == 1, event.data.scalar.value.pointee == UInt8(ascii: "~"),
      event.data.scalar.tag == nil, event.data.scalar.anchor == nil,
      span.start == region.start, span.end == region.start + 1
    else {
      deepRegionMissed = true
      return false
    }
    nextDeepRegion += 1
    for item in region.events {
      let itemSpan = Span(start: item.start, end: item.end)
      switch item.kind {
      case .sequenceStart:
        guard openCollection(.sequence, flow: true, span: itemSpan) else { return false }
      case .mappingStart:
        guard openCollection(.mapping, flow: true, span: itemSpan) else { return false }
      case .end:
        closeCollection(end: item.end)
      case .plain, .singleQuoted, .doubleQuoted:
        let quoted = item.kind != .plain
        let text = UnsafeBufferPointer(
          rebasing: bytes[(quoted ? item.start + 1 : item.start)..<(quoted ? item.end - 1 : item.end)])
        let style: YAMLScalarStyle =
          switch item.kind {
          case .singleQuoted: .singleQuoted
          case .doubleQuoted: .doubleQuoted
          default: .plain
          }
        guard addScalarEvent(text: text, style: style, span: itemSpan) else { return false }
      }
    }
    return true
  }
}
