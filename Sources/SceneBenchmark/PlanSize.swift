import SceneCore
import SceneRuntime

/// How big a plan is per keyframe (per key time stored): in memory (the tables' elements) and as compact JSON.
public struct PlanSize: Sendable {
  public var keyframes: Int
  public var memoryBytes: Int
  public var jsonBytes: Int

  public init(_ plan: Plan) {
    let tracks = plan.tracks
    let layers = plan.layers
    let doubles =
      tracks.stages.count * MemoryLayout<TimeStage>.stride / 8 + tracks.keyTimes.count
      + tracks.coefficients.count + tracks.values.count
      + layers.values.count + layers.pathCoordinates.count
    let integers =
      tracks.layers.count + tracks.slots.count + tracks.components.count + tracks.flags.count
      + tracks.stageStarts.count + tracks.keyStarts.count + tracks.segmentStarts.count
      + tracks.coefficientStarts.count + tracks.valueStarts.count + layers.parents.count
      + layers.pathElementStarts.count + layers.pathCoordinateStarts.count
    let strings =
      tracks.keyPaths.reduce(0) { $0 + 16 + $1.utf8.count } + layers.ids.reduce(0) { $0 + 16 + $1.utf8.count }
    keyframes = tracks.keyTimes.count
    memoryBytes = 8 * doubles + 8 * integers + tracks.segmentKinds.count + strings
    jsonBytes = JSONWriter(style: .compact).string(from: plan.json()).utf8.count
  }

  public var memoryBytesPerKeyframe: Double { Double(memoryBytes) / Double(max(keyframes, 1)) }
  public var jsonBytesPerKeyframe: Double { Double(jsonBytes) / Double(max(keyframes, 1)) }
}
