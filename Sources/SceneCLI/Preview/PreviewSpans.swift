import SceneCore
import SceneExport
import SceneRuntime

/// The spans the preview page plays and loops (`ExportSpan.of`, the exports' rule, so the page never computes
/// one by a rule of its own): the autoplay timelines', and each timeline's alone, by index.
/// `{"autoplay": {"start": S, "end": E, "capped": false}, "timelines": [{…}, …]}`; the page plays from 0 to the
/// end and loops back to the start.
enum PreviewSpans {
  static func json(plan: Plan) -> String {
    var object = JSONObject()
    object.append("autoplay", value(ExportSpan.of(plan: plan, playing: plan.autoplayTimelines)))
    object.append(
      "timelines", .array((0..<plan.timelines.count).map { value(ExportSpan.of(plan: plan, playing: [$0])) }))
    return JSONWriter(style: .compact).string(from: object.value)
  }

  static func value(_ span: ExportSpan) -> JSONValue {
    var object = JSONObject()
    object.append("start", .number(span.start))
    object.append("end", .number(span.end))
    object.append("capped", .bool(span.capped))
    return object.value
  }
}
