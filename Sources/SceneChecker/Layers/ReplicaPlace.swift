import SceneCore
import SceneDiagnostics
import SceneYAML

/// Which copy of the enclosing replicators a layer entry is being checked for: CAReplicatorLayer draws its
/// sublayers `instanceCount` times, copy k shifted k × `instanceDelay` later in time and transformed by the k-th
/// power of `instanceTransform` (CAReplicatorLayer.h). The checker visits the sublayers once per copy, as it visits
/// a repeated layer's sublayers once per instance.
struct ReplicaPlace: Sendable, Hashable {
  /// The copy index at each enclosing replicator, outermost first; empty outside replicators.
  var path: [Int]
  /// The copy index at the innermost replicator, for its direct sublayers; 0 further down.
  var index: Int
  /// Σ copy index × instanceDelay over the enclosing replicators.
  var delay: Double

  static let none = ReplicaPlace(path: [], index: 0, delay: 0)

  /// Copy `copy` of a replicator with `instanceDelay` `delay`, for its direct sublayers.
  func copy(_ copy: Int, delay instanceDelay: Double) -> ReplicaPlace {
    ReplicaPlace(path: path + [copy], index: copy, delay: delay + Double(copy) * instanceDelay)
  }

  /// The same copy, for layers below the replicator's direct sublayers (their own sublayers, masks).
  var sameCopy: ReplicaPlace { ReplicaPlace(path: path, index: 0, delay: delay) }

  /// What follows a copy's id: nothing for the sublayers themselves (every index 0), else `~` and the copy index
  /// at each enclosing replicator, outermost first (`dot~3`, `dot~0~2`). `~` cannot occur in an id, nor in the
  /// `[i]` of a repeat, so copy ids never clash with written or repeated ones.
  var suffix: String {
    guard path.contains(where: { $0 != 0 }) else { return "" }
    return path.map { "~\($0)" }.joined()
  }
}

extension CheckContext {
  /// Reports an animation or pose of `instanceDelay` (E0242): Core Animation animates it (copy k's time is
  /// t − k × the presentation delay), but the plan shifts each copy's clock by a fixed k × delay when it is
  /// compiled, so the key path is neither a typo nor "not animatable"; false for any other key path.
  func reportStaticInstanceDelay(_ key: YAMLNode) -> Bool {
    guard document.scalar(key) == PropertyName.instanceDelay.rawValue else { return false }
    error(
      ReplicatorDiagnostics.staticInstanceDelay,
      "instanceDelay is fixed in scenec: Core Animation animates it, but scenec shifts each copy's clock by it "
        + "when the spec is compiled",
      at: span(key),
      notes: [
        "copy k plays its sublayer's animations k × instanceDelay later; that shift is baked into the copy's "
          + "timing, so it cannot change while the scene plays"
      ],
      help: "set `instanceDelay` on the replicator; for a stagger that changes, animate the sublayer with keyframes "
        + "or use a repeated layer (`repeat`) whose instances take their beginTime from the loop variable")
    return true
  }

  /// `instanceCount`: a whole number from 0 to the limit, as `repeat` is (E0240 otherwise).
  func instanceCount(_ node: YAMLNode) -> Double? {
    guard let value = number(node, unit: Unit.none) else { return nil }
    // At most 2^52, so a count converts to an Int exactly whatever the limit.
    let limit = Double(min(limits.maxInstanceCount, 1 << 52))
    let valid = { (x: Double) in x == x.rounded() && x >= 0 && x <= limit }
    guard valid(value) else {
      let overLimit = value == value.rounded() && value > limit
      error(
        ReplicatorDiagnostics.badInstanceCount,
        "instanceCount must be a whole number from 0 to \(limits.maxInstanceCount), found "
          + MessageNumber.text(value, outside: valid),
        at: span(node),
        help: overLimit
          ? "raise the limit with --max-instance-count if the count is meant"
          : "write a whole number of copies, such as 12")
      return nil
    }
    return value
  }
}
