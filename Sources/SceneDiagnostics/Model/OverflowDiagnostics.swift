/// E0309: a number made from finite numbers that leaves the double range. The checker reports the numbers it builds
/// (a frame's position, a path's points); the compiler those its lowering builds (from + by, cubic tangents, a
/// replica's begin time). Here, below both, because the compiler cannot see the checker's catalogue.
public enum OverflowDiagnostics {
  public static let valueOverflows = DiagnosticCode(
    "E0309", "value-overflows",
    "A number the spec's values compute (a frame's position, a path's points, from + by, cubic keyframe tangents) "
      + "that overflows the double range (±1.8e308); a plan cannot hold it.")
}
